/* PhotoStack libpng shim, writing: see include/png_shim.h. */
#include "png_shim.h"
#include "png_internal.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where libpng writes: a file descriptor through a 64 KB buffer. A failed write(2) is a libpng error. */
typedef struct {
    int fd;
    uint8_t buffer[64 << 10];
    size_t used;
    int failed;
} ps_png_sink;

static int sink_drain(ps_png_sink *s) {
    size_t done = 0;
    while (done < s->used) {
        ssize_t n = write(s->fd, s->buffer + done, s->used - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { s->failed = 1; return -1; }
        done += (size_t)n;
    }
    s->used = 0;
    return 0;
}

static void sink_write(png_structp png, png_bytep data, png_size_t length) {
    ps_png_sink *s = (ps_png_sink *)png_get_io_ptr(png);
    while (length > 0) {
        size_t take = sizeof(s->buffer) - s->used;
        if (take > length) take = length;
        memcpy(s->buffer + s->used, data, take);
        s->used += take;
        data += take;
        length -= take;
        if (s->used == sizeof(s->buffer) && sink_drain(s) != 0) png_error(png, "write failed");
    }
}

static void sink_flush(png_structp png) {
    ps_png_sink *s = (ps_png_sink *)png_get_io_ptr(png);
    if (sink_drain(s) != 0) png_error(png, "write failed");
}

int ps_png_write_fd(int fd, const uint8_t *argb_pixels, int32_t width, int32_t height,
                    int32_t stride, const char *const *keys, const char *const *values,
                    int32_t text_count, int32_t compression_level, char *message) {
    if (fd < 0 || !argb_pixels || width <= 0 || height <= 0 || width > (INT32_MAX / 4) || stride < width * 4)
        return PS_PNG_ERR_ARGUMENT;
    char local_message[PS_PNG_MESSAGE_LENGTH] = {0};
    if (!message) message = local_message;
    message[0] = 0;
    ps_png_sink sink_storage;
    ps_png_sink *sink = &sink_storage;
    memset(sink, 0, sizeof(*sink));
    sink->fd = fd;
    ps_png_context context = { message };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, ps_png_error, ps_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_write_struct(&png, NULL);
        return PS_PNG_ERR_NOMEM;
    }
    uint8_t *volatile row = NULL;
    png_textp volatile texts = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(row);
        free(texts);
        png_destroy_write_struct(&png, &info);
        return sink->failed ? PS_PNG_ERR_OPEN : PS_PNG_ERR_FORMAT;
    }
    png_set_write_fn(png, sink, sink_write, sink_flush);
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
    sink_flush(png);
    free(row);
    free(texts);
    png_destroy_write_struct(&png, &info);
    return PS_PNG_OK;
}
