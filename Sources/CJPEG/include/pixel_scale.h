#ifndef PHOTOSTACK_PIXEL_SCALE_H
#define PHOTOSTACK_PIXEL_SCALE_H
/*
 * Area-average (box) downscaling of 32-bit pixels, channel by channel (premultiplied ARGB32 in PhotoStack).
 * Lives beside the JPEG shim because every decoded thumbnail goes through it right after the decode.
 */
#include <stddef.h>
#include <stdint.h>

/*
 * Scales `source` (width x height pixels, source_stride bytes per row) down to out_width x out_height
 * (each at most the source's) into `dest` (out_width * 4 bytes per row). Output pixel (ox, oy) is the
 * rounded mean, per 8-bit channel, of the source box x in [ox*width/out_width, max(x0+1, (ox+1)*width/out_width)),
 * y likewise: (sum + n/2) / n with n the box's pixel count. Returns 0, or -1 on bad arguments.
 */
int ps_downscale_box(const uint32_t *source, int32_t width, int32_t height, int32_t source_stride,
                     uint32_t *dest, int32_t out_width, int32_t out_height);

#endif
