#ifndef PHOTOSTACK_RAW_SHIM_H
#define PHOTOSTACK_RAW_SHIM_H
/*
 * PhotoStack's libraw shim (thread-safe libraw_r) for camera RAW files (CR2, CR3, NEF, ARW, DNG, RAF, ORF,
 * RW2, PEF, ...). libraw's C API reports errors as return codes (its C++ exceptions are caught inside libraw).
 * Only the embedded preview is read (libraw_unpack_thumb + libraw_dcraw_make_mem_thumb), never the sensor data:
 * a JPEG preview comes back as encoded bytes for the JPEG decoder, a bitmap preview as pixels. The camera's
 * orientation (imgdata.sizes.flip) is reported in result->orientation in EXIF numbering; it is not applied here.
 */
#include "ps_decode_out.h"

/* Reads the embedded preview of a RAW file in memory. image_width/image_height: the photo's size as libraw
   reports it (sizes.width/height, before orientation). On success either result->encoded holds the preview
   JPEG (width/height its size) or result->pixels the bitmap preview. PS_DECODE_ERR_UNSUPPORTED: no preview. */
int ps_raw_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result);

/* libraw's flip (0, 3, 5, 6, or another dcraw value 0-7) as an EXIF orientation (1-8). */
int32_t ps_raw_flip_to_orientation(int32_t flip);

#endif
