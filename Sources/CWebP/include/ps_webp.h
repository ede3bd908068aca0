#ifndef PHOTOSTACK_WEBP_SHIM_H
#define PHOTOSTACK_WEBP_SHIM_H
/*
 * PhotoStack's libwebp shim. libwebp reports errors as status codes (no longjmp, no exit); this shim turns them
 * into PS_DECODE_* codes and a message. Still images are decoded straight to the target size with libwebp's
 * scaler (no full-size buffer); animated ones show their first frame, composed on a transparent canvas.
 */
#include "ps_decode_out.h"

/* Decodes a WebP from memory into premultiplied ARGB32. result->frame_count is the number of frames (1 for a
   still image). Returns a PS_DECODE_* code; result->message explains failures. */
int ps_webp_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result);

#endif
