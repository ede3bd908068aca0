/* PhotoStack libheif shim: see include/ps_heif.h. */
#include "ps_heif.h"

#include <libheif/heif.h>
#include "ps_lazy_library.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libheif's functions, loaded on first use (ps_lazy_library.h): not linked, so the launch of a library without
   HEIC or AVIF files never maps libheif and its codecs. */
#define HEIF_FUNCTIONS(X) \
    X(heif_context_alloc) \
    X(heif_context_encode_image) \
    X(heif_context_encode_thumbnail) \
    X(heif_context_free) \
    X(heif_context_get_encoder_for_format) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_write) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_encoder_release) \
    X(heif_encoder_set_lossy_quality) \
    X(heif_encoding_options_alloc) \
    X(heif_encoding_options_free) \
    X(heif_have_decoder_for_format) \
    X(heif_image_add_plane) \
    X(heif_image_create) \
    X(heif_image_get_height) \
    X(heif_image_get_plane) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_color_profile_type) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_set_nclx_color_profile) \
    X(heif_nclx_color_profile_alloc) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_nclx_color_profile_free) \
    X(heif_image_handle_get_ispe_height) \
    X(heif_image_handle_get_ispe_width) \
    X(heif_image_handle_get_list_of_thumbnail_IDs) \
    X(heif_image_handle_get_number_of_thumbnails) \
    X(heif_image_handle_get_thumbnail) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_is_premultiplied_alpha) \
    X(heif_image_handle_release) \
    X(heif_image_release) \
    X(heif_init)
HEIF_FUNCTIONS(PS_LAZY_POINTER)

static int fail(ps_decode_result *result, struct heif_error error, const char *what) {
    ps_decode_message(result, "%s: %s", what, error.message ? error.message : "libheif error");
    if (error.subcode == heif_suberror_Security_limit_exceeded) return PS_DECODE_ERR_TOO_LARGE;
    if (error.code == heif_error_Memory_allocation_error) return PS_DECODE_ERR_NOMEM;
    if (error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype)
        return PS_DECODE_ERR_UNSUPPORTED;
    if (error.code == heif_error_Decoder_plugin_error && error.subcode == heif_suberror_Unsupported_codec)
        return PS_DECODE_ERR_UNSUPPORTED;
    return PS_DECODE_ERR_CORRUPT;
}

/* libheif is loaded and registers its codecs in heif_init once for the process (never deinit), before any thread
   uses a context, so two first decodes on two loader threads do not race to register them. */
static void init_libheif(void) { p_heif_init(NULL); }
static const ps_lazy_symbol heif_symbols[] = { HEIF_FUNCTIONS(PS_LAZY_ENTRY) };
static ps_lazy_library libheif = PS_LAZY_LIBRARY("libheif.so.1", heif_symbols, init_libheif);

int ps_heif_have_decoder(int av1) {
    if (!ps_lazy_open(&libheif)) return 0;
    return p_heif_have_decoder_for_format(av1 ? heif_compression_AV1 : heif_compression_HEVC);
}

/* The smallest thumbnail of `primary` whose longest side is at least `target` pixels, or NULL. */
static struct heif_image_handle *pick_thumbnail(struct heif_image_handle *primary, int32_t target) {
    int count = p_heif_image_handle_get_number_of_thumbnails(primary);
    if (count <= 0 || target <= 0) return NULL;
    if (count > 16) count = 16;
    heif_item_id ids[16];
    count = p_heif_image_handle_get_list_of_thumbnail_IDs(primary, ids, count);
    struct heif_image_handle *best = NULL;
    int best_longest = 0;
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *thumb = NULL;
        if (p_heif_image_handle_get_thumbnail(primary, ids[i], &thumb).code != heif_error_Ok || !thumb) continue;
        int w = p_heif_image_handle_get_width(thumb), h = p_heif_image_handle_get_height(thumb);
        int longest = w > h ? w : h;
        if (longest >= target && (!best || longest < best_longest)) {
            if (best) p_heif_image_handle_release(best);
            best = thumb;
            best_longest = longest;
        } else {
            p_heif_image_handle_release(thumb);
        }
    }
    return best;
}

/* Decodes `handle` to 8-bit interleaved RGBA and emits it at the output size. */
static int decode_handle(struct heif_image_handle *handle, const ps_decode_options *options, ps_decode_result *result) {
    /* libheif's RGBA image and the decoder's Y'CbCr planes (at most 3 bytes a pixel), then the output. */
    int64_t width = p_heif_image_handle_get_width(handle), height = p_heif_image_handle_get_height(handle);
    int64_t bytes = ps_decode_buffer_bytes(width, height, options->target_longest_side);
    int code = ps_decode_reserve(result, bytes == INT64_MAX ? bytes : bytes + width * height * 3, "the HEIF image");
    if (code != PS_DECODE_OK) return code;
    struct heif_decoding_options *decoding = p_heif_decoding_options_alloc();
    if (!decoding) { ps_decode_message(result, "out of memory"); return PS_DECODE_ERR_NOMEM; }
    if (decoding->version >= 2) decoding->convert_hdr_to_8bit = 1;
    struct heif_image *image = NULL;
    struct heif_error error = p_heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, decoding);
    p_heif_decoding_options_free(decoding);
    if (error.code != heif_error_Ok || !image) {
        if (image) p_heif_image_release(image);
        return fail(result, error, "HEIF decode");
    }
    int stride = 0;
    uint8_t *plane = p_heif_image_get_plane(image, heif_channel_interleaved, &stride);
    int plane_width = p_heif_image_get_width(image, heif_channel_interleaved);
    int plane_height = p_heif_image_get_height(image, heif_channel_interleaved);
    if (!plane || plane_width <= 0 || plane_height <= 0 || stride < plane_width * 4) {
        ps_decode_message(result, "HEIF decode gave no RGBA plane");
        code = PS_DECODE_ERR_CORRUPT;
    } else {
        ps_pixel_layout layout = p_heif_image_handle_is_premultiplied_alpha(handle) ? PS_LAYOUT_RGBA_PREMUL : PS_LAYOUT_RGBA;
        code = ps_decode_emit(plane, plane_width, plane_height, (size_t)stride, layout, options, result);
    }
    p_heif_image_release(image);
    return code;
}

/* The colour description of an image item (its colr boxes): an ICC profile ('prof'/'rICC') and/or nclx codes.
   Returns 1 when the item declares one. */
static int read_colour(struct heif_image_handle *handle, ps_decode_result *result) {
    int found = 0;
    enum heif_color_profile_type type = p_heif_image_handle_get_color_profile_type(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        size_t size = p_heif_image_handle_get_raw_color_profile_size(handle);
        uint8_t *icc = size > 0 && size <= (16u << 20) ? (uint8_t *)malloc(size) : NULL;
        if (icc && p_heif_image_handle_get_raw_color_profile(handle, icc).code == heif_error_Ok) {
            free(result->icc);
            result->icc = icc;
            result->icc_length = (uint32_t)size;
            found = 1;
        } else {
            free(icc);
        }
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (p_heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx) {
        result->cicp_primaries = (int32_t)nclx->color_primaries;
        result->cicp_transfer = (int32_t)nclx->transfer_characteristics;
        p_heif_nclx_color_profile_free(nclx);
        found = 1;
    }
    return found;
}

int ps_heif_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result) {
    if (!result || !options) return PS_DECODE_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    result->orientation = 1;
    result->stored_orientation = 1;
    result->frame_count = 1;
    if (!data || length == 0) {
        ps_decode_message(result, "empty file (0 bytes)");
        return PS_DECODE_ERR_EMPTY;
    }
    if (length > (size_t)INT32_MAX) {
        ps_decode_message(result, "HEIF file over 2 GB");
        return PS_DECODE_ERR_TOO_LARGE;
    }
    if (!ps_lazy_open(&libheif)) { ps_decode_message(result, "%s", libheif.error); return PS_DECODE_ERR_UNSUPPORTED; }
    struct heif_context *context = p_heif_context_alloc();
    if (!context) { ps_decode_message(result, "out of memory"); return PS_DECODE_ERR_NOMEM; }
    /* libheif keeps its own security limit (32768 pixels a side in 1.15), reported as too large below. */
    struct heif_image_handle *primary = NULL, *thumbnail = NULL;
    int code = PS_DECODE_OK;
    struct heif_error error = p_heif_context_read_from_memory_without_copy(context, data, length, NULL);
    if (error.code != heif_error_Ok) { code = fail(result, error, "HEIF"); goto done; }
    error = p_heif_context_get_primary_image_handle(context, &primary);
    if (error.code != heif_error_Ok || !primary) { code = fail(result, error, "HEIF primary image"); goto done; }
    result->image_width = p_heif_image_handle_get_width(primary);
    result->image_height = p_heif_image_handle_get_height(primary);
    int ispe_width = p_heif_image_handle_get_ispe_width(primary), ispe_height = p_heif_image_handle_get_ispe_height(primary);
    read_colour(primary, result);
    code = ps_decode_check_budget(result->image_width, result->image_height, options, result);
    if (code == PS_DECODE_OK && ispe_width > 0 && ispe_height > 0)
        code = ps_decode_check_budget(ispe_width, ispe_height, options, result);
    if (code != PS_DECODE_OK || options->header_only) goto done;
    thumbnail = pick_thumbnail(primary, options->target_longest_side);
    if (thumbnail) {
        code = ps_decode_check_budget(p_heif_image_handle_get_width(thumbnail), p_heif_image_handle_get_height(thumbnail),
                                      options, result);
        if (code == PS_DECODE_OK) code = decode_handle(thumbnail, options, result);
        /* A thumbnail item may declare its own colours; else it shares the primary image's. */
        if (code == PS_DECODE_OK) read_colour(thumbnail, result);
        if (code == PS_DECODE_OK) { result->from_thumbnail = 1; goto done; }
        /* A broken thumbnail: fall back to the primary image. */
        result->message[0] = 0;
        result->warnings++;
    }
    code = decode_handle(primary, options, result);
done:
    if (thumbnail) p_heif_image_handle_release(thumbnail);
    if (primary) p_heif_image_handle_release(primary);
    p_heif_context_free(context);
    return code;
}

/* heif_context_write's writer: appends to a growing malloc'ed buffer. */
typedef struct { uint8_t *data; size_t length, capacity; int failed; } ps_heif_sink;

static struct heif_error sink_write(struct heif_context *context, const void *data, size_t size, void *userdata) {
    (void)context;
    ps_heif_sink *sink = (ps_heif_sink *)userdata;
    struct heif_error ok = { heif_error_Ok, heif_suberror_Unspecified, "" };
    if (sink->length + size > sink->capacity) {
        size_t capacity = (sink->length + size) * 2;
        uint8_t *grown = (uint8_t *)realloc(sink->data, capacity);
        if (!grown) {
            sink->failed = 1;
            struct heif_error error = { heif_error_Encoding_error, heif_suberror_Cannot_write_output_data, "out of memory" };
            return error;
        }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, data, size);
    sink->length += size;
    return ok;
}

int ps_heif_encode(const uint8_t *rgb, int32_t width, int32_t height, int32_t av1, int32_t quality,
                   int32_t orientation, int32_t cicp_primaries, int32_t cicp_transfer, int32_t thumbnail_longest_side,
                   uint8_t **output, size_t *output_length, char *message) {
    if (!rgb || width <= 0 || height <= 0 || !output || !output_length) return PS_DECODE_ERR_ARGUMENT;
    *output = NULL;
    *output_length = 0;
    char local[PS_DECODE_MESSAGE_LENGTH];
    if (!message) message = local;
    message[0] = 0;
    if (!ps_lazy_open(&libheif)) { snprintf(message, PS_DECODE_MESSAGE_LENGTH, "%s", libheif.error); return PS_DECODE_ERR_UNSUPPORTED; }
    struct heif_context *context = p_heif_context_alloc();
    struct heif_encoder *encoder = NULL;
    struct heif_image *image = NULL;
    struct heif_image_handle *handle = NULL;
    struct heif_encoding_options *encoding = NULL;
    ps_heif_sink sink = { NULL, 0, 0, 0 };
    struct heif_error error = { heif_error_Ok, heif_suberror_Unspecified, "" };
    int code = PS_DECODE_ERR_CORRUPT;
    if (!context) { snprintf(message, PS_DECODE_MESSAGE_LENGTH, "out of memory"); return PS_DECODE_ERR_NOMEM; }
    error = p_heif_context_get_encoder_for_format(context, av1 ? heif_compression_AV1 : heif_compression_HEVC, &encoder);
    if (error.code != heif_error_Ok) goto done;
    p_heif_encoder_set_lossy_quality(encoder, quality);
    error = p_heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image);
    if (error.code != heif_error_Ok) goto done;
    error = p_heif_image_add_plane(image, heif_channel_interleaved, width, height, 8);
    if (error.code != heif_error_Ok) goto done;
    int stride = 0;
    uint8_t *plane = p_heif_image_get_plane(image, heif_channel_interleaved, &stride);
    for (int32_t y = 0; y < height; y++) memcpy(plane + (size_t)stride * (size_t)y, rgb + (size_t)width * 3 * (size_t)y, (size_t)width * 3);
    if (cicp_primaries > 0 && cicp_transfer > 0) {
        struct heif_color_profile_nclx *nclx = p_heif_nclx_color_profile_alloc();
        if (nclx) {
            nclx->color_primaries = (enum heif_color_primaries)cicp_primaries;
            nclx->transfer_characteristics = (enum heif_transfer_characteristics)cicp_transfer;
            nclx->matrix_coefficients = heif_matrix_coefficients_ITU_R_BT_601_6;
            nclx->full_range_flag = 1;
            p_heif_image_set_nclx_color_profile(image, nclx);
            p_heif_nclx_color_profile_free(nclx);
        }
    }
    encoding = p_heif_encoding_options_alloc();
    if (encoding && encoding->version >= 5 && orientation >= 1 && orientation <= 8)
        encoding->image_orientation = (enum heif_orientation)orientation;
    /* libheif leaves the nclx box out by default (a workaround for macOS); the image's own is wanted here. */
    if (encoding && encoding->version >= 4 && cicp_primaries > 0) encoding->macOS_compatibility_workaround_no_nclx_profile = 0;
    error = p_heif_context_encode_image(context, image, encoder, encoding, &handle);
    if (error.code != heif_error_Ok) goto done;
    if (thumbnail_longest_side > 0) {
        struct heif_image_handle *thumb = NULL;
        error = p_heif_context_encode_thumbnail(context, image, handle, encoder, encoding, thumbnail_longest_side, &thumb);
        if (thumb) p_heif_image_handle_release(thumb);
        if (error.code != heif_error_Ok) goto done;
    }
    struct heif_writer writer = { 1, sink_write };
    error = p_heif_context_write(context, &writer, &sink);
    if (error.code != heif_error_Ok || sink.failed) goto done;
    *output = sink.data;
    *output_length = sink.length;
    sink.data = NULL;
    code = PS_DECODE_OK;
done:
    if (code != PS_DECODE_OK) snprintf(message, PS_DECODE_MESSAGE_LENGTH, "%s", error.message ? error.message : "libheif error");
    free(sink.data);
    if (encoding) p_heif_encoding_options_free(encoding);
    if (handle) p_heif_image_handle_release(handle);
    if (image) p_heif_image_release(image);
    if (encoder) p_heif_encoder_release(encoder);
    p_heif_context_free(context);
    return code;
}
