/* Shared by the CPNG sources (not part of the module's public header). */
#ifndef PHOTOSTACK_PNG_INTERNAL_H
#define PHOTOSTACK_PNG_INTERNAL_H

#include <png.h>

#include "png_shim.h"
#include <stddef.h>
#include <stdint.h>

typedef struct {
    char *message;
} ps_png_context;

/* libpng error/warning handlers: the error copies the message and longjmps to the shim's setjmp. */
void ps_png_error(png_structp png, png_const_charp text);
void ps_png_warning(png_structp png, png_const_charp text);

/* Box downscaling fed one source row at a time: the same boxes and rounding as ps_downscale_box (CJPEG's
 * pixel_scale.h), so a PNG read row by row gives the pixels a full-size read then downscaled would. Memory:
 * the output plus a few words per output column. */
typedef struct {
    uint32_t *out;                 /* out_width * out_height pixels, not owned */
    uint32_t width, height, out_width, out_height;
    uint32_t *x0, *x1;             /* source column range of each output column */
    uint64_t *acc;                 /* channel sums of the current output row, 4 per column */
    uint32_t y, oy, y_start, y_end;
} ps_row_downscaler;

/* 0, or -1 on bad sizes / no memory. */
int ps_row_downscaler_init(ps_row_downscaler *s, uint32_t *out, uint32_t width, uint32_t height,
                           uint32_t out_width, uint32_t out_height);
/* Adds source row `y` (width premultiplied ARGB32 pixels); rows come in order, each exactly once. */
void ps_row_downscaler_push(ps_row_downscaler *s, const uint32_t *row);
/* Frees the work arrays (not the output; the sizes stay readable). */
void ps_row_downscaler_free(ps_row_downscaler *s);

/* CRC-32 with the PNG/zlib polynomial, table-driven (png_checksum.c). */
uint32_t ps_png_chunk_crc(const uint8_t *data, size_t length);

/* Reads the colour chunks libpng kept as unknown chunks (iCCP inflated, sRGB, gAMA, cHRM, cICP) into `result`
   (png_colour.c); what is absent or malformed is left out. */
void ps_png_collect_colour(png_structp png, png_infop info, ps_png_result *result);

#endif
