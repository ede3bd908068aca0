/* libFuzzer harness for the 1/8-scale DC-only JPEG decoder (CJPEG jpeg_dc_decoder.c), differential: every input
 * is decoded at scale 1/8 through the descriptor reader with the DC decoder allowed (libjpeg parses the header,
 * the DC decoder takes the scan or hands the file back to libjpeg, which then starts again from a rewound
 * source), and, when the DC decoder produced the picture, once more by libjpeg alone from memory: any pixel that
 * differs is a finding (abort), as are the sanitizers' and a decode budget left reserved. */
#include "fuzz_memfd.h"
#include "jpeg_shim.h"
#include "fuzz_jpeg_result.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ps_jpeg_options o;
    fuzz_jpeg_options(&o);
    o.target_longest_side = 1; /* scale 1/8 whatever the size */
    ps_jpeg_result dc, ref;
    memset(&dc, 0, sizeof(dc));
    memset(&ref, 0, sizeof(ref));

    int fd = fuzz_memfd(data, size);
    if (fd < 0) return 0;
    int code = ps_jpeg_decode_fd(fd, (int64_t)size, &o, &dc);
    close(fd);
    if (code == PS_JPEG_OK && dc.dc_decoded) {
        o.dc_decoder = 0;
        if (ps_jpeg_decode_memory(data, size, &o, &ref) != PS_JPEG_OK || ref.width != dc.width || ref.height != dc.height) {
            fprintf(stderr, "DC decoder accepted a file libjpeg refuses (%s) or sizes differently (%dx%d, %dx%d)\n", ref.message, dc.width, dc.height, ref.width, ref.height);
            abort();
        }
        for (int32_t y = 0; y < dc.height; y++) {
            if (memcmp(dc.pixels + (size_t)y * (size_t)dc.stride, ref.pixels + (size_t)y * (size_t)ref.stride,
                       (size_t)dc.width * 4) != 0) {
                fprintf(stderr, "DC decoder and libjpeg differ in row %d of %dx%d\n", y, dc.width, dc.height);
                abort();
            }
        }
        finish(&ref, PS_JPEG_OK);
    }
    finish(&dc, code);
    /* The memory reader too (its own rewind), with the fused downscale. */
    o.dc_decoder = 1;
    o.target_longest_side = 16;
    o.downscale_longest_side = 16;
    finish(&dc, ps_jpeg_decode_memory(data, size, &o, &dc));
    fuzz_check_budget();
    return 0;
}
