#include "ps_draw.h"

#include <math.h>
#include <stddef.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#include <pthread.h>
#endif

/* Fixed point: 16.16 source coordinates. */
#define FX_ONE 65536.0

static inline uint32_t texel(const uint8_t *src, int stride, int w, int h, int x, int y) {
    if ((unsigned)x >= (unsigned)w || (unsigned)y >= (unsigned)h) return 0;
    return ((const uint32_t *)(src + (size_t)y * stride))[x];
}

/* Bilinear blend of four premultiplied pixels with 8-bit weights fx, fy (0…256): red/blue and alpha/green
 * travel in pairs of 16-bit lanes of one 32-bit word (products fit: 255 × 256 × 256 < 2^24 per lane before
 * the shift, and the lanes are 16 bits apart). */
static inline uint32_t blend4(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, uint32_t fx, uint32_t fy) {
    uint32_t wtl = (256 - fx) * (256 - fy), wtr = fx * (256 - fy), wbl = (256 - fx) * fy, wbr = fx * fy;
    /* weights sum to 65536; scale to 0…256 per product pair with >> 8 on the weights first. */
    wtl >>= 8; wtr >>= 8; wbl >>= 8; wbr = 256 - wtl - wtr - wbl;
    uint32_t rb = ((tl & 0x00ff00ffu) * wtl + (tr & 0x00ff00ffu) * wtr + (bl & 0x00ff00ffu) * wbl + (br & 0x00ff00ffu) * wbr);
    uint32_t ag = (((tl >> 8) & 0x00ff00ffu) * wtl + ((tr >> 8) & 0x00ff00ffu) * wtr
                   + ((bl >> 8) & 0x00ff00ffu) * wbl + ((br >> 8) & 0x00ff00ffu) * wbr);
    return (((rb + 0x00800080u) >> 8) & 0x00ff00ffu) | ((ag + 0x00800080u) & 0xff00ff00u);
}

#if defined(__SSE2__)
/* Weight vectors by 7-bit fraction f (weights 256 − 2f and 2f): vertical [w0 ×8 | …] and horizontal
 * [w0 ×4, w1 ×4], built once. */
static __m128i vertical_top[128], vertical_bottom[128], horizontal[128];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void) {
    for (int f = 0; f < 128; f++) {
        short w1 = (short)(2 * f), w0 = (short)(256 - 2 * f);
        vertical_top[f] = _mm_set1_epi16(w0);
        vertical_bottom[f] = _mm_set1_epi16(w1);
        horizontal[f] = _mm_set_epi16(w1, w1, w1, w1, w0, w0, w0, w0);
    }
}
#endif

/* The 2×2 texels at p[0], p[1] (top row) and q[0], q[1] (bottom row), all inside the source; fx, fy are the
 * 7-bit fractions. */
static inline uint32_t blend_inner(const uint32_t *p, const uint32_t *q, uint32_t fx, uint32_t fy) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    __m128i top = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)p), zero);      /* tl | tr, 16-bit lanes */
    __m128i bottom = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)q), zero);   /* bl | br */
    /* Vertical: top·(256 − 2fy) + bottom·2fy, each lane ≤ 255·256 (fits 16 bits unsigned). */
    __m128i col = _mm_add_epi16(_mm_mullo_epi16(top, vertical_top[fy]), _mm_mullo_epi16(bottom, vertical_bottom[fy]));
    col = _mm_srli_epi16(col, 8);                                                   /* left | right, 0…255 */
    __m128i prod = _mm_mullo_epi16(col, horizontal[fx]);
    __m128i sum = _mm_add_epi16(prod, _mm_srli_si128(prod, 8));
    sum = _mm_srli_epi16(_mm_add_epi16(sum, _mm_set1_epi16(128)), 8);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(sum, zero));
#else
    return blend4(p[0], p[1], q[0], q[1], fx << 1, fy << 1);
#endif
}

/* Resamples the pixels [xa, xb) of one row (u, v: 16.16 source coordinates of pixel xa's top-left texel; inner
 * span [inner0, inner1): footprints wholly inside the source). */
static void resample_span(uint32_t *row, int xa, int xb, int64_t u, int64_t v, int64_t dux, int64_t dvx, int inner0, int inner1,
                          const uint8_t *s, int src_stride, int src_width, int src_height) {
    int x = xa;
    for (; x < xb; x++, u += dux, v += dvx) {
        if (x >= inner0 && x < inner1) {
            int end = inner1 < xb ? inner1 : xb;
            for (; x < end; x++, u += dux, v += dvx) {
                const uint32_t *p = (const uint32_t *)(s + (size_t)(v >> 16) * src_stride) + (u >> 16);
                const uint32_t *q = (const uint32_t *)((const uint8_t *)p + src_stride);
                row[x] = blend_inner(p, q, (uint32_t)((u >> 9) & 0x7f), (uint32_t)((v >> 9) & 0x7f));
            }
            if (x >= xb) break;
        }
        /* Arithmetic shift floors negatives (the texel left of 0 is -1, outside). */
        int64_t iu = u >> 16, iv = v >> 16;
        uint32_t fx = (uint32_t)((u >> 9) & 0x7f) << 1, fy = (uint32_t)((v >> 9) & 0x7f) << 1;
        if (iu < -1 || iv < -1 || iu >= src_width || iv >= src_height) { row[x] = 0; continue; }
        int ix = (int)iu, iy = (int)iv;
        uint32_t tl = texel(s, src_stride, src_width, src_height, ix, iy);
        uint32_t tr = texel(s, src_stride, src_width, src_height, ix + 1, iy);
        uint32_t bl = texel(s, src_stride, src_width, src_height, ix, iy + 1);
        uint32_t br = texel(s, src_stride, src_width, src_height, ix + 1, iy + 1);
        row[x] = (tl | tr | bl | br) ? blend4(tl, tr, bl, br, fx, fy) : 0;
    }
}

/* The pixels of row `y` whose centres lie inside the convex quad `q` (4 corners in order): [*a, *b), empty when
 * *a >= *b. A quad with a corner that is not a number covers nothing. */
static void quad_row_span(const double q[8], int y, int *a, int *b) {
    double cy = y + 0.5, lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < 8; i++) if (!isfinite(q[i]) || fabs(q[i]) > 1e9) { *a = 0; *b = 0; return; }
    for (int i = 0; i < 4; i++) {
        double xa = q[2 * i], ya = q[2 * i + 1], xb = q[(2 * i + 2) % 8], yb = q[(2 * i + 3) % 8];
        if ((cy < ya && cy < yb) || (cy > ya && cy > yb)) continue;
        if (ya == yb) {   /* a horizontal edge on the centre line: both ends count */
            if (xa < lo) lo = xa;
            if (xa > hi) hi = xa;
            if (xb < lo) lo = xb;
            if (xb > hi) hi = xb;
            continue;
        }
        double x = xa + (cy - ya) * (xb - xa) / (yb - ya);
        if (x < lo) lo = x;
        if (x > hi) hi = x;
    }
    if (!(hi >= lo)) { *a = 0; *b = 0; return; }
    *a = (int)ceil(lo - 0.5);
    *b = (int)floor(hi - 0.5) + 1;
}

/* The spans of row `y` within [x0, x1) that the quads cover, sorted by start (insertion sort: a few quads). Returns
 * how many. */
static int occluded_spans(const double *quads, int quad_count, int y, int x0, int x1, int spans[][2]) {
    int n = 0;
    for (int k = 0; k < quad_count; k++) {
        int a, b;
        quad_row_span(quads + 8 * k, y, &a, &b);
        if (a < x0) a = x0;
        if (b > x1) b = x1;
        if (a >= b) continue;
        int i = n++;
        while (i > 0 && spans[i - 1][0] > a) { spans[i][0] = spans[i - 1][0]; spans[i][1] = spans[i - 1][1]; i--; }
        spans[i][0] = a; spans[i][1] = b;
    }
    return n;
}

int ps_affine_bilinear(uint32_t *dst, int dst_stride, int dst_width, int dst_height,
                       int x0, int y0, int x1, int y1,
                       const uint32_t *src, int src_stride, int src_width, int src_height,
                       const double inverse[6]) {
    return ps_affine_bilinear_occluded(dst, dst_stride, dst_width, dst_height, x0, y0, x1, y1, src, src_stride, src_width,
                                       src_height, inverse, NULL, 0, NULL);
}

int ps_affine_bilinear_occluded(uint32_t *dst, int dst_stride, int dst_width, int dst_height,
                                int x0, int y0, int x1, int y1,
                                const uint32_t *src, int src_stride, int src_width, int src_height,
                                const double inverse[6], const double *quads, int quad_count, int64_t *sampled) {
    if (!dst || !src || !inverse || dst_width <= 0 || dst_height <= 0 || src_width <= 0 || src_height <= 0) return PS_DRAW_INVALID;
    if (dst_stride < dst_width * 4 || src_stride < src_width * 4) return PS_DRAW_INVALID;
    if (src_width > 32767 || src_height > 32767) return PS_DRAW_INVALID;   /* 16.16 coordinates */
    for (int k = 0; k < 6; k++) if (!isfinite(inverse[k]) || fabs(inverse[k]) > 1e6) return PS_DRAW_INVALID;
    if (quad_count < 0 || (quad_count > 0 && !quads)) return PS_DRAW_INVALID;
    if (quad_count > PS_DRAW_MAX_QUADS) quad_count = PS_DRAW_MAX_QUADS;   /* fewer occluders: more pixels sampled, same result */
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > dst_width) x1 = dst_width;
    if (y1 > dst_height) y1 = dst_height;
    if (x0 >= x1 || y0 >= y1) return PS_DRAW_OK;
#if defined(__SSE2__)
    pthread_once(&tables_once, build_tables);
#endif

    const uint8_t *s = (const uint8_t *)src;
    int64_t count = 0;
    /* Steps per destination pixel along a row, 16.16. */
    const int64_t dux = llround(inverse[0] * FX_ONE), dvx = llround(inverse[1] * FX_ONE);
    for (int y = y0; y < y1; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (size_t)y * dst_stride);
        double cx = x0 + 0.5, cy = y + 0.5;
        /* Source coordinates of the first pixel's centre, minus half a texel: the top-left texel of the 2×2. */
        int64_t u = llround((inverse[0] * cx + inverse[2] * cy + inverse[4] - 0.5) * FX_ONE);
        int64_t v = llround((inverse[1] * cx + inverse[3] * cy + inverse[5] - 0.5) * FX_ONE);
        /* The span of this row whose 2×2 footprint lies wholly inside the source: no bounds checks there. */
        int inner0 = x1, inner1 = x1;
        {
            double lo = 0, hi = (double)(x1 - x0);   /* in steps from x0, half-open */
            const int64_t starts[2] = { u, v }, steps[2] = { dux, dvx };
            const int64_t limits[2] = { (int64_t)(src_width - 1) << 16, (int64_t)(src_height - 1) << 16 };
            for (int k = 0; k < 2; k++) {
                /* 0 ≤ start + step·n < limit, for whole n */
                if (steps[k] == 0) {
                    if (starts[k] < 0 || starts[k] >= limits[k]) { lo = hi; }
                } else {
                    double a = (0 - (double)starts[k]) / (double)steps[k], b = ((double)limits[k] - (double)starts[k]) / (double)steps[k];
                    if (a > b) { double t = a; a = b; b = t; }
                    if (a > lo) lo = a;
                    if (b < hi) hi = b;
                }
            }
            if (hi > lo) {
                /* Shrink by one pixel each side: the bounds above are exact only up to rounding. */
                int n0 = (int)ceil(lo) + 1, n1 = (int)floor(hi) - 1;
                if (n1 > n0) { inner0 = x0 + n0; inner1 = x0 + n1; }
            }
        }
        int spans[PS_DRAW_MAX_QUADS][2];
        int n = occluded_spans(quads, quad_count, y, x0, x1, spans);
        int x = x0;
        for (int k = 0; k <= n; k++) {
            int end = k < n ? spans[k][0] : x1;
            if (end > x) {
                resample_span(row, x, end, u + (int64_t)(x - x0) * dux, v + (int64_t)(x - x0) * dvx, dux, dvx, inner0, inner1,
                              s, src_stride, src_width, src_height);
                count += end - x;
                x = end;
            }
            if (k < n && spans[k][1] > x) {
                memset(row + x, 0, (size_t)(spans[k][1] - x) * 4);
                x = spans[k][1];
            }
        }
    }
    if (sampled) *sampled += count;
    return PS_DRAW_OK;
}

int ps_scale_nearest_occluded(uint32_t *dst, int dst_stride, int dst_width, int dst_height,
                              int x0, int y0, int x1, int y1,
                              const uint32_t *src, int src_stride, int src_width, int src_height,
                              const double inverse[6], const double *quads, int quad_count, int64_t *sampled) {
    if (!dst || !src || !inverse || dst_width <= 0 || dst_height <= 0 || src_width <= 0 || src_height <= 0) return PS_DRAW_INVALID;
    if (dst_stride < dst_width * 4 || src_stride < src_width * 4) return PS_DRAW_INVALID;
    if (src_width > 32767 || src_height > 32767) return PS_DRAW_INVALID;   /* 16.16 coordinates */
    for (int k = 0; k < 6; k++) if (!isfinite(inverse[k]) || fabs(inverse[k]) > 1e6) return PS_DRAW_INVALID;
    if (inverse[1] != 0 || inverse[2] != 0) return PS_DRAW_INVALID;        /* axis-aligned maps only */
    if (quad_count < 0 || (quad_count > 0 && !quads)) return PS_DRAW_INVALID;
    if (quad_count > PS_DRAW_MAX_QUADS) quad_count = PS_DRAW_MAX_QUADS;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > dst_width) x1 = dst_width;
    if (y1 > dst_height) y1 = dst_height;
    if (x0 >= x1 || y0 >= y1) return PS_DRAW_OK;

    const uint8_t *s = (const uint8_t *)src;
    int64_t count = 0;
    /* The source column of each pixel's centre is the same on every row: its first pixel inside the source and its
     * last, then u (16.16) steps by dux. */
    const int64_t dux = llround(inverse[0] * FX_ONE);
    const int64_t u0 = llround((inverse[0] * (x0 + 0.5) + inverse[4]) * FX_ONE);
    int in0 = x1, in1 = x0;   /* [in0, in1): columns whose texel lies inside the source */
    for (int x = x0; x < x1; x++) {
        int64_t iu = (u0 + (int64_t)(x - x0) * dux) >> 16;
        if (iu >= 0 && iu < src_width) {
            if (x < in0) in0 = x;
            in1 = x + 1;
        }
    }
    for (int y = y0; y < y1; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (size_t)y * dst_stride);
        double sy = floor(inverse[3] * (y + 0.5) + inverse[5]);
        if (sy < 0 || sy >= src_height || in0 >= in1) { memset(row + x0, 0, (size_t)(x1 - x0) * 4); continue; }
        const uint32_t *srow = (const uint32_t *)(s + (size_t)sy * src_stride);
        int spans[PS_DRAW_MAX_QUADS][2];
        int n = occluded_spans(quads, quad_count, y, x0, x1, spans);
        int x = x0;
        for (int k = 0; k <= n; k++) {
            int end = k < n ? spans[k][0] : x1;
            if (end > x) {
                int a = x < in0 ? in0 : x, b = end > in1 ? in1 : end;
                if (a > end) a = end;
                if (b < a) b = a;
                if (a > x) memset(row + x, 0, (size_t)(a - x) * 4);
                int64_t u = u0 + (int64_t)(a - x0) * dux;
                for (int i = a; i < b; i++, u += dux) row[i] = srow[u >> 16];
                if (end > b) memset(row + b, 0, (size_t)(end - b) * 4);
                count += b - a;
                x = end;
            }
            if (k < n && spans[k][1] > x) {
                memset(row + x, 0, (size_t)(spans[k][1] - x) * 4);
                x = spans[k][1];
            }
        }
    }
    if (sampled) *sampled += count;
    return PS_DRAW_OK;
}
