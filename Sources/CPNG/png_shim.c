/* PhotoStack libpng shim, reading: see include/png_shim.h. */
#include "png_shim.h"
#include "png_internal.h"

#include "ps_budget.h"
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* No chunk may claim more than this (text, ICC profiles, EXIF; IDAT is streamed and limited by libpng from
 * the image size), nor more than the file holds (but at least MIN_CHUNK_LIMIT, room for decompressed text). */
#define MAX_CHUNK_LIMIT 8000000
#define MIN_CHUNK_LIMIT (1 << 20)
/* Ancillary chunks libpng keeps (text, sPLT, unknown): bounded. */
#define MAX_CACHED_CHUNKS 256
#define SOURCE_BUFFER (64u << 10)

void ps_png_error(png_structp png, png_const_charp text) {
    ps_png_context *context = (ps_png_context *)png_get_error_ptr(png);
    if (context && context->message) {
        strncpy(context->message, text ? text : "libpng error", PS_PNG_MESSAGE_LENGTH - 1);
        context->message[PS_PNG_MESSAGE_LENGTH - 1] = 0;
    }
    png_longjmp(png, 1);
}

void ps_png_warning(png_structp png, png_const_charp text) {
    (void)png; (void)text; /* warnings are ignored (benign errors are errors: see strict_settings) */
}

void ps_png_free(void *pointer) { free(pointer); }

void ps_png_default_options(ps_png_options *options) {
    memset(options, 0, sizeof(*options));
    options->max_pixels = 100000000LL;
    options->want_texts = 1;
    options->budget_wait_ms = 30000;
}

/* Where libpng reads from: memory, or a file descriptor through a buffer. Reading past the end is an error
 * ("unexpected end of PNG data"). */
typedef struct {
    const uint8_t *data;  /* memory source, or NULL */
    size_t length, offset;
    int fd;
    int64_t file_offset, max_bytes;
    uint8_t *buffer;
    size_t buffered, position;
} ps_png_source;

static void source_read(png_structp png, png_bytep out, png_size_t count) {
    ps_png_source *s = (ps_png_source *)png_get_io_ptr(png);
    if (s->data) {
        if (count > s->length - s->offset) png_error(png, "unexpected end of PNG data");
        memcpy(out, s->data + s->offset, count);
        s->offset += count;
        return;
    }
    while (count > 0) {
        if (s->position == s->buffered) {
            ssize_t n = 0;
            if (s->file_offset < s->max_bytes) {
                int64_t left = s->max_bytes - s->file_offset;
                size_t want = left < (int64_t)SOURCE_BUFFER ? (size_t)left : SOURCE_BUFFER;
                do { n = pread(s->fd, s->buffer, want, (off_t)s->file_offset); } while (n < 0 && errno == EINTR);
            }
            if (n <= 0) png_error(png, n < 0 ? "read error" : "unexpected end of PNG data");
            s->file_offset += n;
            s->buffered = (size_t)n;
            s->position = 0;
        }
        size_t take = s->buffered - s->position;
        if (take > count) take = count;
        memcpy(out, s->buffer + s->position, take);
        s->position += take;
        out += take;
        count -= take;
    }
}

/* Collects text chunks into a "key\0value\0" buffer (sizes checked: each chunk is already bounded). */
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

static void drop_texts(ps_png_result *result) {
    free(result->texts);
    result->texts = NULL;
    result->text_count = 0;
    result->texts_length = 0;
}

/* The state of one read, in memory the row loop writes through a pointer (valid after a longjmp). */
typedef struct {
    const ps_png_options *options;
    uint32_t width, height;
    int interlaced;
    uint8_t *pixels;        /* output (full size, or the downscaled size) */
    size_t out_bytes;
    uint8_t *row;           /* one source row (streaming downscale) */
    uint8_t *row16;         /* one 16-bit R,G,B,A big-endian source row (colour-converted reads) */
    png_bytep *rows;        /* row pointers (full-size read) */
    ps_row_downscaler scaler;
    int streaming;          /* rows go through `scaler` */
    uint32_t rows_done;     /* source rows fully read */
    int in_rows;            /* 1 once the image data is being read */
    int64_t reserved;
} read_state;

static void free_state(read_state *st) {
    free(st->pixels); st->pixels = NULL;
    free(st->row); st->row = NULL;
    free(st->row16); st->row16 = NULL;
    free(st->rows); st->rows = NULL;
    ps_row_downscaler_free(&st->scaler);
    ps_budget_release(st->reserved);
    st->reserved = 0;
}

static void premultiply_row(uint32_t *row, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        uint32_t p = row[x];
        uint32_t a = p >> 24;
        if (a == 255) continue;
        uint32_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
        r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255;
        row[x] = (a << 24) | (r << 16) | (g << 8) | b;
    }
}

/* A 16-bit R,G,B,A big-endian row converted to straight-alpha ARGB32 through the read's colour transform (the
   high bytes when the conversion fails). */
static void reduce_row16(read_state *st, uint8_t *target) {
    const ps_png_options *o = st->options;
    if (ps_colour_convert(o->colour_from, o->colour_to, PS_COLOUR_LAYOUT_RGBA16_BE, st->row16, (size_t)st->width * 8,
                          target, (size_t)st->width * 4, (int32_t)st->width, 1, NULL) == PS_COLOUR_OK) return;
    uint32_t *out = (uint32_t *)target;
    for (uint32_t x = 0; x < st->width; x++) {
        const uint8_t *p = st->row16 + (size_t)x * 8;
        out[x] = (uint32_t)p[6] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[2] << 8 | p[4];
    }
}

/* Reads the image rows (libpng may longjmp out of here: progress is kept in *st). */
__attribute__((noinline)) static void read_rows(png_structp png, read_state *st) {
    st->in_rows = 1;
    if (st->interlaced) {
        png_read_image(png, st->rows);
        st->rows_done = st->height;
        return;
    }
    for (uint32_t y = 0; y < st->height; y++) {
        uint8_t *target = st->streaming ? st->row : st->rows[y];
        if (st->row16) {
            png_read_row(png, st->row16, NULL);
            reduce_row16(st, target);
        } else {
            png_read_row(png, target, NULL);
        }
        premultiply_row((uint32_t *)target, st->width);
        if (st->streaming) ps_row_downscaler_push(&st->scaler, (const uint32_t *)target);
        st->rows_done = y + 1;
    }
}

/* Rows the data did not reach: grey, so a truncated file shows what it has. */
static void finish_missing_rows(read_state *st) {
    size_t stride = (size_t)st->width * 4;
    for (uint32_t y = st->rows_done; y < st->height; y++) {
        uint32_t *target = (uint32_t *)(st->streaming ? st->row : st->rows[y]);
        for (uint32_t x = 0; x < st->width; x++) target[x] = 0xFF808080u;
        if (st->streaming) ps_row_downscaler_push(&st->scaler, target);
    }
    (void)stride;
}

static void strict_settings(png_structp png, const ps_png_options *options, int64_t file_bytes) {
    /* Benign errors (a chunk longer than the limits, bad CRCs of ancillary chunks, ...) are errors. */
    png_set_benign_errors(png, 0);
    /* Sides from our limits (never raised): the asked side limit, else libpng's 1,000,000, and never more than
     * the pixel limit (a 1-pixel-high image can be no wider than the whole pixel budget). */
    uint32_t side = options->max_side > 0 ? (uint32_t)options->max_side : 1000000u;
    if (options->max_pixels > 0 && options->max_pixels < (int64_t)side) side = (uint32_t)options->max_pixels;
    png_set_user_limits(png, side, side);
    int64_t chunk = file_bytes < MIN_CHUNK_LIMIT ? MIN_CHUNK_LIMIT : file_bytes;
    if (chunk > MAX_CHUNK_LIMIT) chunk = MAX_CHUNK_LIMIT;
    png_set_chunk_malloc_max(png, (png_alloc_size_t)chunk);
    png_set_chunk_cache_max(png, MAX_CACHED_CHUNKS);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    /* Chunks PhotoStack does not use are skipped unparsed (so strict mode cannot refuse a photo over, say, the
     * widespread "known incorrect sRGB profile"); the text chunks too when they are not wanted. */
    static const png_byte unused[] = "sBIT\0bKGD\0hIST\0pHYs\0oFFs\0pCAL\0sCAL\0sPLT\0tIME\0eXIf\0";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, unused, (int)(sizeof(unused) / 5));
    /* The colour chunks are read by collect_colour, not by libpng (which would refuse a photo over its profile). */
    static const png_byte colour[] = "iCCP\0sRGB\0cHRM\0gAMA\0cICP\0";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, colour, (int)(sizeof(colour) / 5));
    if (!options->want_texts) {
        static const png_byte texts[] = "tEXt\0zTXt\0iTXt\0";
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, texts, 3);
    }
}

/* The read proper, on a configured png/info pair. Owns the setjmp. */
static int read_png(png_structp png, png_infop info, ps_png_source *source, read_state *st, ps_png_result *result) {
    const ps_png_options *options = st->options;
    if (setjmp(png_jmpbuf(png))) {
        if (st->in_rows && st->rows_done > 0 && !st->interlaced) {
            /* The data ended or broke part-way: keep the rows read, mark the image incomplete. */
            finish_missing_rows(st);
            result->truncated = 1;
            png_destroy_read_struct(&png, &info, NULL);
            goto deliver;
        }
        free_state(st);
        drop_texts(result);
        png_destroy_read_struct(&png, &info, NULL);
        if (!result->message[0]) snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "invalid PNG");
        return PS_PNG_ERR_FORMAT;
    }
    strict_settings(png, options, source->data ? (int64_t)source->length : source->max_bytes);
    png_read_info(png, info);
    ps_png_collect_colour(png, info, result);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    result->image_width = result->width = (int32_t)width;
    result->image_height = result->height = (int32_t)height;
    result->stride = (int32_t)width * 4;   /* width <= max_side <= 1,000,000: no overflow */
    if (options->want_texts) collect_texts(png, info, result);
    if (options->header_only) {
        png_destroy_read_struct(&png, &info, NULL);
        return PS_PNG_OK;
    }
    int64_t pixels_count = (int64_t)width * (int64_t)height;
    if (options->max_pixels > 0 && pixels_count > options->max_pixels) {
        snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "PNG claims %ux%u pixels, over the %.1f megapixel limit",
                 width, height, options->max_pixels / 1e6);
        drop_texts(result);
        png_destroy_read_struct(&png, &info, NULL);
        return PS_PNG_ERR_TOO_LARGE;
    }
    st->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    int deep = png_get_bit_depth(png, info) == 16 && !st->interlaced && options->colour_from && options->colour_to &&
               !ps_colour_profiles_equivalent(options->colour_from, options->colour_to);
    png_set_expand(png);
    png_set_gray_to_rgb(png);
    if (deep) {
        /* 16-bit R,G,B,A rows, big-endian as stored, converted by reduce_row16. */
        png_set_filler(png, 0xFFFF, PNG_FILLER_AFTER);
    } else {
        /* Normalise to 8-bit B,G,R,A bytes (little-endian uint32 0xAARRGGBB). */
        png_set_strip_16(png);
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
#if !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
        png_set_bgr(png);
#else
        png_set_swap_alpha(png);
#endif
    }
    if (st->interlaced) png_set_interlace_handling(png);
    png_read_update_info(png, info);
    st->width = width;
    st->height = height;

    /* Output size: the downscale rule of ps_downscale_box's callers (longest side to the target, the other
     * rounded, at least 1). */
    uint32_t out_w = width, out_h = height, longest = width > height ? width : height;
    if (options->downscale_longest_side > 0 && longest > (uint32_t)options->downscale_longest_side) {
        double factor = (double)options->downscale_longest_side / (double)longest;
        out_w = (uint32_t)((double)width * factor + 0.5);
        out_h = (uint32_t)((double)height * factor + 0.5);
        if (out_w < 1) out_w = 1;
        if (out_h < 1) out_h = 1;
    }
    int64_t row_bytes = (int64_t)width * 4, full_bytes, out_bytes, need;
    if (ps_size_mul(row_bytes, height, &full_bytes) != 0 || ps_size_mul((int64_t)out_w * 4, out_h, &out_bytes) != 0) {
        png_error(png, "image size overflows");
    }
    st->streaming = (out_w != width || out_h != height) && !st->interlaced;
    if (st->streaming) {
        need = out_bytes + row_bytes + (int64_t)out_w * 40;
    } else {
        need = full_bytes + (int64_t)sizeof(png_bytep) * height + (out_w != width || out_h != height ? out_bytes + (int64_t)out_w * 40 : 0);
    }
    if (deep) need += (int64_t)width * 8;
    int budget = ps_budget_reserve(need, options->budget_wait_ms);
    if (budget != PS_BUDGET_OK) {
        snprintf(result->message, PS_PNG_MESSAGE_LENGTH,
                 budget == PS_BUDGET_TOO_LARGE ? "reading %ux%u pixels needs %lld MB, over the %lld MB decode memory budget"
                                               : "reading %ux%u pixels needs %lld MB of the %lld MB decode memory budget, busy for too long",
                 width, height, (long long)(need >> 20), (long long)(ps_budget_total() >> 20));
        drop_texts(result);
        png_destroy_read_struct(&png, &info, NULL);
        return budget == PS_BUDGET_TOO_LARGE ? PS_PNG_ERR_TOO_LARGE : PS_PNG_ERR_BUSY;
    }
    st->reserved = need;
    if (deep) {
        st->row16 = (uint8_t *)malloc((size_t)width * 8);
        if (!st->row16) png_error(png, "out of memory");
        result->colour_converted = 1;
    }
    if (st->streaming) {
        st->out_bytes = (size_t)out_bytes;
        st->pixels = (uint8_t *)malloc((size_t)out_bytes);
        st->row = (uint8_t *)malloc((size_t)row_bytes);
        if (!st->pixels || !st->row ||
            ps_row_downscaler_init(&st->scaler, (uint32_t *)st->pixels, width, height, out_w, out_h) != 0) {
            png_error(png, "out of memory");
        }
    } else {
        st->out_bytes = (size_t)full_bytes;
        st->pixels = (uint8_t *)malloc((size_t)full_bytes);
        st->rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
        if (!st->pixels || !st->rows) png_error(png, "out of memory");
        for (png_uint_32 y = 0; y < height; y++) st->rows[y] = st->pixels + (size_t)row_bytes * y;
    }
    read_rows(png, st);
    png_read_end(png, info);
    if (options->want_texts) collect_texts(png, info, result);
    png_destroy_read_struct(&png, &info, NULL);
    if (st->interlaced) {
        for (uint32_t y = 0; y < height; y++) premultiply_row((uint32_t *)st->rows[y], width);
        if (out_w != width || out_h != height) {
            /* Interlaced rows arrive in passes: downscale the full image once it is complete. */
            uint8_t *small = (uint8_t *)malloc((size_t)out_bytes);
            if (!small || ps_row_downscaler_init(&st->scaler, (uint32_t *)small, width, height, out_w, out_h) != 0) {
                free(small);
                free_state(st);
                drop_texts(result);
                snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "out of memory");
                return PS_PNG_ERR_NOMEM;
            }
            for (uint32_t y = 0; y < height; y++) ps_row_downscaler_push(&st->scaler, (const uint32_t *)st->rows[y]);
            free(st->pixels);
            st->pixels = small;
            st->out_bytes = (size_t)out_bytes;
            st->streaming = 1;
        }
    }
deliver:
    (void)source;
    free(st->row); st->row = NULL;
    free(st->row16); st->row16 = NULL;
    free(st->rows); st->rows = NULL;
    if (st->streaming) {
        ps_row_downscaler_free(&st->scaler);
        result->width = (int32_t)st->scaler.out_width;
        result->height = (int32_t)st->scaler.out_height;
        result->stride = result->width * 4;
    }
    /* What stays reserved: the returned pixels (the caller releases them). */
    ps_budget_release(st->reserved - (int64_t)st->out_bytes);
    result->reserved_bytes = (int64_t)st->out_bytes;
    result->pixels = st->pixels;
    return PS_PNG_OK;
}

static int read_with_source(ps_png_source *source, const ps_png_options *options, ps_png_result *result) {
    ps_png_context context = { result->message };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, ps_png_error, ps_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_read_struct(&png, NULL, NULL);
        return PS_PNG_ERR_NOMEM;
    }
    png_set_read_fn(png, source, source_read);
    png_set_sig_bytes(png, 8);
    read_state st;
    memset(&st, 0, sizeof(st));
    st.options = options;
    return read_png(png, info, source, &st, result);
}

int ps_png_read_fd(int fd, int64_t max_bytes, const ps_png_options *options, ps_png_result *result) {
    if (fd < 0 || !result || !options) return PS_PNG_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    uint8_t signature[8];
    ssize_t n;
    do { n = pread(fd, signature, 8, 0); } while (n < 0 && errno == EINTR);
    if (n != 8 || max_bytes < 8 || png_sig_cmp(signature, 0, 8) != 0) {
        snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "not a PNG file");
        return PS_PNG_ERR_FORMAT;
    }
    ps_png_source source;
    memset(&source, 0, sizeof(source));
    source.fd = fd;
    source.file_offset = 8;
    source.max_bytes = max_bytes;
    source.buffer = (uint8_t *)malloc(SOURCE_BUFFER);
    if (!source.buffer) return PS_PNG_ERR_NOMEM;
    int code = read_with_source(&source, options, result);
    free(source.buffer);
    return code;
}

int ps_png_read_memory(const uint8_t *data, size_t length, const ps_png_options *options, ps_png_result *result) {
    if (!result || !options) return PS_PNG_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    if (!data || length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(result->message, PS_PNG_MESSAGE_LENGTH, "not a PNG file");
        return PS_PNG_ERR_FORMAT;
    }
    ps_png_source source;
    memset(&source, 0, sizeof(source));
    source.data = data;
    source.length = length;
    source.offset = 8;
    return read_with_source(&source, options, result);
}
