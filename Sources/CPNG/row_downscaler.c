/* Row-streaming box downscaler: see png_internal.h. */
#include "png_internal.h"

#include <stdlib.h>
#include <string.h>

static uint32_t box_start(uint32_t i, uint32_t size, uint32_t out_size) { return (uint32_t)((uint64_t)i * size / out_size); }

static uint32_t box_end(uint32_t i, uint32_t size, uint32_t out_size) {
    uint32_t start = box_start(i, size, out_size), end = box_start(i + 1, size, out_size);
    return end > start + 1 ? end : start + 1;
}

int ps_row_downscaler_init(ps_row_downscaler *s, uint32_t *out, uint32_t width, uint32_t height,
                           uint32_t out_width, uint32_t out_height) {
    memset(s, 0, sizeof(*s));
    if (!out || width == 0 || height == 0 || out_width == 0 || out_height == 0 || out_width > width ||
        out_height > height) return -1;
    s->out = out;
    s->width = width; s->height = height; s->out_width = out_width; s->out_height = out_height;
    s->x0 = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)out_width * 2);
    s->acc = (uint64_t *)calloc((size_t)out_width * 4, sizeof(uint64_t));
    if (!s->x0 || !s->acc) { ps_row_downscaler_free(s); return -1; }
    s->x1 = s->x0 + out_width;
    for (uint32_t ox = 0; ox < out_width; ox++) {
        s->x0[ox] = box_start(ox, width, out_width);
        s->x1[ox] = box_end(ox, width, out_width);
    }
    s->y_start = box_start(0, height, out_height);
    s->y_end = box_end(0, height, out_height);
    return 0;
}

void ps_row_downscaler_push(ps_row_downscaler *s, const uint32_t *row) {
    if (!s->acc || s->oy >= s->out_height) return;
    /* 64-bit sums: a box may hold more than 2^32 / 255 pixels for extreme ratios. */
    for (uint32_t ox = 0; ox < s->out_width; ox++) {
        uint64_t *a = s->acc + (size_t)ox * 4;
        for (uint32_t x = s->x0[ox]; x < s->x1[ox]; x++) {
            uint32_t p = row[x];
            a[0] += p & 0xFF; a[1] += (p >> 8) & 0xFF; a[2] += (p >> 16) & 0xFF; a[3] += p >> 24;
        }
    }
    s->y++;
    if (s->y < s->y_end) return;
    uint32_t rows = s->y_end - s->y_start;
    uint32_t *dest = s->out + (size_t)s->oy * s->out_width;
    for (uint32_t ox = 0; ox < s->out_width; ox++) {
        uint64_t *a = s->acc + (size_t)ox * 4;
        uint64_t n = (uint64_t)(s->x1[ox] - s->x0[ox]) * rows, half = n / 2;
        uint32_t b = (uint32_t)((a[0] + half) / n), g = (uint32_t)((a[1] + half) / n);
        uint32_t r = (uint32_t)((a[2] + half) / n), al = (uint32_t)((a[3] + half) / n);
        dest[ox] = al << 24 | r << 16 | g << 8 | b;
        a[0] = a[1] = a[2] = a[3] = 0;
    }
    s->oy++;
    if (s->oy < s->out_height) {
        s->y_start = box_start(s->oy, s->height, s->out_height);
        s->y_end = box_end(s->oy, s->height, s->out_height);
    }
}

void ps_row_downscaler_free(ps_row_downscaler *s) {
    free(s->x0); s->x0 = s->x1 = NULL;
    free(s->acc); s->acc = NULL;
}
