/* PhotoStack libraw shim: see include/ps_raw.h. */
#include "ps_raw.h"
#include "ps_lazy_library.h"

#include <libraw/libraw.h>
#include <stdlib.h>
#include <string.h>

int32_t ps_raw_flip_to_orientation(int32_t flip) {
    /* dcraw's flip bits: 1 = mirror horizontally, 2 = mirror vertically, 4 = transpose (applied first). */
    static const int32_t orientations[8] = {1, 2, 4, 3, 5, 8, 6, 7};
    return flip >= 0 && flip < 8 ? orientations[flip] : 1;
}

/* The soname this build's header belongs to: libraw_r.so.20 for LibRaw 0.20 and 0.21 (LIBRAW_SHLIB_CURRENT). */
#define PS_STRINGIFY_(x) #x
#define PS_STRINGIFY(x) PS_STRINGIFY_(x)
#define PS_LIBRAW_SONAME_VERSION PS_STRINGIFY(LIBRAW_SHLIB_CURRENT)

/* libraw's functions, loaded on first use (ps_lazy_library.h): not linked, so a launch that decodes no RAW file
   never maps the library. */
#define LIBRAW_FUNCTIONS(X) \
    X(libraw_close) \
    X(libraw_dcraw_clear_mem) \
    X(libraw_dcraw_make_mem_thumb) \
    X(libraw_init) \
    X(libraw_open_buffer) \
    X(libraw_set_dataerror_handler) \
    X(libraw_set_memerror_handler) \
    X(libraw_strerror) \
    X(libraw_unpack_thumb)
LIBRAW_FUNCTIONS(PS_LAZY_POINTER)

static const ps_lazy_symbol libraw_symbols[] = { LIBRAW_FUNCTIONS(PS_LAZY_ENTRY) };
static ps_lazy_library libraw = PS_LAZY_LIBRARY("libraw_r.so." PS_LIBRAW_SONAME_VERSION, libraw_symbols, NULL);

/* libraw's default handlers print to stderr: count the problem instead (the result says what failed). */
static void on_memory_error(void *data, const char *file, const char *where) {
    (void)file; (void)where;
    if (data) ((ps_decode_result *)data)->warnings++;
}

static void on_data_error(void *data, const char *file, const int offset) {
    (void)file; (void)offset;
    if (data) ((ps_decode_result *)data)->warnings++;
}

static int raw_fail(ps_decode_result *result, int error, const char *what) {
    ps_decode_message(result, "RAW %s: %s", what, p_libraw_strerror(error));
    if (error == LIBRAW_NO_THUMBNAIL || error == LIBRAW_UNSUPPORTED_THUMBNAIL || error == LIBRAW_FILE_UNSUPPORTED)
        return PS_DECODE_ERR_UNSUPPORTED;
    if (error == LIBRAW_UNSUFFICIENT_MEMORY) return PS_DECODE_ERR_NOMEM;
    if (error == LIBRAW_TOO_BIG) return PS_DECODE_ERR_TOO_LARGE;
    return PS_DECODE_ERR_CORRUPT;
}

/* A bitmap preview (8 or 16 bits, 1 or 3 colours) into opaque ARGB32. */
static int emit_bitmap(const libraw_processed_image_t *image, const ps_decode_options *options, ps_decode_result *result) {
    int32_t width = image->width, height = image->height, colors = image->colors, bits = image->bits;
    int code = ps_decode_check_budget(width, height, options, result);
    if (code != PS_DECODE_OK) return code;
    if ((colors != 1 && colors != 3) || (bits != 8 && bits != 16)) {
        ps_decode_message(result, "RAW preview bitmap with %d colours of %d bits", colors, bits);
        return PS_DECODE_ERR_UNSUPPORTED;
    }
    size_t sample = bits / 8, pixel = sample * (size_t)colors;
    code = ps_decode_reserve(result, ps_decode_buffer_bytes(width, height, options->target_longest_side), "the RAW preview");
    if (code != PS_DECODE_OK) return code;
    if ((uint64_t)image->data_size < (uint64_t)width * (uint64_t)height * pixel) {
        ps_decode_message(result, "RAW preview bitmap shorter than its size");
        return PS_DECODE_ERR_CORRUPT;
    }
    size_t bytes = ps_decode_argb_bytes(width, height);
    uint32_t *out = bytes ? (uint32_t *)malloc(bytes) : NULL;
    if (!out) { ps_decode_message(result, "out of memory"); return PS_DECODE_ERR_NOMEM; }
    const uint8_t *in = image->data;
    /* 16-bit samples are native-endian: keep the high byte. */
    size_t high = bits == 16 ? (((const union { uint16_t u; uint8_t b[2]; }){ .u = 1 }).b[0] == 1 ? 1 : 0) : 0;
    for (size_t i = 0, n = (size_t)width * (size_t)height; i < n; i++, in += pixel) {
        uint32_t r = in[high], g = r, b = r;
        if (colors == 3) { g = in[sample + high]; b = in[2 * sample + high]; }
        out[i] = 0xFF000000u | (r << 16) | (g << 8) | b;
    }
    return ps_decode_emit_owned((uint8_t *)out, width, height, options, result);
}

int ps_raw_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result) {
    if (!result || !options) return PS_DECODE_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    result->orientation = 1;
    result->stored_orientation = 1;
    result->frame_count = 1;
    if (!data || length == 0) {
        ps_decode_message(result, "empty file (0 bytes)");
        return PS_DECODE_ERR_EMPTY;
    }
    if (!ps_lazy_open(&libraw)) { ps_decode_message(result, "%s", libraw.error); return PS_DECODE_ERR_UNSUPPORTED; }
    libraw_data_t *raw = p_libraw_init(0);
    if (!raw) { ps_decode_message(result, "out of memory"); return PS_DECODE_ERR_NOMEM; }
    p_libraw_set_memerror_handler(raw, on_memory_error, result);
    p_libraw_set_dataerror_handler(raw, on_data_error, result);
    libraw_processed_image_t *preview = NULL;
    int code = PS_DECODE_OK;
    int error = p_libraw_open_buffer(raw, (void *)data, length);
    if (error != LIBRAW_SUCCESS) { code = raw_fail(result, error, "file"); goto done; }
    result->image_width = raw->sizes.width;
    result->image_height = raw->sizes.height;
    result->stored_orientation = result->orientation = ps_raw_flip_to_orientation(raw->sizes.flip);
    if (options->header_only) goto done;
    if (raw->thumbnail.twidth > 0 && raw->thumbnail.theight > 0) {
        code = ps_decode_check_budget(raw->thumbnail.twidth, raw->thumbnail.theight, options, result);
        if (code != PS_DECODE_OK) goto done;
    }
    /* The preview as libraw reads it, its copy from libraw_dcraw_make_mem_thumb and ours. */
    code = ps_decode_reserve(result, (int64_t)raw->thumbnail.tlength * 3, "the RAW preview");
    if (code != PS_DECODE_OK) goto done;
    error = p_libraw_unpack_thumb(raw);
    if (error != LIBRAW_SUCCESS) { code = raw_fail(result, error, "preview"); goto done; }
    preview = p_libraw_dcraw_make_mem_thumb(raw, &error);
    if (!preview) { code = raw_fail(result, error, "preview"); goto done; }
    result->from_thumbnail = 1;
    if (preview->type == LIBRAW_IMAGE_JPEG) {
        if (preview->data_size == 0) {
            ps_decode_message(result, "RAW preview is empty");
            code = PS_DECODE_ERR_CORRUPT;
            goto done;
        }
        result->encoded = (uint8_t *)malloc(preview->data_size);
        if (!result->encoded) { ps_decode_message(result, "out of memory"); code = PS_DECODE_ERR_NOMEM; goto done; }
        memcpy(result->encoded, preview->data, preview->data_size);
        result->encoded_length = preview->data_size;
        result->width = preview->width;
        result->height = preview->height;
    } else {
        code = emit_bitmap(preview, options, result);
    }
done:
    if (preview) p_libraw_dcraw_clear_mem(preview);
    p_libraw_close(raw);
    return code;
}
