/* PhotoStack libjpeg-turbo shim: see include/jpeg_shim.h. */
#include "jpeg_shim.h"

#include "ps_budget.h"
#include "ps_scratch.h"
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jerror.h>

#include "jpeg_internal.h"

static void ps_error_exit(j_common_ptr cinfo) {
    ps_error_mgr *err = (ps_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    err->have_message = 1;
    longjmp(err->escape, 1);
}

static void ps_output_message(j_common_ptr cinfo) {
    ps_error_mgr *err = (ps_error_mgr *)cinfo->err;
    if (!err->have_message) {
        (*cinfo->err->format_message)(cinfo, err->message);
        err->have_message = 1;
    }
}

static void ps_emit_message(j_common_ptr cinfo, int msg_level) {
    ps_error_mgr *err = (ps_error_mgr *)cinfo->err;
    if (msg_level < 0) {
        /* A warning: count it and keep the first message. Decoding continues. */
        err->warnings++;
        cinfo->err->num_warnings++;
        if (cinfo->err->msg_code == JWRN_JPEG_EOF) err->truncated = 1;
        ps_output_message(cinfo);
    }
    /* Trace messages (msg_level >= 0) are ignored. */
}

void ps_init_error_mgr(ps_error_mgr *err) {
    memset(err, 0, sizeof(*err));
    jpeg_std_error(&err->base);
    err->base.error_exit = ps_error_exit;
    err->base.output_message = ps_output_message;
    err->base.emit_message = ps_emit_message;
}

void ps_jpeg_default_options(ps_jpeg_options *options) {
    memset(options, 0, sizeof(*options));
    options->target_longest_side = 0;
    options->max_source_pixels = 100000000LL;
    options->max_scaled_output_pixels = 16LL * 1024 * 1024;
    options->max_working_memory = 512LL * 1024 * 1024;
    options->header_only = 0;
    options->output_copies = 0;
    options->budget_wait_ms = 30000;
    options->dc_decoder = 1;
}

void ps_jpeg_free(void *pointer) { free(pointer); }

void ps_jpeg_unmap_pixels(void *pointer, size_t bytes) { if (pointer) munmap(pointer, bytes); }

/* Each decoder thread keeps the buffer of its last full-size decode when the caller downscales (a 750x500
 * decode is 1.5 MB: a fresh one cost ~370 page faults per thumbnail with the process's 128 KB mmap threshold).
 * Buffers over SCRATCH_KEEP are not kept. */
#define SCRATCH_KEEP (8u << 20)

static uint8_t *scratch_get(size_t size, int *owned) { return ps_scratch_get(PS_SCRATCH_JPEG_DECODE, size, SCRATCH_KEEP, owned); }

/* Output size for 1/denom, rounding up as libjpeg does (jdiv_round_up). */
static int64_t scaled(int64_t size, int denom) { return (size + denom - 1) / denom; }

int32_t ps_jpeg_pick_scale(int32_t image_width, int32_t image_height, int32_t target_longest_side) {
    if (target_longest_side <= 0) return 1;
    int64_t longest = image_width > image_height ? image_width : image_height;
    /* Smallest output (largest denominator) whose longest side still covers the target. */
    static const int denoms[4] = {8, 4, 2, 1};
    for (int i = 0; i < 4; i++) {
        if (scaled(longest, denoms[i]) >= target_longest_side) return denoms[i];
    }
    return 1;
}

static void cmyk_row_to_argb(const uint8_t *cmyk, uint32_t *out, int width, int inverted);

void ps_jpeg_cmyk_to_argb(uint8_t *pixels, int32_t width, int32_t height, int32_t stride, int32_t inverted) {
    for (int32_t y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)stride * (size_t)y;
        cmyk_row_to_argb(row, (uint32_t *)row, width, inverted);
    }
}

static void cmyk_row_to_argb(const uint8_t *cmyk, uint32_t *out, int width, int inverted) {
    for (int x = 0; x < width; x++) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        /* With inverted (Adobe) storage, c is (1 - cyan) etc.: R = (1-C)(1-K). */
        unsigned r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
        out[x] = 0xFF000000u | (r << 16) | (g << 8) | b;
        cmyk += 4;
    }
}

/* The decode proper. `cinfo` already has a source; this function owns the setjmp. */
/* The output colour space and scale on a decompressor whose header was read (jpeg_read_header resets them). */
static void set_output(struct jpeg_decompress_struct *cinfo, int denom, int is_cmyk) {
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned)denom;
    if (is_cmyk) {
        cinfo->out_color_space = JCS_CMYK; /* libjpeg converts YCCK to CMYK; we convert CMYK to RGB */
    } else {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        cinfo->out_color_space = JCS_EXT_ARGB;
#else
        cinfo->out_color_space = JCS_EXT_BGRA; /* bytes B,G,R,A = native uint32 0xAARRGGBB */
#endif
    }
}

int ps_decode_with_source(struct jpeg_decompress_struct *cinfo, ps_error_mgr *err,
                          const ps_jpeg_options *options, ps_jpeg_result *result,
                          ps_rewind_fn rewind, void *rewind_context) {
    /* volatile: modified between setjmp and a possible longjmp. */
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile row = NULL;
    volatile int pixels_owned = 1;
    volatile int64_t reserved = 0;

    if (setjmp(err->escape)) {
        int code = err->base.msg_code;
        if (pixels_owned) free(pixels);
        free(row);
        ps_budget_release(reserved);
        result->warnings = err->warnings;
        result->pixels = NULL;
        if (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) {
            /* Over max_memory_to_use (e.g. progressive coefficient buffers of a huge image). */
            snprintf(result->message, PS_JPEG_MESSAGE_LENGTH,
                     "decoding %ux%u pixels needs more than the %lld MB decoder memory limit (%s)",
                     cinfo->image_width, cinfo->image_height,
                     (long long)(options->max_working_memory / (1024 * 1024)), err->message);
            jpeg_destroy_decompress(cinfo);
            return PS_JPEG_ERR_TOO_LARGE;
        }
        jpeg_destroy_decompress(cinfo);
        strncpy(result->message, err->message, PS_JPEG_MESSAGE_LENGTH - 1);
        return PS_JPEG_ERR_DECODE;
    }

    if (options->max_working_memory > 0) cinfo->mem->max_memory_to_use = (long)options->max_working_memory;
    jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF); /* ICC_PROFILE segments */
    jpeg_read_header(cinfo, TRUE);
    if (cinfo->image_width == 0 || cinfo->image_height == 0) {
        jpeg_destroy_decompress(cinfo);
        snprintf(result->message, PS_JPEG_MESSAGE_LENGTH, "image has no pixels");
        return PS_JPEG_ERR_DECODE;
    }

    result->image_width = (int32_t)cinfo->image_width;
    result->image_height = (int32_t)cinfo->image_height;
    result->jpeg_color_space = cinfo->jpeg_color_space;
    result->num_components = cinfo->num_components;
    result->progressive = cinfo->progressive_mode ? 1 : 0;
    result->saw_adobe_marker = cinfo->saw_Adobe_marker ? 1 : 0;
    result->adobe_transform = cinfo->Adobe_transform;
    if (!result->icc) {
        JOCTET *icc = NULL;
        unsigned int icc_length = 0;
        if (jpeg_read_icc_profile(cinfo, &icc, &icc_length) && icc) {
            result->icc = icc;
            result->icc_length = icc_length;
        }
    }

    int denom = ps_jpeg_pick_scale(result->image_width, result->image_height, options->target_longest_side);
    int64_t source_pixels = (int64_t)cinfo->image_width * (int64_t)cinfo->image_height;
    if (options->max_source_pixels > 0 && source_pixels > options->max_source_pixels) {
        /* Over the source limit: only a scaled-down decode under the output limit is allowed. */
        while (denom < 8 && scaled(cinfo->image_width, denom) * scaled(cinfo->image_height, denom) >
                                options->max_scaled_output_pixels) {
            denom *= 2;
        }
        int64_t out_pixels = scaled(cinfo->image_width, denom) * scaled(cinfo->image_height, denom);
        if (out_pixels > options->max_scaled_output_pixels) {
            snprintf(result->message, PS_JPEG_MESSAGE_LENGTH,
                     "image claims %ux%u pixels (%.1f megapixels); even at 1/8 scale the output (%lldx%lld) "
                     "exceeds the %.1f megapixel limit",
                     cinfo->image_width, cinfo->image_height, source_pixels / 1e6,
                     (long long)scaled(cinfo->image_width, 8), (long long)scaled(cinfo->image_height, 8),
                     options->max_scaled_output_pixels / 1e6);
            jpeg_destroy_decompress(cinfo);
            return PS_JPEG_ERR_TOO_LARGE;
        }
    }
    result->scale_denom = denom;
    int is_cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    int raw_cmyk = is_cmyk && options->keep_cmyk && result->icc;
    result->cmyk_raw = raw_cmyk;
    set_output(cinfo, denom, is_cmyk);
    jpeg_calc_output_dimensions(cinfo);
    result->width = result->decoded_width = (int32_t)cinfo->output_width;
    result->height = result->decoded_height = (int32_t)cinfo->output_height;
    result->stride = (int32_t)cinfo->output_width * 4;
    /* The size handed back when downscaling (same rule as PixelImage.downscaled: scale the longest side to
     * the target, round the other, at least 1 px). */
    int32_t final_width = result->width, final_height = result->height;
    int32_t longest = final_width > final_height ? final_width : final_height;
    int downscale = options->downscale_longest_side > 0 && longest > options->downscale_longest_side;
    if (downscale) {
        double factor = (double)options->downscale_longest_side / (double)longest;
        final_width = (int32_t)((double)result->width * factor + 0.5);
        final_height = (int32_t)((double)result->height * factor + 0.5);
        if (final_width < 1) final_width = 1;
        if (final_height < 1) final_height = 1;
    }

    if (options->header_only) {
        jpeg_destroy_decompress(cinfo);
        result->warnings = err->warnings;
        return PS_JPEG_OK;
    }

    /* The decode memory budget, reserved before anything the header asks for is allocated: libjpeg's working
     * memory (whole-image coefficient arrays when the file has several scans, e.g. progressive; a few rows
     * otherwise), the output (or the full-scale buffer plus the downscaled output), and the caller's copies.
     * JPEG sizes are at most 65535 pixels a side, so none of these products overflows 64 bits. */
    int64_t work = 4LL << 20;
    if (jpeg_has_multiple_scans(cinfo)) {
        for (int i = 0; i < cinfo->num_components; i++) {
            jpeg_component_info *comp = &cinfo->comp_info[i];
            /* One 64-coefficient block of JCOEFs per block, rounded up to whole iMCU rows. */
            int64_t rows = (int64_t)comp->height_in_blocks + comp->v_samp_factor;
            work += ((int64_t)comp->width_in_blocks + comp->h_samp_factor) * rows * (int64_t)(DCTSIZE2 * sizeof(JCOEF));
        }
    }
    int64_t decode_bytes = (int64_t)cinfo->output_width * 4 * (int64_t)cinfo->output_height;
    int64_t final_bytes = downscale ? (int64_t)final_width * 4 * (int64_t)final_height : decode_bytes;
    int64_t copies = options->output_copies > 0 ? options->output_copies : 0;
    int64_t need = work + decode_bytes + (downscale ? final_bytes : 0) + copies * final_bytes;
    int budget = ps_budget_reserve(need, options->budget_wait_ms);
    if (budget != PS_BUDGET_OK) {
        snprintf(result->message, PS_JPEG_MESSAGE_LENGTH,
                 budget == PS_BUDGET_TOO_LARGE
                     ? "decoding %ux%u pixels needs %lld MB, over the %lld MB decode memory budget"
                     : "decoding %ux%u pixels needs %lld MB of the %lld MB decode memory budget, busy for too long",
                 cinfo->image_width, cinfo->image_height, (long long)(need >> 20), (long long)(ps_budget_total() >> 20));
        jpeg_destroy_decompress(cinfo);
        return budget == PS_BUDGET_TOO_LARGE ? PS_JPEG_ERR_TOO_LARGE : PS_JPEG_ERR_BUSY;
    }
    reserved = need;
    /* libjpeg may not allocate more than what was reserved for it (plus slack for its row buffers, which it
     * counts against this limit when it sizes whole-image arrays). */
    if (options->max_working_memory <= 0 || work + (16LL << 20) < options->max_working_memory)
        cinfo->mem->max_memory_to_use = (long)(work + (16LL << 20));

    size_t stride = (size_t)cinfo->output_width * 4;
    if (downscale) {
        int owned = 1;
        pixels = scratch_get(stride * cinfo->output_height, &owned);
        pixels_owned = owned;
    } else {
        pixels = (uint8_t *)malloc(stride * cinfo->output_height);
    }
    if (!pixels) {
        jpeg_destroy_decompress(cinfo);
        ps_budget_release(reserved);
        snprintf(result->message, PS_JPEG_MESSAGE_LENGTH, "out of memory for a %ux%u image",
                 cinfo->output_width, cinfo->output_height);
        return PS_JPEG_ERR_NOMEM;
    }
    if (is_cmyk && !raw_cmyk) {
        row = (uint8_t *)malloc(stride);
        if (!row) {
            if (pixels_owned) free(pixels);
            jpeg_destroy_decompress(cinfo);
            ps_budget_release(reserved);
            return PS_JPEG_ERR_NOMEM;
        }
    }
    /* Scale 1/8: the DC-only decoder when it takes the file (same picture, a quarter less CPU); if it gave up
       half-way (corrupt or truncated data), libjpeg decodes the file from the start as it always did. */
    if (denom == 8 && !is_cmyk && options->dc_decoder) {
        int dc = ps_dc_decode_libjpeg(cinfo, (uint32_t *)pixels, stride);
        if (dc == PS_DC_OK) {
            result->dc_decoded = 1;
            result->rows_decoded = (int32_t)cinfo->output_height;
            jpeg_destroy_decompress(cinfo);
            goto decoded;
        }
        if (dc == PS_DC_CORRUPT) {
            jpeg_abort_decompress(cinfo);
            rewind(cinfo, rewind_context);
            err->warnings = 0;
            err->truncated = 0;
            err->have_message = 0;
            err->base.num_warnings = 0;
            jpeg_read_header(cinfo, TRUE);
            set_output(cinfo, denom, is_cmyk);
        }
    }
    jpeg_start_decompress(cinfo);
    int inverted = cinfo->saw_Adobe_marker ? 1 : 0;
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION y = cinfo->output_scanline;
        uint8_t *dest = pixels + stride * y;
        JSAMPROW rows[1] = { is_cmyk && !raw_cmyk ? row : dest };
        if (jpeg_read_scanlines(cinfo, rows, 1) != 1) break;
        if (is_cmyk && !raw_cmyk) cmyk_row_to_argb(row, (uint32_t *)dest, (int)cinfo->output_width, inverted);
    }
    result->rows_decoded = (int32_t)cinfo->output_scanline;
    /* Rows never produced (should not happen: libjpeg pads truncated data) are filled grey. */
    if (cinfo->output_scanline < cinfo->output_height) {
        err->truncated = 1;
        for (JDIMENSION y = cinfo->output_scanline; y < cinfo->output_height; y++) {
            uint32_t *dest = (uint32_t *)(pixels + stride * y);
            for (JDIMENSION x = 0; x < cinfo->output_width; x++) dest[x] = 0xFF808080u;
        }
        jpeg_abort_decompress(cinfo);
    } else {
        jpeg_finish_decompress(cinfo);
    }
    jpeg_destroy_decompress(cinfo);
decoded:
    free(row);
    if (downscale) {
        /* The thumbnail (~0.7 MB) in a mapping populated in one call, not ~170 page faults as it is written. */
        size_t small_bytes = (size_t)final_width * 4 * (size_t)final_height;
        int small_mapped = small_bytes >= (128u << 10);
        uint8_t *small = NULL;
        if (small_mapped) {
            void *p = mmap(NULL, small_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
            small = p == MAP_FAILED ? NULL : (uint8_t *)p;
        } else {
            small = (uint8_t *)malloc(small_bytes);
        }
        if (!small || ps_downscale_box((const uint32_t *)pixels, result->width, result->height, result->stride,
                                       (uint32_t *)small, final_width, final_height) != 0) {
            if (small_mapped) ps_jpeg_unmap_pixels(small, small_bytes); else free(small);
            if (pixels_owned) free(pixels);
            ps_budget_release(reserved);
            snprintf(result->message, PS_JPEG_MESSAGE_LENGTH, "out of memory for a %dx%d thumbnail",
                     final_width, final_height);
            return PS_JPEG_ERR_NOMEM;
        }
        if (pixels_owned) free(pixels);
        pixels = small;
        result->width = final_width;
        result->height = final_height;
        result->stride = final_width * 4;
        result->pixels_mapped = small_mapped;
    }
    /* Keep the output's share (and the caller's copies) reserved; the working memory is free again. */
    int64_t keep = final_bytes * (1 + copies);
    ps_budget_release(reserved - keep);
    result->reserved_bytes = keep;
    result->pixels = pixels;
    result->warnings = err->warnings;
    result->truncated = err->truncated;
    if (err->have_message) strncpy(result->message, err->message, PS_JPEG_MESSAGE_LENGTH - 1);
    return PS_JPEG_OK;
}

typedef struct { const uint8_t *data; size_t length; } memory_span;

static void memory_rewind(struct jpeg_decompress_struct *cinfo, void *context) {
    const memory_span *span = (const memory_span *)context;
    jpeg_mem_src(cinfo, span->data, (unsigned long)span->length);
}

int ps_jpeg_decode_memory(const uint8_t *data, size_t length, const ps_jpeg_options *options,
                          ps_jpeg_result *result) {
    if (!result || !options) return PS_JPEG_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    if (!data || length == 0) {
        snprintf(result->message, PS_JPEG_MESSAGE_LENGTH, "empty file (0 bytes)");
        return PS_JPEG_ERR_EMPTY;
    }
    struct jpeg_decompress_struct cinfo;
    ps_error_mgr err;
    ps_init_error_mgr(&err);
    cinfo.err = &err.base;
    if (setjmp(err.escape)) {
        /* jpeg_create_decompress itself failed */
        strncpy(result->message, err.message, PS_JPEG_MESSAGE_LENGTH - 1);
        jpeg_destroy_decompress(&cinfo);
        return PS_JPEG_ERR_DECODE;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    memory_span span = { data, length };
    return ps_decode_with_source(&cinfo, &err, options, result, memory_rewind, &span);
}
