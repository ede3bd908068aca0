/* PhotoStack fast reader for the thumbnails ps_png_write_file produces: see include/png_shim.h. */
#include "png_shim.h"
#include "png_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include "ps_budget.h"
#include "ps_scratch.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__clang__)
#include <tmmintrin.h>
#define HAVE_SSSE3_PATH 1
#endif

/* Each thread keeps its file buffer between reads (thumbnails are ~0.5 MB): a fresh one per read cost ~130
 * page faults (the process's mmap threshold is 128 KB). Files over SCRATCH_KEEP get a buffer of their own. */
#define SCRATCH_KEEP (4u << 20)

static uint8_t *scratch_get(size_t size, int *owned) { return ps_scratch_get(PS_SCRATCH_PNG_FILE, size, SCRATCH_KEEP, owned); }

/* The output pixels of a thumbnail (~0.7 MB) are anonymous mappings: populated in one mmap call (written page
 * by page, a fresh malloc'ed buffer took ~170 page faults, ~1/3 of a warm thumbnail read), and the last
 * POOL_SLOTS of them freed are kept for the next reads of the same size (thumbnails of one size class mostly
 * share it), which saves the page allocation, zeroing and unmapping as the memory cache evicts and refills.
 * At most POOL_SLOTS * ~0.7 MB stay mapped. */
#define POOL_SLOTS 2
static struct { void *pointer; size_t bytes; } pool[POOL_SLOTS];
static int pool_count;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

static uint8_t *map_populated(size_t bytes) {
    pthread_mutex_lock(&pool_lock);
    for (int i = pool_count - 1; i >= 0; i--) {
        if (pool[i].bytes == bytes) {
            void *p = pool[i].pointer;
            pool[i] = pool[--pool_count];
            pthread_mutex_unlock(&pool_lock);
            return (uint8_t *)p;
        }
    }
    pthread_mutex_unlock(&pool_lock);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    return p == MAP_FAILED ? NULL : (uint8_t *)p;
}

void ps_png_unmap_pixels(void *pointer, size_t bytes) {
    if (!pointer) return;
    pthread_mutex_lock(&pool_lock);
    if (pool_count == POOL_SLOTS) {
        /* Full: make room by dropping the oldest (its size may no longer be wanted). */
        void *oldest = pool[0].pointer;
        size_t oldest_bytes = pool[0].bytes;
        memmove(&pool[0], &pool[1], sizeof(pool[0]) * (POOL_SLOTS - 1));
        pool_count--;
        pool[pool_count].pointer = pointer;
        pool[pool_count].bytes = bytes;
        pool_count++;
        pthread_mutex_unlock(&pool_lock);
        munmap(oldest, oldest_bytes);
        return;
    }
    pool[pool_count].pointer = pointer;
    pool[pool_count].bytes = bytes;
    pool_count++;
    pthread_mutex_unlock(&pool_lock);
}

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/* A run of bytes inside the file buffer. */
typedef struct { const uint8_t *data; size_t length; } span;

typedef struct { span *items; size_t count, capacity; } span_list;

static int span_push(span_list *list, const uint8_t *data, size_t length) {
    if (length == 0) return 0;
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 64;
        span *grown = (span *)realloc(list->items, capacity * sizeof(span));
        if (!grown) return -1;
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count].data = data;
    list->items[list->count].length = length;
    list->count++;
    return 0;
}

/* Reads sequentially across the spans of a list. */
typedef struct { const span_list *list; size_t index, offset; } span_cursor;

/* Copies `count` bytes out (NULL: skips them). Returns 0, or -1 at the end of the data. */
static int cursor_read(span_cursor *c, uint8_t *out, size_t count) {
    while (count > 0) {
        if (c->index >= c->list->count) return -1;
        const span *s = &c->list->items[c->index];
        size_t n = s->length - c->offset;
        if (n > count) n = count;
        if (out) { memcpy(out, s->data + c->offset, n); out += n; }
        c->offset += n;
        count -= n;
        if (c->offset == s->length) { c->index++; c->offset = 0; }
    }
    return 0;
}

/* Takes up to `count` bytes that lie in one span (no copy). Returns the number taken (0 at the end). */
static size_t cursor_take(span_cursor *c, size_t count, const uint8_t **out) {
    if (c->index >= c->list->count) return 0;
    const span *s = &c->list->items[c->index];
    size_t n = s->length - c->offset;
    if (n > count) n = count;
    *out = s->data + c->offset;
    c->offset += n;
    if (c->offset == s->length) { c->index++; c->offset = 0; }
    return n;
}

#if HAVE_SSSE3_PATH
/* R,G,B bytes to 0xFFRRGGBB words, 4 pixels per shuffle; returns the pixels done (the rest is left to the
 * scalar loop: each step reads 16 input bytes, so it stops 6 pixels before the end of the row). */
__attribute__((target("ssse3")))
static uint32_t rgb_to_argb_ssse3(const uint8_t *in, uint32_t *out, uint32_t width) {
    const __m128i shuffle = _mm_setr_epi8(2, 1, 0, -128, 5, 4, 3, -128, 8, 7, 6, -128, 11, 10, 9, -128);
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    uint32_t x = 0;
    for (; x + 6 <= width; x += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(in + 3 * (size_t)x));
        _mm_storeu_si128((__m128i *)(out + x), _mm_or_si128(_mm_shuffle_epi8(v, shuffle), alpha));
    }
    return x;
}

static int have_ssse3(void) {
    static int known = -1;
    if (known < 0) known = __builtin_cpu_supports("ssse3") ? 1 : 0;
    return known;
}
#endif

static void convert_row(const uint8_t *in, uint32_t *out, uint32_t width, int channels) {
    if (channels == 3) {
        uint32_t x = 0;
#if HAVE_SSSE3_PATH
        if (have_ssse3()) x = rgb_to_argb_ssse3(in, out, width);
        in += 3 * (size_t)x;
#endif
        for (; x < width; x++, in += 3)
            out[x] = 0xFF000000u | (uint32_t)in[0] << 16 | (uint32_t)in[1] << 8 | in[2];
    } else {
        for (uint32_t x = 0; x < width; x++, in += 4) {
            uint32_t r = in[0], g = in[1], b = in[2], a = in[3];
            if (a != 255) { r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255; }
            out[x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
}

static int fail(ps_png_result *result, int code, const char *why) {
    strncpy(result->message, why, PS_PNG_MESSAGE_LENGTH - 1);
    return code;
}

int ps_png_read_stored_fd(int fd, int64_t max_bytes, int64_t max_pixels, int32_t max_side, int32_t budget_wait_ms,
                          ps_png_result *result) {
    if (fd < 0 || !result) return PS_PNG_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 8 + 25 + 12 || st.st_size > max_bytes ||
        st.st_size > (1LL << 30)) {
        return fail(result, PS_PNG_ERR_UNSUPPORTED, "not a regular file of a plausible size");
    }
    size_t size = (size_t)st.st_size;
    /* The file buffer is reserved in the decode budget for the read; the pixels once the size is known. */
    int budget = ps_budget_reserve((int64_t)size, budget_wait_ms);
    if (budget != PS_BUDGET_OK)
        return fail(result, budget == PS_BUDGET_TOO_LARGE ? PS_PNG_ERR_TOO_LARGE : PS_PNG_ERR_BUSY, "decode memory budget");
    int64_t reserved = (int64_t)size;
    int file_owned = 0;
    uint8_t *file = scratch_get(size, &file_owned);
    if (!file) { ps_budget_release(reserved); return fail(result, PS_PNG_ERR_NOMEM, "out of memory"); }
    size_t got = 0;
    while (got < size) {
        ssize_t n = pread(fd, file + got, size - got, (off_t)got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }

    int code = PS_PNG_ERR_UNSUPPORTED, mapped = 0;
    const char *why = "not a stored-block PNG";
    span_list idat = {0}, raw = {0};
    char *texts = NULL;
    size_t texts_length = 0;
    int32_t text_count = 0;
    uint8_t *pixels = NULL, *row_copy = NULL;
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (got != size || memcmp(file, signature, 8) != 0) { why = "short read or not a PNG"; goto done; }

    /* Chunks. Every chunk but IDAT has its CRC checked (IDAT data is covered by the zlib Adler-32). */
    uint32_t width = 0, height = 0;
    int channels = 0, seen_end = 0;
    size_t texts_capacity = 0;
    for (size_t at = 8; !seen_end;) {
        if (size - at < 12) { why = "truncated chunk"; goto done; }
        uint32_t length = be32(file + at);
        const uint8_t *type = file + at + 4, *data = file + at + 8;
        if (length > size - at - 12) { why = "chunk longer than the file"; goto done; }
        int is_idat = memcmp(type, "IDAT", 4) == 0;
        if (!is_idat && ps_png_chunk_crc(type, (size_t)length + 4) != be32(data + length)) {
            why = "chunk CRC mismatch"; goto done;
        }
        if (at == 8) {
            if (memcmp(type, "IHDR", 4) != 0 || length != 13) { why = "no IHDR first"; goto done; }
            width = be32(data);
            height = be32(data + 4);
            if (data[8] != 8 || data[10] != 0 || data[11] != 0 || data[12] != 0 || (data[9] != 2 && data[9] != 6)) {
                why = "not 8-bit RGB/RGBA, non-interlaced"; goto done;
            }
            channels = data[9] == 2 ? 3 : 4;
            if (width == 0 || height == 0 || width > 0x7FFFFFFF / 4 || height > 0x7FFFFFFF) { why = "bad size"; goto done; }
            if ((max_pixels > 0 && (int64_t)width * (int64_t)height > max_pixels) ||
                (max_side > 0 && (width > (uint32_t)max_side || height > (uint32_t)max_side))) {
                code = PS_PNG_ERR_TOO_LARGE; why = "over the size limit"; goto done;
            }
        } else if (is_idat) {
            if (span_push(&idat, data, length) != 0) { code = PS_PNG_ERR_NOMEM; why = "out of memory"; goto done; }
        } else if (memcmp(type, "tEXt", 4) == 0) {
            const uint8_t *nul = (const uint8_t *)memchr(data, 0, length);
            if (!nul || nul == data) { why = "bad tEXt"; goto done; }
            if (texts_length + length + 1 > texts_capacity) {
                size_t capacity = (texts_length + length + 1) * 2 + 256;
                char *grown = (char *)realloc(texts, capacity);
                if (!grown) { code = PS_PNG_ERR_NOMEM; why = "out of memory"; goto done; }
                texts = grown;
                texts_capacity = capacity;
            }
            memcpy(texts + texts_length, data, length);   /* key \0 value */
            texts_length += length;
            texts[texts_length++] = 0;
            text_count++;
        } else if (memcmp(type, "IEND", 4) == 0) {
            seen_end = 1;
        } else if (memcmp(type, "zTXt", 4) == 0 || memcmp(type, "iTXt", 4) == 0 || !(type[0] & 0x20)) {
            /* Compressed/international text, or a critical chunk (PLTE, ...) we do not handle: libpng's job. */
            why = "chunk the fast reader does not handle"; goto done;
        }
        at += 12 + (size_t)length;
    }
    if (idat.count == 0) { why = "no image data"; goto done; }

    /* The zlib stream: header, stored blocks only, Adler-32. */
    span_cursor in = { &idat, 0, 0 };
    uint8_t header[4];
    if (cursor_read(&in, header, 2) != 0 || (header[0] & 0x0F) != 8 || (header[0] >> 4) > 7 ||
        ((header[0] << 8) | header[1]) % 31 != 0 || (header[1] & 0x20)) { why = "bad zlib header"; goto done; }
    size_t row_bytes = 1 + (size_t)width * (size_t)channels;
    size_t expected = row_bytes * height, total = 0;
    for (int final = 0; !final;) {
        uint8_t block[5];
        if (cursor_read(&in, block, 1) != 0) { why = "truncated zlib stream"; goto done; }
        if ((block[0] >> 1) & 3) { why = "compressed deflate block"; goto done; }   /* libpng reads those */
        final = block[0] & 1;
        if (cursor_read(&in, block + 1, 4) != 0) { why = "truncated zlib stream"; goto done; }
        uint32_t len = block[1] | (uint32_t)block[2] << 8, nlen = block[3] | (uint32_t)block[4] << 8;
        if ((len ^ 0xFFFF) != nlen) { why = "stored block length check failed"; goto done; }
        if (len > expected - total) { why = "more image data than the size needs"; goto done; }
        total += len;
        while (len > 0) {
            const uint8_t *p;
            size_t n = cursor_take(&in, len, &p);
            if (n == 0) { why = "truncated zlib stream"; goto done; }
            if (span_push(&raw, p, n) != 0) { code = PS_PNG_ERR_NOMEM; why = "out of memory"; goto done; }
            len -= (uint32_t)n;
        }
    }
    if (total != expected) { why = "image data shorter than the size needs"; goto done; }
    if (cursor_read(&in, header, 4) != 0) { why = "no Adler-32"; goto done; }
    uint32_t adler = 1;
    for (size_t i = 0; i < raw.count; i++) adler = ps_adler32(adler, raw.items[i].data, raw.items[i].length);
    if (adler != be32(header)) { code = PS_PNG_ERR_FORMAT; why = "Adler-32 mismatch: corrupt image data"; goto done; }

    /* Rows, straight into the premultiplied ARGB32 buffer (a row split between two blocks is copied first). */
    size_t stride = (size_t)width * 4;
    if (ps_budget_reserve((int64_t)(stride * height), budget_wait_ms) != PS_BUDGET_OK) {
        code = PS_PNG_ERR_TOO_LARGE; why = "over the decode memory budget"; goto done;
    }
    reserved += (int64_t)(stride * height);
    mapped = stride * height >= (128u << 10);
    pixels = mapped ? map_populated(stride * height) : (uint8_t *)malloc(stride * height);
    row_copy = (uint8_t *)malloc(row_bytes);
    if (!pixels || !row_copy) { code = PS_PNG_ERR_NOMEM; why = "out of memory"; goto done; }
    span_cursor rows = { &raw, 0, 0 };
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row;
        const span *s = &raw.items[rows.index];
        if (s->length - rows.offset >= row_bytes) {
            cursor_take(&rows, row_bytes, &row);
        } else {
            if (cursor_read(&rows, row_copy, row_bytes) != 0) { why = "image data ended early"; goto done; }
            row = row_copy;
        }
        if (row[0] != 0) { why = "row filter other than None"; goto done; }
        convert_row(row + 1, (uint32_t *)(pixels + stride * y), width, channels);
    }
    code = PS_PNG_OK;
done:
    free(idat.items);
    free(raw.items);
    free(row_copy);
    if (file_owned) free(file);
    if (code == PS_PNG_OK) {
        /* What stays reserved: the returned pixels (the caller releases them). */
        ps_budget_release(reserved - (int64_t)((size_t)width * 4 * height));
        result->reserved_bytes = (int64_t)((size_t)width * 4 * height);
        result->image_width = (int32_t)width;
        result->image_height = (int32_t)height;
        result->width = (int32_t)width;
        result->height = (int32_t)height;
        result->stride = (int32_t)(width * 4);
        result->pixels = pixels;
        result->pixels_mapped = mapped;
        if (text_count > 0) {
            result->texts = texts;
            result->texts_length = texts_length;
            result->text_count = text_count;
        } else {
            free(texts);
        }
        return PS_PNG_OK;
    }
    if (mapped) ps_png_unmap_pixels(pixels, (size_t)width * 4 * height); else free(pixels);
    ps_budget_release(reserved);
    free(texts);
    return fail(result, code, why);
}
