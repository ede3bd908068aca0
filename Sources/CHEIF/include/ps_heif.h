#ifndef PHOTOSTACK_HEIF_SHIM_H
#define PHOTOSTACK_HEIF_SHIM_H
/*
 * PhotoStack's libheif shim (HEIC/HEIF and AVIF). libheif reports errors as `struct heif_error` values (no
 * longjmp, no exit); this shim turns them into PS_DECODE_* codes and a message. The primary image is decoded
 * with its transformations (irot rotation, imir mirroring, clap crop) applied by libheif, so the output is
 * display-oriented and an EXIF orientation in the file must not be applied again (result->orientation is 1).
 * For a target size, the smallest embedded thumbnail whose longest side covers it is decoded instead.
 */
#include "ps_decode_out.h"

/* Decodes the primary image of a HEIF/AVIF file from memory. image_width/image_height are the displayed size
   (after libheif's transformations). Returns a PS_DECODE_* code; PS_DECODE_ERR_UNSUPPORTED when this libheif has
   no decoder for the file's codec. */
int ps_heif_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result);

/* 1 when this libheif can decode HEVC (HEIC) or AV1 (AVIF) images: av1 = 0 asks for HEVC, 1 for AV1. */
int ps_heif_have_decoder(int av1);

/* Encodes RGB pixels (3 bytes per pixel, width * 3 bytes per row) with libheif's own encoders (x265 for HEIC,
   aom for AVIF; for tests and the bench). orientation: EXIF orientation 1-8 written as irot/imir boxes (the
   stored pixels are kept as given). cicp_primaries, cicp_transfer > 0: an nclx colr box with these H.273 codes
   (full range, matrix 6). thumbnail_longest_side > 0 adds an embedded thumbnail of that size. The output is
   malloc'ed: free with ps_decode_free. message: PS_DECODE_MESSAGE_LENGTH bytes. */
int ps_heif_encode(const uint8_t *rgb, int32_t width, int32_t height, int32_t av1, int32_t quality,
                   int32_t orientation, int32_t cicp_primaries, int32_t cicp_transfer, int32_t thumbnail_longest_side,
                   uint8_t **output, size_t *output_length, char *message);

#endif
