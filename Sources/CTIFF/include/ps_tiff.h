#ifndef PHOTOSTACK_TIFF_SHIM_H
#define PHOTOSTACK_TIFF_SHIM_H
/*
 * PhotoStack's libtiff shim. The file is opened with TIFFClientOpenExt over memory (own read/seek/size/map
 * callbacks), with per-file error and warning handlers that record the first message instead of printing it
 * (libtiff reports errors through return values; no longjmp, no exit) and a cap on any single allocation
 * (TIFFOpenOptionsSetMaxSingleMemAlloc). The first directory is read with TIFFReadRGBAImageOriented(...,
 * ORIENTATION_TOPLEFT): libtiff applies the flips of the Orientation tag; the transposition that values 5-8 add
 * is left in result->orientation for the caller (libtiff does not rotate).
 */
#include "ps_decode_out.h"

/* Decodes the first image of a TIFF from memory. result->stored_orientation is the Orientation tag (1-8).
   Returns a PS_DECODE_* code; result->message explains failures. */
int ps_tiff_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result);

/* What is left to apply (EXIF numbering) after TIFFReadRGBAImageOriented(ORIENTATION_TOPLEFT) read an image whose
   Orientation tag is `orientation`: 1 for 1-4 (libtiff flipped it), 5 (transpose) or 7 (transverse) for 5-8. */
int32_t ps_tiff_residual_orientation(int32_t orientation);

#endif
