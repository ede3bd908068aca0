#ifndef PHOTOSTACK_GIF_SHIM_H
#define PHOTOSTACK_GIF_SHIM_H
/*
 * PhotoStack's giflib shim. giflib reports errors as GIF_ERROR plus an error code (no longjmp, no exit). The
 * file is read through a read callback over memory; records are walked until the first image, which is
 * decoded onto a transparent canvas of the logical screen's size (its graphic control extension's transparent
 * colour honoured). Later frames are never read (no DGifSlurp).
 */
#include "ps_decode_out.h"

/* Decodes the first frame of a GIF from memory. image_width/image_height: the canvas (logical screen) size.
   Returns a PS_DECODE_* code; result->message explains failures. */
int ps_gif_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result);

#endif
