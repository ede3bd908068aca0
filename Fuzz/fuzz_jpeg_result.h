/* Shared by the JPEG fuzz harnesses: gives back what a ps_jpeg_result holds (pixels and budget). */
#ifndef FUZZ_JPEG_RESULT_H
#define FUZZ_JPEG_RESULT_H
#include "jpeg_shim.h"

static void release(ps_jpeg_result *r) {
    if (!r->pixels) return;
    if (r->pixels_mapped) ps_jpeg_unmap_pixels(r->pixels, (size_t)r->stride * (size_t)r->height);
    else ps_jpeg_free(r->pixels);
    ps_budget_release(r->reserved_bytes);
    r->pixels = NULL;
}

#endif
