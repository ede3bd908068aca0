/* The 1/8-scale DC decoder: MCU loop, reduced IDCTs, upsampling and colour conversion (see
 * include/jpeg_dc_decoder.h). Every arithmetic step below follows what libjpeg-turbo does at scale 1/8, so that
 * the two pictures agree. */
#include "jpeg_dc_internal.h"

#include <stdlib.h>
#include <string.h>

/* Zig-zag position -> natural (row-major) position. */
static const uint8_t natural_order[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

typedef struct {
    int h, v;                  /* sampling factors (1, 1 for a lone component) */
    int scaled;                /* libjpeg's IDCT output size at 1/8 for this component: 1 or 2 */
    int shift_x, shift_y;      /* replication to the output grid: output x >> shift_x = sample x */
    const dc_table *dc, *ac;
    const uint16_t *quant;
    int plane_width;           /* samples per plane row (one MCU row) */
    uint8_t *plane;            /* v * scaled rows */
    uint32_t last_dc;          /* DC predictor (unsigned: wraps like libjpeg's on hostile data) */
} dc_component;

/* libjpeg's post-IDCT range limit: value & 1023 through its sample_range_limit table. */
static inline uint8_t idct_limit(int64_t value) {
    int t = (int)(value & 1023);
    return (uint8_t)(t < 128 ? t + 128 : t < 512 ? 255 : t < 896 ? 0 : t - 896);
}

static inline int extend(uint32_t bits, int size) {
    return bits < (1u << (size - 1)) ? (int)bits - (1 << size) + 1 : (int)bits;
}

/* One Huffman symbol (needs count >= 16), or -1 for a bad code. */
static inline int decode_symbol(dc_bits *b, const dc_table *t) {
    uint32_t f = t->fast[dc_peek(b, DC_FAST_BITS)];
    if (f) {
        dc_drop(b, (int)(f >> 8));
        return (int)(f & 0xFF);
    }
    int length = 0;
    int symbol = dc_decode_long(t, b->bits, &length);
    if (symbol >= 0) dc_drop(b, length);
    return symbol;
}

/* The DC difference of the next block, or INT32_MIN for a bad code. */
static inline int decode_dc(dc_reader *r, dc_bits *b, const dc_table *t) {
    if (b->count < 32) dc_refill(r, b);
    int size = decode_symbol(b, t);
    if (size < 0) return INT32_MIN;
    if (!size) return 0;
    uint32_t bits = dc_peek(b, size); /* size <= 15 (checked when the table was built) */
    dc_drop(b, size);
    return extend(bits, size);
}

/* Skips the 63 AC coefficients of a block. Returns 0, or -1 for a bad code. */
static inline int skip_ac(dc_reader *r, dc_bits *b, const dc_table *t) {
    int k = 1;
    while (k < 64) {
        if (b->count < 32) dc_refill(r, b);
        uint32_t e = t->skip[dc_peek(b, DC_SKIP_BITS)];
        if ((uint32_t)k < (e >> 12)) {
            dc_drop(b, (int)(e & 31));
            k += (int)((e >> 5) & 0x7F);
            continue;
        }
        int symbol = decode_symbol(b, t);
        if (symbol < 0) return -1;
        int run = symbol >> 4, size = symbol & 15;
        if (size) {
            dc_drop(b, size);
            k += run + 1;
        } else if (run == 15) {
            k += 16;
        } else {
            return 0;
        }
    }
    return 0;
}

/* Decodes the AC coefficients of a block into `coef` (natural order, zeroed by the caller). */
static int decode_ac(dc_reader *r, dc_bits *b, const dc_table *t, int16_t coef[64]) {
    for (int k = 1; k < 64; k++) {
        if (b->count < 32) dc_refill(r, b);
        int symbol = decode_symbol(b, t);
        if (symbol < 0) return -1;
        int run = symbol >> 4, size = symbol & 15;
        if (size) {
            k += run;
            uint32_t bits = dc_peek(b, size);
            dc_drop(b, size);
            coef[natural_order[k < 63 ? k : 63]] = (int16_t)extend(bits, size);
        } else if (run == 15) {
            k += 15;
        } else {
            break;
        }
    }
    return 0;
}

/* libjpeg's 2x2 reduced IDCT (jidctred.c, CONST_BITS 13, PASS1_BITS 2): columns and rows 0, 1, 3, 5, 7.
 * libjpeg-turbo runs its SIMD version (jsimd_idct_2x2: 16-bit dequantisation, 32-bit sums, 16-bit pass-1
 * values, saturating output) where the C one wraps through its range-limit table: the two agree only while the
 * values stay in range, which they always do for blocks an encoder made from real pixels. A block outside that
 * range (hostile data) returns -1: the caller leaves the file to libjpeg. */
#define IDCT_IN_RANGE(v, limit) ((v) >= -(limit) && (v) <= (limit))
static int idct_2x2(const int16_t coef[64], const uint16_t *quant, uint8_t *out, int out_stride) {
    static const int columns[5] = {0, 1, 3, 5, 7};
    int64_t ws[16] = {0};
    for (int i = 0; i < 5; i++) {
        int c = columns[i];
        if (!coef[8 + c] && !coef[24 + c] && !coef[40 + c] && !coef[56 + c]) {
            /* No odd terms: both rows are the DC term (the formula below gives the same). */
            int64_t z0 = (int64_t)coef[c] * quant[c];
            if (!IDCT_IN_RANGE(z0 * 4, 16383)) return -1;
            ws[c] = ws[8 + c] = z0 * 4;
            continue;
        }
        int64_t z0 = (int64_t)coef[c] * quant[c], z1 = (int64_t)coef[8 + c] * quant[8 + c];
        int64_t z3 = (int64_t)coef[24 + c] * quant[24 + c], z5 = (int64_t)coef[40 + c] * quant[40 + c];
        int64_t z7 = (int64_t)coef[56 + c] * quant[56 + c];
        if (!IDCT_IN_RANGE(z0, 16383) || !IDCT_IN_RANGE(z1, 16383) || !IDCT_IN_RANGE(z3, 16383) ||
            !IDCT_IN_RANGE(z5, 16383) || !IDCT_IN_RANGE(z7, 16383))
            return -1;
        int64_t t10 = z0 * (1 << 15);
        int64_t t0 = z7 * -5906 + z5 * 6967 + z3 * -10426 + z1 * 29692;
        ws[c] = (t10 + t0 + (1 << 12)) >> 13;
        ws[8 + c] = (t10 - t0 + (1 << 12)) >> 13;
        if (!IDCT_IN_RANGE(ws[c], 16383) || !IDCT_IN_RANGE(ws[8 + c], 16383)) return -1;
    }
    for (int row = 0; row < 2; row++) {
        const int64_t *w = ws + 8 * row;
        int64_t t10 = w[0] * (1 << 15);
        int64_t t0 = w[7] * -5906 + w[5] * 6967 + w[3] * -10426 + w[1] * 29692;
        int64_t a = (t10 + t0 + (1 << 19)) >> 20, b = (t10 - t0 + (1 << 19)) >> 20;
        if (a < -384 || a > 383 || b < -384 || b > 383) return -1;
        out[row * out_stride] = idct_limit(a);
        out[row * out_stride + 1] = idct_limit(b);
    }
    return 0;
}

/* One block of component `c` at plane column `x`, plane row `y` (in samples). Returns 0 or -1. */
static inline int decode_block(dc_reader *r, dc_bits *b, dc_component *c, int x, int y) {
    int diff = decode_dc(r, b, c->dc);
    if (diff == INT32_MIN) return -1;
    c->last_dc += (uint32_t)diff;
    int16_t dc = (int16_t)(uint16_t)c->last_dc; /* libjpeg keeps coefficients as 16-bit JCOEF */
    if (c->scaled == 1) {
        if (skip_ac(r, b, c->ac) != 0) return -1;
        c->plane[(size_t)y * (size_t)c->plane_width + (size_t)x] = idct_limit(((int64_t)dc * c->quant[0] + 4) >> 3);
        return 0;
    }
    int16_t coef[64];
    memset(coef, 0, sizeof(coef));
    coef[0] = dc;
    if (decode_ac(r, b, c->ac, coef) != 0) return -1;
    return idct_2x2(coef, c->quant, c->plane + (size_t)y * (size_t)c->plane_width + (size_t)x, c->plane_width);
}

/* One MCU (every block of every component, in scan order) at MCU column `col`. Returns 0 or -1. */
static int decode_mcu(dc_reader *r, dc_component *comp, int n, int col) {
    dc_bits b = {r->bits, r->count};
    int status = 0;
    for (int i = 0; i < n && status == 0; i++) {
        dc_component *c = &comp[i];
        for (int by = 0; by < c->v && status == 0; by++)
            for (int bx = 0; bx < c->h && status == 0; bx++)
                status = decode_block(r, &b, c, (col * c->h + bx) * c->scaled, by * c->scaled);
    }
    r->bits = b.bits;
    r->count = b.count;
    return status;
}

/* At the end of a restart interval: the data must end (at most 7 padding bits left) with marker RSTn. */
static int restart(dc_reader *r, int expected) {
    if (!r->marker) dc_refill_slow(r);
    int real = r->count - r->padded;
    if (r->marker != 0xD0 + expected || real < 0 || real > 7) return -1;
    r->bits = 0;
    r->count = 0;
    r->padded = 0;
    r->marker = 0;
    return 0;
}

/* After the scan: libjpeg reads on to EOI and refuses the file if another scan (or a frame, or a table it finds
   bad) comes first. Only EOI (or the end of the data), possibly after stray bytes or RSTn markers that libjpeg
   skips too, is taken here; any other marker is left to libjpeg (PS_DC_CORRUPT: the caller falls back). */
static int expect_end(dc_reader *r) {
    for (;;) {
        if (r->marker == 0xD9 || r->marker == 0x100) return PS_DC_OK;
        if (r->marker && (r->marker < 0xD0 || r->marker > 0xD7)) return PS_DC_CORRUPT;
        r->marker = 0;
        r->bits = 0;
        r->count = 0;
        r->padded = 0;
        dc_refill_slow(r);
    }
}

static inline uint8_t clamp255(int v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

/* The output rows of one MCU row: upsampling by replication, then libjpeg's YCbCr->RGB (jdcolor.c). */
static void write_rows(const dc_component *comp, int components, uint32_t *pixels, size_t stride, int first_row,
                       int rows, int width) {
    for (int oy = 0; oy < rows; oy++) {
        uint32_t *out = (uint32_t *)((uint8_t *)pixels + stride * (size_t)(first_row + oy));
        const uint8_t *yrow = comp[0].plane + (size_t)(oy >> comp[0].shift_y) * (size_t)comp[0].plane_width;
        if (components == 1) {
            for (int x = 0; x < width; x++) {
                uint32_t g = yrow[x];
                out[x] = 0xFF000000u | (g << 16) | (g << 8) | g;
            }
            continue;
        }
        const uint8_t *cbrow = comp[1].plane + (size_t)(oy >> comp[1].shift_y) * (size_t)comp[1].plane_width;
        const uint8_t *crrow = comp[2].plane + (size_t)(oy >> comp[2].shift_y) * (size_t)comp[2].plane_width;
        int sy = comp[0].shift_x, sb = comp[1].shift_x, sr = comp[2].shift_x;
        for (int x = 0; x < width; x++) {
            int y = yrow[x >> sy], cb = cbrow[x >> sb] - 128, cr = crrow[x >> sr] - 128;
            int r = y + ((91881 * cr + 32768) >> 16);
            int g = y + ((-22554 * cb + 32768 - 46802 * cr) >> 16);
            int b = y + ((116130 * cb + 32768) >> 16);
            out[x] = 0xFF000000u | ((uint32_t)clamp255(r) << 16) | ((uint32_t)clamp255(g) << 8) | clamp255(b);
        }
    }
}

int32_t ps_dc_output_size(int32_t size) { return (int32_t)(((int64_t)size + 7) / 8); }

typedef struct {
    dc_table dc[4], ac[4];
    dc_component comp[3];
} dc_state;

/* Validates the frame and fills `s`. Returns PS_DC_OK or PS_DC_UNSUPPORTED. */
static int setup(const ps_dc_frame *f, dc_state *s, int *max_h, int *max_v) {
    int n = f->components;
    if ((n != 1 && n != 3) || (n == 1) != (f->grayscale != 0)) return PS_DC_UNSUPPORTED;
    if (f->image_width < 1 || f->image_height < 1 || f->image_width > 65535 || f->image_height > 65535)
        return PS_DC_UNSUPPORTED;
    if (f->restart_interval < 0 || f->restart_interval > 65535) return PS_DC_UNSUPPORTED;
    *max_h = 1;
    *max_v = 1;
    for (int i = 0; i < n; i++) {
        if (f->h[i] < 1 || f->h[i] > 2 || f->v[i] < 1 || f->v[i] > 2) return PS_DC_UNSUPPORTED;
        if (f->dc_table[i] < 0 || f->dc_table[i] > 3 || f->ac_table[i] < 0 || f->ac_table[i] > 3) return PS_DC_UNSUPPORTED;
        if (f->h[i] > *max_h) *max_h = f->h[i];
        if (f->v[i] > *max_v) *max_v = f->v[i];
    }
    if (n == 1) *max_h = *max_v = 1; /* a lone component's scan is one block per MCU, whatever its factors */
    int built_dc[4] = {0}, built_ac[4] = {0};
    for (int i = 0; i < n; i++) {
        dc_component *c = &s->comp[i];
        int d = f->dc_table[i], a = f->ac_table[i];
        if (!built_dc[d]) { if (dc_build_table(&s->dc[d], &f->dc[d], 0) != 0) return PS_DC_UNSUPPORTED; built_dc[d] = 1; }
        if (!built_ac[a]) { if (dc_build_table(&s->ac[a], &f->ac[a], 1) != 0) return PS_DC_UNSUPPORTED; built_ac[a] = 1; }
        c->dc = &s->dc[d];
        c->ac = &s->ac[a];
        c->quant = f->quant[i];
        c->h = n == 1 ? 1 : f->h[i];
        c->v = n == 1 ? 1 : f->v[i];
        /* libjpeg (jdmaster.c): scale a subsampled component up in its IDCT while that keeps 1:1 upsampling. */
        int scaled = 1;
        while (scaled < 8 && *max_h % (c->h * scaled * 2) == 0 && *max_v % (c->v * scaled * 2) == 0) scaled *= 2;
        c->scaled = scaled;
        int ex = *max_h / (c->h * scaled), ey = *max_v / (c->v * scaled);
        if (ex * c->h * scaled != *max_h || ey * c->v * scaled != *max_v || ex > 2 || ey > 2) return PS_DC_UNSUPPORTED;
        c->shift_x = ex == 2;
        c->shift_y = ey == 2;
        c->last_dc = 0;
    }
    return PS_DC_OK;
}

int ps_dc_decode(const ps_dc_frame *f, const uint8_t *data, size_t length, ps_dc_fill_fn fill, void *context,
                 uint32_t *pixels, size_t stride) {
    if (!f || !pixels || (!data && length)) return PS_DC_UNSUPPORTED;
    dc_state *s = (dc_state *)calloc(1, sizeof(dc_state));
    if (!s) return PS_DC_NOMEM;
    int max_h = 1, max_v = 1;
    int status = setup(f, s, &max_h, &max_v);
    int n = f->components;
    int width = ps_dc_output_size(f->image_width), height = ps_dc_output_size(f->image_height);
    if (status == PS_DC_OK && stride < (size_t)width * 4) status = PS_DC_UNSUPPORTED;
    /* MCU grid: max_h x max_v blocks of the largest component (1 block for a lone component). */
    int mcus_per_row = (int)(((int64_t)f->image_width + 8 * max_h - 1) / (8 * max_h));
    int mcu_rows = (int)(((int64_t)f->image_height + 8 * max_v - 1) / (8 * max_v));
    for (int i = 0; status == PS_DC_OK && i < n; i++) {
        dc_component *c = &s->comp[i];
        c->plane_width = mcus_per_row * c->h * c->scaled;
        c->plane = (uint8_t *)malloc((size_t)c->plane_width * (size_t)(c->v * c->scaled));
        if (!c->plane) status = PS_DC_NOMEM;
    }
    dc_reader r = {0};
    r.next = data;
    r.end = data + length;
    r.fill = fill;
    r.context = context;
    int todo = f->restart_interval, next_restart = 0;
    for (int row = 0; status == PS_DC_OK && row < mcu_rows; row++) {
        for (int col = 0; status == PS_DC_OK && col < mcus_per_row; col++) {
            if (f->restart_interval) {
                if (todo == 0) {
                    if (restart(&r, next_restart) != 0) { status = PS_DC_CORRUPT; break; }
                    next_restart = (next_restart + 1) & 7;
                    for (int i = 0; i < n; i++) s->comp[i].last_dc = 0;
                    todo = f->restart_interval;
                }
                todo--;
            }
            if (decode_mcu(&r, s->comp, n, col) != 0) status = PS_DC_CORRUPT;
        }
        /* Bits past the end of the data were used: the file is truncated or corrupt. */
        if (status == PS_DC_OK && r.count < r.padded) status = PS_DC_CORRUPT;
        if (status != PS_DC_OK) break;
        int first = row * max_v, rows = height - first < max_v ? height - first : max_v;
        write_rows(s->comp, n, pixels, stride, first, rows, width);
    }
    if (status == PS_DC_OK) status = expect_end(&r);
    for (int i = 0; i < 3; i++) free(s->comp[i].plane);
    free(s);
    return status;
}
