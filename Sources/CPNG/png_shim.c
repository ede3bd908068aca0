/* PhotoStack libpng shim: see include/png_shim.h. */
#include "png_shim.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *message;
} ps_png_context;

static void ps_png_error(png_structp png, png_const_charp text) {
    ps_png_context *context = (ps_png_context *)png_get_error_ptr(png);
    if (context && context->message) {
        strncpy(context->message, text ? text : "libpng error", PS_PNG_MESSAGE_LENGTH - 1);
        context->message[PS_PNG_MESSAGE_LENGTH - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void ps_png_warning(png_structp png, png_const_charp text) {
    (void)png; (void)text; /* warnings are ignored */
}

void ps_png_free(void *pointer) { free(pointer); }

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} ps_png_memory;

static void ps_png_read_memory_fn(png_structp png, png_bytep out, png_size_t count) {
    ps_png_memory *source = (ps_png_memory *)png_get_io_ptr(png);
    if (source->offset + count > source->length) png_error(png, "unexpected end of PNG data");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

/* Collects text chunks into a "key\0value\0" buffer. */
static void collect_texts(png_structp png, png_infop info, ps_png_result *result) {
    png_textp texts = NULL;
    int count = 0;
    png_get_text(png, info, &texts, &count);
    if (count <= 0) return;
    size_t total = 0;
    for (int i = 0; i < count; i++) {
        size_t length = texts[i].compression >= PNG_ITXT_COMPRESSION_NONE ? texts[i].itxt_length : texts[i].text_length;
        total += strlen(texts[i].key) + 1 + length + 1;
    }
    char *buffer = (char *)malloc(total);
    if (!buffer) return;
    size_t offset = 0;
    for (int i = 0; i < count; i++) {
        size_t key_length = strlen(texts[i].key);
        memcpy(buffer + offset, texts[i].key, key_length + 1);
        offset += key_length + 1;
        size_t length = texts[i].compression >= PNG_ITXT_COMPRESSION_NONE ? texts[i].itxt_length : texts[i].text_length;
        if (length && texts[i].text) memcpy(buffer + offset, texts[i].text, length);
        buffer[offset + length] = 0;
        offset += length + 1;
    }
    free(result->texts);
    result->texts = buffer;
    result->texts_length = offset;
    result->text_count = count;
}

/* Reads from an already-configured png/info pair. Owns the setjmp for the read. */
static int read_png(png_structp png, png_infop info, int64_t max_pixels, int header_only,
                    ps_png_result *result) {
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(pixels);
        free(rows);
        free(result->texts);
        result->texts = NULL;
        result->text_count = 0;
        result->texts_length = 0;
        png_destroy_read_struct(&png, &info, NULL);
        if (!result->message[0]) snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "invalid PNG");
        return PS_PNG_ERR_FORMAT;
    }
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    result->width = (int32_t)width;
    result->height = (int32_t)height;
    result->stride = (int32_t)width * 4;
    collect_texts(png, info, result);
    if (header_only) {
        png_destroy_read_struct(&png, &info, NULL);
        return PS_PNG_OK;
    }
    if (max_pixels > 0 && (int64_t)width * (int64_t)height > max_pixels) {
        snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "PNG claims %ux%u pixels, over the %.1f megapixel limit",
                 width, height, max_pixels / 1e6);
        free(result->texts); result->texts = NULL; result->text_count = 0; result->texts_length = 0;
        png_destroy_read_struct(&png, &info, NULL);
        return PS_PNG_ERR_TOO_LARGE;
    }
    /* Normalise to 8-bit B,G,R,A bytes (little-endian uint32 0xAARRGGBB). */
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
#if !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
    png_set_bgr(png);
#else
    png_set_swap_alpha(png);
#endif
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = (size_t)width * 4;
    pixels = (uint8_t *)malloc(stride * height);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (!pixels || !rows) {
        free(pixels); free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "out of memory");
        return PS_PNG_ERR_NOMEM;
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + stride * y;
    png_read_image(png, rows);
    png_read_end(png, info);
    collect_texts(png, info, result);
    /* Premultiply. */
    for (png_uint_32 y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(pixels + stride * y);
        for (png_uint_32 x = 0; x < width; x++) {
            uint32_t p = row[x];
            uint32_t a = p >> 24;
            if (a == 255) continue;
            uint32_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
            r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255;
            row[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    result->pixels = pixels;
    return PS_PNG_OK;
}

int ps_png_read_file(const char *path, int64_t max_pixels, int32_t header_only, ps_png_result *result) {
    if (!path || !result) return PS_PNG_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "cannot open file");
        return PS_PNG_ERR_OPEN;
    }
    unsigned char signature[8];
    if (fread(signature, 1, 8, file) != 8 || png_sig_cmp(signature, 0, 8) != 0) {
        fclose(file);
        snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "not a PNG file");
        return PS_PNG_ERR_FORMAT;
    }
    ps_png_context context = { result->message };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, ps_png_error, ps_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_read_struct(&png, NULL, NULL);
        fclose(file);
        return PS_PNG_ERR_NOMEM;
    }
    png_init_io(png, file);
    png_set_sig_bytes(png, 8);
    int code = read_png(png, info, max_pixels, header_only, result);
    fclose(file);
    return code;
}

int ps_png_read_memory(const uint8_t *data, size_t length, int64_t max_pixels, ps_png_result *result) {
    if (!result) return PS_PNG_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    if (!data || length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "not a PNG file");
        return PS_PNG_ERR_FORMAT;
    }
    ps_png_context context = { result->message };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, ps_png_error, ps_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_read_struct(&png, NULL, NULL);
        return PS_PNG_ERR_NOMEM;
    }
    ps_png_memory source = { data, length, 8 };
    png_set_read_fn(png, &source, ps_png_read_memory_fn);
    png_set_sig_bytes(png, 8);
    return read_png(png, info, max_pixels, 0, result);
}

int ps_png_write_file(const char *path, const uint8_t *argb_pixels, int32_t width, int32_t height,
                      int32_t stride, const char *const *keys, const char *const *values,
                      int32_t text_count, int32_t compression_level, char *message) {
    if (!path || !argb_pixels || width <= 0 || height <= 0 || stride < width * 4) return PS_PNG_ERR_ARGUMENT;
    char local_message[PS_PNG_MESSAGE_LENGTH] = {0};
    if (!message) message = local_message;
    message[0] = 0;
    FILE *file = fopen(path, "wb");
    if (!file) {
        snprintf(message, PS_PNG_MESSAGE_LENGTH, "cannot create file");
        return PS_PNG_ERR_OPEN;
    }
    ps_png_context context = { message };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, ps_png_error, ps_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_write_struct(&png, NULL);
        fclose(file);
        return PS_PNG_ERR_NOMEM;
    }
    uint8_t *volatile row = NULL;
    png_textp volatile texts = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(row);
        free(texts);
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return PS_PNG_ERR_FORMAT;
    }
    png_init_io(png, file);
    /* Thumbnails are read back far more often than written, and photos barely compress (zlib level 1 saved
     * ~5 % over raw RGB, yet inflating it was ~75 % of a read): store them uncompressed (zlib stored blocks,
     * no row filter) and without the alpha channel when every pixel is opaque. That is about the size of the
     * compressed RGBA file and reads ~3.5x faster. */
    int opaque = 1;
    for (int32_t y = 0; y < height && opaque; y++) {
        const uint32_t *source = (const uint32_t *)(argb_pixels + (size_t)stride * (size_t)y);
        for (int32_t x = 0; x < width; x++) {
            if ((source[x] >> 24) != 0xFF) { opaque = 0; break; }
        }
    }
    const int channels = opaque ? 3 : 4;
    if (compression_level < 0) compression_level = 0;
    if (compression_level > 9) compression_level = 9;
    png_set_compression_level(png, compression_level);
    if (compression_level == 0) png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (text_count > 0 && keys && values) {
        texts = (png_textp)calloc((size_t)text_count, sizeof(png_text));
        if (!texts) png_error(png, "out of memory");
        for (int i = 0; i < text_count; i++) {
            texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
            texts[i].key = (png_charp)keys[i];
            texts[i].text = (png_charp)values[i];
            texts[i].text_length = strlen(values[i]);
        }
        png_set_text(png, info, texts, text_count);
    }
    png_write_info(png, info);
    row = (uint8_t *)malloc((size_t)width * 4);
    if (!row) png_error(png, "out of memory");
    for (int32_t y = 0; y < height; y++) {
        const uint32_t *source = (const uint32_t *)(argb_pixels + (size_t)stride * (size_t)y);
        if (channels == 3) {
            /* Opaque (every thumbnail of a photo): a plain byte shuffle. */
            uint8_t *out = row;
            for (int32_t x = 0; x < width; x++, out += 3) {
                uint32_t p = source[x];
                out[0] = (uint8_t)(p >> 16);
                out[1] = (uint8_t)(p >> 8);
                out[2] = (uint8_t)p;
            }
            png_write_row(png, row);
            continue;
        }
        for (int32_t x = 0; x < width; x++) {
            uint32_t p = source[x];
            uint32_t a = p >> 24, r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
            if (a != 0 && a != 255) {
                r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
                if (r > 255) r = 255;
                if (g > 255) g = 255;
                if (b > 255) b = 255;
            }
            uint8_t *out = row + (size_t)x * (size_t)channels;
            out[0] = (uint8_t)r;
            out[1] = (uint8_t)g;
            out[2] = (uint8_t)b;
            if (channels == 4) out[3] = (uint8_t)a;
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    free(row);
    free(texts);
    png_destroy_write_struct(&png, &info);
    if (fclose(file) != 0) {
        snprintf(message, PS_PNG_MESSAGE_LENGTH, "write failed");
        return PS_PNG_ERR_OPEN;
    }
    return PS_PNG_OK;
}
