/* libFuzzer harness for the JPEG shim (CJPEG): the streaming descriptor decoder with and without the fused
 * downscale, the header-only read, and the memory decoder, under small limits (so an input claiming a huge
 * size exercises the refusals instead of spending seconds decoding padding). */
#include "fuzz_memfd.h"
#include "jpeg_shim.h"
#include "fuzz_jpeg_result.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ps_jpeg_options o;
    fuzz_jpeg_options(&o);
    ps_jpeg_result r;

    int fd = fuzz_memfd(data, size);
    if (fd >= 0) {
        o.target_longest_side = 128;
        o.downscale_longest_side = 128;
        finish(&r, ps_jpeg_decode_fd(fd, (int64_t)size, &o, &r));
        o.downscale_longest_side = 0;
        o.header_only = 1;
        finish(&r, ps_jpeg_decode_fd(fd, (int64_t)size, &o, &r));
        o.header_only = 0;
        close(fd);
    }
    o.target_longest_side = 0;
    o.output_copies = 1;
    finish(&r, ps_jpeg_decode_memory(data, size, &o, &r));
    fuzz_check_budget();
    return 0;
}
