/* Shared output of the format shims: see include/ps_decode_out.h. */
#include "ps_decode_out.h"
#include "ps_budget.h"

#include "pixel_scale.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sides at or over this many pixels are refused whatever the budget (keeps every int32 product in range). */
#define PS_DECODE_MAX_SIDE (1 << 30)

void ps_decode_default_options(ps_decode_options *options) {
    memset(options, 0, sizeof(*options));
    options->max_source_pixels = 100000000LL;
    options->max_single_allocation = 512LL << 20;
}

void ps_decode_free(void *pointer) { free(pointer); }

static ps_decode_reserve_fn gate_reserve;
static ps_decode_release_fn gate_release;

void ps_decode_set_memory_gate(ps_decode_reserve_fn reserve, ps_decode_release_fn release) {
    __atomic_store_n(&gate_release, release, __ATOMIC_RELEASE);
    __atomic_store_n(&gate_reserve, reserve, __ATOMIC_RELEASE);
}

/* Without a gate of its own, a decode reserves in the process-wide decode budget (ps_budget.h), shared with the
   JPEG and PNG shims. It waits for other decodes only while it holds nothing yet (a second reservation of the
   same decode does not wait, so two decodes can never wait for each other). */
static int budget_reserve(const ps_decode_result *result, int64_t bytes) {
    return ps_budget_reserve(bytes, result->reserved_bytes > 0 ? 0 : 30000);
}

int ps_decode_reserve(ps_decode_result *result, int64_t bytes, const char *what) {
    ps_decode_reserve_fn reserve = __atomic_load_n(&gate_reserve, __ATOMIC_ACQUIRE);
    if (bytes <= 0) return PS_DECODE_OK;
    switch (reserve ? reserve(bytes) : budget_reserve(result, bytes)) {
    case PS_DECODE_GATE_OK:
        result->reserved_bytes += bytes;
        return PS_DECODE_OK;
    case PS_DECODE_GATE_TOO_LARGE:
        ps_decode_message(result, "%s needs %lld MB, more than the decode memory budget", what ? what : "the image",
                          (long long)(bytes >> 20));
        return PS_DECODE_ERR_TOO_LARGE;
    default:
        ps_decode_message(result, "%s waited too long for the decode memory budget", what ? what : "the image");
        return PS_DECODE_ERR_BUSY;
    }
}

void ps_decode_release(int64_t bytes) {
    if (bytes <= 0) return;
    ps_decode_release_fn release = __atomic_load_n(&gate_release, __ATOMIC_ACQUIRE);
    if (release) release(bytes); else ps_budget_release(bytes);
}

int64_t ps_decode_buffer_bytes(int64_t width, int64_t height, int32_t target_longest_side) {
    size_t full = ps_decode_argb_bytes(width, height);
    if (!full || width > INT32_MAX || height > INT32_MAX || full > (size_t)INT64_MAX / 2) return INT64_MAX;
    int32_t out_width, out_height;
    ps_decode_output_size((int32_t)width, (int32_t)height, target_longest_side, &out_width, &out_height);
    int64_t out = out_width == width && out_height == height ? 0 : (int64_t)ps_decode_argb_bytes(out_width, out_height);
    return (int64_t)full + out;
}

void ps_decode_message(ps_decode_result *result, const char *format, ...) {
    if (!result || result->message[0]) return;
    va_list args;
    va_start(args, format);
    vsnprintf(result->message, PS_DECODE_MESSAGE_LENGTH, format, args);
    va_end(args);
}

int ps_decode_check_budget(int64_t width, int64_t height, const ps_decode_options *options,
                           ps_decode_result *result) {
    if (width <= 0 || height <= 0) {
        ps_decode_message(result, "image claims an empty size (%lldx%lld pixels)", (long long)width, (long long)height);
        return PS_DECODE_ERR_CORRUPT;
    }
    int64_t budget = options ? options->max_source_pixels : 0;
    if (width >= PS_DECODE_MAX_SIDE || height >= PS_DECODE_MAX_SIDE ||
        (budget > 0 && width > budget / height)) {
        ps_decode_message(result, "image claims %lldx%lld pixels, over the %.1f megapixel budget",
                          (long long)width, (long long)height, budget / 1e6);
        return PS_DECODE_ERR_TOO_LARGE;
    }
    return PS_DECODE_OK;
}

void ps_decode_output_size(int32_t width, int32_t height, int32_t target_longest_side,
                           int32_t *out_width, int32_t *out_height) {
    int32_t longest = width > height ? width : height;
    *out_width = width;
    *out_height = height;
    if (target_longest_side <= 0 || longest <= target_longest_side) return;
    double factor = (double)target_longest_side / (double)longest;
    int32_t w = (int32_t)((double)width * factor + 0.5), h = (int32_t)((double)height * factor + 0.5);
    *out_width = w < 1 ? 1 : w;
    *out_height = h < 1 ? 1 : h;
}

size_t ps_decode_argb_bytes(int64_t width, int64_t height) {
    if (width <= 0 || height <= 0) return 0;
    if ((uint64_t)width > SIZE_MAX / 4 / (uint64_t)height) return 0;
    return (size_t)width * (size_t)height * 4;
}

void ps_decode_convert_rows(uint8_t *pixels, int32_t width, int32_t height, size_t stride, ps_pixel_layout layout) {
    if (layout == PS_LAYOUT_ARGB32) return;
    for (int32_t y = 0; y < height; y++) {
        uint8_t *row = pixels + stride * (size_t)y;
        uint32_t *out = (uint32_t *)row;
        if (layout == PS_LAYOUT_ABGR32_PREMUL) {
            for (int32_t x = 0; x < width; x++) {
                uint32_t p = out[x];
                out[x] = (p & 0xFF00FF00u) | ((p & 0xFFu) << 16) | ((p >> 16) & 0xFFu);
            }
            continue;
        }
        for (int32_t x = 0; x < width; x++) {
            uint32_t r = row[4 * x], g = row[4 * x + 1], b = row[4 * x + 2], a = row[4 * x + 3];
            if (layout == PS_LAYOUT_RGBA && a != 255) {
                r = (r * a + 127) / 255;
                g = (g * a + 127) / 255;
                b = (b * a + 127) / 255;
            }
            out[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
}

int ps_decode_emit(uint8_t *pixels, int32_t width, int32_t height, size_t stride, ps_pixel_layout layout,
                   const ps_decode_options *options, ps_decode_result *result) {
    if (!pixels || width <= 0 || height <= 0 || stride < (size_t)width * 4) return PS_DECODE_ERR_ARGUMENT;
    ps_decode_convert_rows(pixels, width, height, stride, layout);
    int32_t out_width, out_height;
    ps_decode_output_size(width, height, options ? options->target_longest_side : 0, &out_width, &out_height);
    size_t bytes = ps_decode_argb_bytes(out_width, out_height);
    uint8_t *out = bytes ? (uint8_t *)malloc(bytes) : NULL;
    if (!out) {
        ps_decode_message(result, "out of memory for a %dx%d image", out_width, out_height);
        return PS_DECODE_ERR_NOMEM;
    }
    if (out_width == width && out_height == height) {
        for (int32_t y = 0; y < height; y++)
            memcpy(out + (size_t)y * (size_t)width * 4, pixels + stride * (size_t)y, (size_t)width * 4);
    } else if (stride > INT32_MAX ||
               ps_downscale_box((const uint32_t *)pixels, width, height, (int32_t)stride, (uint32_t *)out,
                                out_width, out_height) != 0) {
        free(out);
        ps_decode_message(result, "cannot downscale a %dx%d image", width, height);
        return PS_DECODE_ERR_ARGUMENT;
    }
    result->pixels = out;
    result->width = out_width;
    result->height = out_height;
    result->stride = out_width * 4;
    return PS_DECODE_OK;
}

int ps_decode_emit_owned(uint8_t *pixels, int32_t width, int32_t height, const ps_decode_options *options,
                         ps_decode_result *result) {
    int32_t out_width, out_height;
    ps_decode_output_size(width, height, options ? options->target_longest_side : 0, &out_width, &out_height);
    if (out_width == width && out_height == height) {
        if (!pixels || width <= 0 || height <= 0) { free(pixels); return PS_DECODE_ERR_ARGUMENT; }
        result->pixels = pixels;
        result->width = width;
        result->height = height;
        result->stride = width * 4;
        return PS_DECODE_OK;
    }
    int code = ps_decode_emit(pixels, width, height, (size_t)width * 4, PS_LAYOUT_ARGB32, options, result);
    free(pixels);
    return code;
}

void ps_decode_keep_icc(ps_decode_result *result, const uint8_t *data, size_t length) {
    if (!result || !data || length == 0 || length > (16u << 20)) return;
    uint8_t *copy = (uint8_t *)malloc(length);
    if (!copy) return;
    memcpy(copy, data, length);
    free(result->icc);
    result->icc = copy;
    result->icc_length = (uint32_t)length;
}
