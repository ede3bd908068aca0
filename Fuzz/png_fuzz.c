/* libFuzzer harness for the PNG shim (CPNG): the strict libpng reader over a descriptor (row-streamed
 * downscale and full size), the fast stored-block reader, and the memory reader. */
#include "fuzz_memfd.h"
#include "png_shim.h"

static void release(ps_png_result *r) {
    ps_png_free(r->texts);
    ps_png_free(r->icc);
    if (!r->pixels) return;
    if (r->pixels_mapped) ps_png_unmap_pixels(r->pixels, (size_t)r->stride * (size_t)r->height);
    else ps_png_free(r->pixels);
    ps_budget_release(r->reserved_bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ps_png_options o;
    ps_png_default_options(&o);
    o.max_pixels = 4000000;
    o.budget_wait_ms = 0;
    ps_png_result r;

    int fd = fuzz_memfd(data, size);
    if (fd >= 0) {
        o.downscale_longest_side = 64;
        if (ps_png_read_fd(fd, (int64_t)size, &o, &r) == PS_PNG_OK) release(&r); else { ps_png_free(r.texts); ps_png_free(r.icc); }
        o.downscale_longest_side = 0;
        o.max_side = 1024;
        if (ps_png_read_fd(fd, (int64_t)size, &o, &r) == PS_PNG_OK) release(&r); else { ps_png_free(r.texts); ps_png_free(r.icc); }
        if (ps_png_read_stored_fd(fd, (int64_t)size, 4000000, 1024, 0, &r) == PS_PNG_OK) release(&r);
        close(fd);
    }
    o.max_side = 0;
    o.header_only = (size & 1) != 0;
    if (ps_png_read_memory(data, size, &o, &r) == PS_PNG_OK) release(&r); else { ps_png_free(r.texts); ps_png_free(r.icc); }
    fuzz_check_budget();
    return 0;
}
