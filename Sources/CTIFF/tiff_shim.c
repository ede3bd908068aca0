/* PhotoStack libtiff shim: see include/ps_tiff.h. */
#include "ps_tiff.h"
#include "ps_lazy_library.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

/* libtiff's functions, loaded on first use (ps_lazy_library.h): not linked, so a launch that decodes no TIFF file
   never maps the library. */
#define TIFF_FUNCTIONS(X) \
    X(TIFFClientOpenExt) \
    X(TIFFClose) \
    X(TIFFGetField) \
    X(TIFFGetFieldDefaulted) \
    X(TIFFOpenOptionsAlloc) \
    X(TIFFOpenOptionsFree) \
    X(TIFFOpenOptionsSetErrorHandlerExtR) \
    X(TIFFOpenOptionsSetMaxSingleMemAlloc) \
    X(TIFFOpenOptionsSetWarningHandlerExtR) \
    X(TIFFRGBAImageOK) \
    X(TIFFReadRGBAImageOriented) \
    X(TIFFSetErrorHandler) \
    X(TIFFSetWarningHandler)
TIFF_FUNCTIONS(PS_LAZY_POINTER)

/* Some libtiff paths still report through the process-wide handlers, which print to stderr by default. */
static void quiet_global_handlers(void) {
    p_TIFFSetErrorHandler(NULL);
    p_TIFFSetWarningHandler(NULL);
}
static const ps_lazy_symbol tiff_symbols[] = { TIFF_FUNCTIONS(PS_LAZY_ENTRY) };
static ps_lazy_library libtiff = PS_LAZY_LIBRARY("libtiff.so.6", tiff_symbols, quiet_global_handlers);

typedef struct {
    const uint8_t *data;
    size_t length;
    uint64_t offset;
    ps_decode_result *result;
} ps_tiff_source;

static tmsize_t read_memory(thandle_t handle, void *out, tmsize_t count) {
    ps_tiff_source *source = (ps_tiff_source *)handle;
    if (count <= 0 || source->offset >= source->length) return 0;
    uint64_t left = source->length - source->offset;
    uint64_t n = (uint64_t)count < left ? (uint64_t)count : left;
    memcpy(out, source->data + source->offset, (size_t)n);
    source->offset += n;
    return (tmsize_t)n;
}

static tmsize_t write_refused(thandle_t handle, void *data, tmsize_t count) {
    (void)handle; (void)data; (void)count;
    return -1;
}

static toff_t seek_memory(thandle_t handle, toff_t offset, int whence) {
    ps_tiff_source *source = (ps_tiff_source *)handle;
    uint64_t base = whence == SEEK_CUR ? source->offset : whence == SEEK_END ? source->length : 0;
    if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) return (toff_t)-1;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    source->offset = base + offset; /* past the end is allowed; reads there return 0 bytes */
    return (toff_t)source->offset;
}

static int close_memory(thandle_t handle) { (void)handle; return 0; }

static toff_t size_memory(thandle_t handle) { return (toff_t)((ps_tiff_source *)handle)->length; }

/* libtiff reads strips straight from the caller's bytes (it never writes to a read-only mapping). */
static int map_memory(thandle_t handle, void **base, toff_t *size) {
    ps_tiff_source *source = (ps_tiff_source *)handle;
    *base = (void *)source->data;
    *size = (toff_t)source->length;
    return 1;
}

static void unmap_memory(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

static int on_error(TIFF *tif, void *user_data, const char *module, const char *format, va_list args) {
    (void)tif;
    ps_decode_result *result = (ps_decode_result *)user_data;
    if (result && !result->message[0]) {
        char text[PS_DECODE_MESSAGE_LENGTH];
        vsnprintf(text, sizeof(text), format, args);
        ps_decode_message(result, "TIFF %s: %s", module ? module : "", text);
    }
    return 1; /* handled: not passed on to the global handler */
}

static int on_warning(TIFF *tif, void *user_data, const char *module, const char *format, va_list args) {
    (void)tif; (void)module; (void)format; (void)args;
    ps_decode_result *result = (ps_decode_result *)user_data;
    if (result) result->warnings++;
    return 1;
}


int32_t ps_tiff_residual_orientation(int32_t orientation) {
    switch (orientation) {
    case ORIENTATION_LEFTTOP: return 5;  /* not flipped by libtiff: transpose */
    case ORIENTATION_RIGHTTOP: return 7; /* flipped horizontally by libtiff: transverse */
    case ORIENTATION_RIGHTBOT: return 5; /* flipped both ways by libtiff: transpose */
    case ORIENTATION_LEFTBOT: return 7;  /* flipped vertically by libtiff: transverse */
    default: return 1;
    }
}

int ps_tiff_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result) {
    if (!result || !options) return PS_DECODE_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    result->orientation = 1;
    result->stored_orientation = 1;
    result->frame_count = 1;
    if (!data || length == 0) {
        ps_decode_message(result, "empty file (0 bytes)");
        return PS_DECODE_ERR_EMPTY;
    }
    if (!ps_lazy_open(&libtiff)) { ps_decode_message(result, "%s", libtiff.error); return PS_DECODE_ERR_UNSUPPORTED; }
    TIFFOpenOptions *open_options = p_TIFFOpenOptionsAlloc();
    if (!open_options) { ps_decode_message(result, "out of memory"); return PS_DECODE_ERR_NOMEM; }
    if (options->max_single_allocation > 0) p_TIFFOpenOptionsSetMaxSingleMemAlloc(open_options, (tmsize_t)options->max_single_allocation);
    p_TIFFOpenOptionsSetErrorHandlerExtR(open_options, on_error, result);
    p_TIFFOpenOptionsSetWarningHandlerExtR(open_options, on_warning, result);
    ps_tiff_source source = { data, length, 0, result };
    TIFF *tif = p_TIFFClientOpenExt("memory", "r", (thandle_t)&source, read_memory, write_refused, seek_memory,
                                  close_memory, size_memory, map_memory, unmap_memory, open_options);
    p_TIFFOpenOptionsFree(open_options);
    if (!tif) {
        ps_decode_message(result, "not a readable TIFF file");
        return PS_DECODE_ERR_CORRUPT;
    }
    uint32_t width = 0, height = 0;
    uint16_t orientation = ORIENTATION_TOPLEFT;
    int code = PS_DECODE_OK;
    uint32_t *raster = NULL;
    if (!p_TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width) || !p_TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height)) {
        ps_decode_message(result, "TIFF without an image size");
        code = PS_DECODE_ERR_CORRUPT;
        goto done;
    }
    p_TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &orientation);
    uint32_t icc_length = 0;
    void *icc = NULL;
    if (p_TIFFGetField(tif, TIFFTAG_ICCPROFILE, &icc_length, &icc) && icc) ps_decode_keep_icc(result, (const uint8_t *)icc, icc_length);
    if (orientation < 1 || orientation > 8) orientation = ORIENTATION_TOPLEFT;
    result->image_width = width > INT32_MAX ? INT32_MAX : (int32_t)width;
    result->image_height = height > INT32_MAX ? INT32_MAX : (int32_t)height;
    result->stored_orientation = orientation;
    result->orientation = ps_tiff_residual_orientation(orientation);
    code = ps_decode_check_budget(width, height, options, result);
    if (code != PS_DECODE_OK || options->header_only) goto done;
    char why[1024] = {0};
    if (!p_TIFFRGBAImageOK(tif, why)) {
        ps_decode_message(result, "TIFF layout not supported: %s", why);
        code = PS_DECODE_ERR_UNSUPPORTED;
        goto done;
    }
    code = ps_decode_reserve(result, ps_decode_buffer_bytes(width, height, options->target_longest_side), "the TIFF image");
    if (code != PS_DECODE_OK) goto done;
    size_t bytes = ps_decode_argb_bytes(width, height);
    raster = bytes ? (uint32_t *)malloc(bytes) : NULL;
    if (!raster) {
        ps_decode_message(result, "out of memory for a %ux%u image", width, height);
        code = PS_DECODE_ERR_NOMEM;
        goto done;
    }
    if (!p_TIFFReadRGBAImageOriented(tif, width, height, raster, ORIENTATION_TOPLEFT, 1)) {
        ps_decode_message(result, "TIFF image data could not be read");
        code = PS_DECODE_ERR_CORRUPT;
        goto done;
    }
    ps_decode_convert_rows((uint8_t *)raster, (int32_t)width, (int32_t)height, (size_t)width * 4, PS_LAYOUT_ABGR32_PREMUL);
    code = ps_decode_emit_owned((uint8_t *)raster, (int32_t)width, (int32_t)height, options, result);
    raster = NULL; /* owned by the result (or freed) now */
done:
    free(raster);
    p_TIFFClose(tif);
    return code;
}
