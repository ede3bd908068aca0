/* Shared by the JPEG fuzz harnesses: the small limits they decode under (an input claiming a huge size exercises
 * the refusals instead of spending seconds decoding padding), and giving back what a ps_jpeg_result holds. */
#ifndef FUZZ_JPEG_RESULT_H
#define FUZZ_JPEG_RESULT_H
#include "jpeg_shim.h"

static void fuzz_jpeg_options(ps_jpeg_options *o) {
    ps_jpeg_default_options(o);
    o->max_source_pixels = 4000000;
    o->max_scaled_output_pixels = 1000000;
    o->max_working_memory = 64LL << 20;
    o->budget_wait_ms = 0;
    o->keep_cmyk = 1; /* CMYK files with a profile come back as their C,M,Y,K bytes, as in the app */
}

/* Gives back the pixels of a successful decode. */
static void release(ps_jpeg_result *r) {
    if (!r->pixels) return;
    if (r->pixels_mapped) ps_jpeg_unmap_pixels(r->pixels, (size_t)r->stride * (size_t)r->height);
    else ps_jpeg_free(r->pixels);
    ps_budget_release(r->reserved_bytes);
    r->pixels = NULL;
}

/* After any decode: its ICC profile (kept whatever the return code), and its pixels when it succeeded. */
static void finish(ps_jpeg_result *r, int code) {
    ps_jpeg_free(r->icc);
    r->icc = NULL;
    if (code == PS_JPEG_OK) release(r);
}

#endif
