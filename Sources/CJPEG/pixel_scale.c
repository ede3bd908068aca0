/* PhotoStack box downscaler: see include/pixel_scale.h. */
#include "pixel_scale.h"

#include <stdlib.h>
#include <string.h>

/* Exact (sum + n/2) / n for n <= MAGIC_MAX and sum <= 255 * n: ((sum + n/2) * m) >> 32 with m = 2^32/n + 1
 * (the error x * (m*n - 2^32) / 2^32 stays under 1/n while x < 2^32 / n^2, and x <= 256 * n <= 2^16). */
#define MAGIC_MAX 256

/* A pixel's four 8-bit channels in four 16-bit lanes (low to high: bits 0-7, 16-23, 8-15, 24-31). */
#define SPREAD(p) (((uint64_t)(p) & 0x00FF00FFu) | (((uint64_t)(p) & 0xFF00FF00u) << 24))

int ps_downscale_box(const uint32_t *source, int32_t width, int32_t height, int32_t source_stride,
                     uint32_t *dest, int32_t out_width, int32_t out_height) {
    if (!source || !dest || width <= 0 || height <= 0 || out_width <= 0 || out_height <= 0 ||
        out_width > width || out_height > height || source_stride < width * 4) return -1;
    int32_t *x0 = (int32_t *)malloc(sizeof(int32_t) * ((size_t)out_width + 1) * 2);
    uint32_t *acc = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)out_width * 4);
    if (!x0 || !acc) { free(x0); free(acc); return -1; }
    int32_t *x1 = x0 + out_width + 1;
    for (int32_t ox = 0; ox < out_width; ox++) {
        x0[ox] = (int32_t)((int64_t)ox * width / out_width);
        int32_t end = (int32_t)((int64_t)(ox + 1) * width / out_width);
        x1[ox] = end > x0[ox] + 1 ? end : x0[ox] + 1;
    }
    uint64_t magic[MAGIC_MAX + 1];
    magic[0] = 0;
    for (int n = 1; n <= MAGIC_MAX; n++) magic[n] = (((uint64_t)1 << 32) / (uint64_t)n) + 1;

    /* Boxes of up to 256 pixels (every thumbnail: 1/4-scale decodes are < 2x the bucket) are summed with the
     * four channels spread over 16-bit lanes of one 64-bit word (255 * 256 < 2^16): one add per pixel. */
    int32_t max_box_w = 0, max_box_h = (height + out_height - 1) / out_height + 1;
    for (int32_t ox = 0; ox < out_width; ox++) if (x1[ox] - x0[ox] > max_box_w) max_box_w = x1[ox] - x0[ox];
    uint64_t *lanes = (int64_t)max_box_w * max_box_h <= 256 ? (uint64_t *)malloc(sizeof(uint64_t) * (size_t)out_width) : NULL;

    for (int32_t oy = 0; oy < out_height; oy++) {
        int32_t y0 = (int32_t)((int64_t)oy * height / out_height);
        int32_t y1 = (int32_t)((int64_t)(oy + 1) * height / out_height);
        if (y1 < y0 + 1) y1 = y0 + 1;
        uint32_t *out = (uint32_t *)dest + (size_t)oy * (size_t)out_width;
        const uint32_t rows = (uint32_t)(y1 - y0);
        if (lanes) {
            memset(lanes, 0, sizeof(uint64_t) * (size_t)out_width);
            for (int32_t y = y0; y < y1; y++) {
                const uint32_t *row = (const uint32_t *)((const uint8_t *)source + (size_t)source_stride * (size_t)y);
                /* Scalar on purpose: boxes are 1-2 pixels wide, where clang's vectorised version costs ~3x. */
#pragma clang loop vectorize(disable)
                for (int32_t ox = 0; ox < out_width; ox++) {
                    int32_t x = x0[ox], end = x1[ox];
                    uint64_t sum = SPREAD(row[x]);
                    if (end - x == 2) {
                        sum += SPREAD(row[x + 1]);
                    } else {
#pragma clang loop vectorize(disable)
                        for (x++; x < end; x++) sum += SPREAD(row[x]);
                    }
                    lanes[ox] += sum;
                }
            }
            for (int32_t ox = 0; ox < out_width; ox++) {
                uint32_t n = rows * (uint32_t)(x1[ox] - x0[ox]), half = n / 2;
                if ((n & (n - 1)) == 0 && n <= 4) {
                    /* 1, 2 or 4 pixels (every box of a < 2x reduction): add half and shift all lanes at once;
                     * the mask drops the bits a lane's neighbour shifts into it. */
                    uint32_t shift = n == 4 ? 2 : n == 2 ? 1 : 0;
                    uint64_t v = (lanes[ox] + (uint64_t)half * 0x0001000100010001ull) >> shift;
                    v &= ((uint64_t)(0xFFFFu >> shift)) * 0x0001000100010001ull;
                    out[ox] = (uint32_t)((v >> 48) << 24 | (v & 0xFFFF) | ((v >> 16) & 0xFF) << 16 | ((v >> 32) & 0xFF) << 8);
                    continue;
                }
                uint64_t m = magic[n], v = lanes[ox];
                uint32_t c3 = (uint32_t)(((uint64_t)((uint32_t)(v & 0xFFFF) + half) * m) >> 32);
                uint32_t c1 = (uint32_t)(((uint64_t)((uint32_t)(v >> 16 & 0xFFFF) + half) * m) >> 32);
                uint32_t c2 = (uint32_t)(((uint64_t)((uint32_t)(v >> 32 & 0xFFFF) + half) * m) >> 32);
                uint32_t c0 = (uint32_t)(((uint64_t)((uint32_t)(v >> 48) + half) * m) >> 32);
                out[ox] = (c0 << 24) | (c1 << 16) | (c2 << 8) | c3;
            }
            continue;
        }
        memset(acc, 0, sizeof(uint32_t) * (size_t)out_width * 4);
        for (int32_t y = y0; y < y1; y++) {
            const uint32_t *row = (const uint32_t *)((const uint8_t *)source + (size_t)source_stride * (size_t)y);
            uint32_t *a = acc;
            for (int32_t ox = 0; ox < out_width; ox++, a += 4) {
                uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
                for (int32_t x = x0[ox]; x < x1[ox]; x++) {
                    uint32_t p = row[x];
                    s0 += p >> 24; s1 += (p >> 16) & 0xFF; s2 += (p >> 8) & 0xFF; s3 += p & 0xFF;
                }
                a[0] += s0; a[1] += s1; a[2] += s2; a[3] += s3;
            }
        }
        const uint32_t *a = acc;
        for (int32_t ox = 0; ox < out_width; ox++, a += 4) {
            uint32_t n = rows * (uint32_t)(x1[ox] - x0[ox]), half = n / 2;
            uint32_t c[4];
            if (n <= MAGIC_MAX) {
                uint64_t m = magic[n];
                for (int i = 0; i < 4; i++) c[i] = (uint32_t)(((uint64_t)(a[i] + half) * m) >> 32);
            } else {
                for (int i = 0; i < 4; i++) c[i] = (a[i] + half) / n;
            }
            out[ox] = (c[0] << 24) | (c[1] << 16) | (c[2] << 8) | c[3];
        }
    }
    free(lanes);
    free(x0);
    free(acc);
    return 0;
}
