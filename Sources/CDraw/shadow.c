#include "ps_draw.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define PS_SHADOW_MAX_LAYERS 512

/* One layer: a rounded rectangle as centre, half sizes of its straight core (half size less the corner radius) and
 * corner radius, user units. */
typedef struct { double cx, cy, core_w, core_h, corner; } layer_t;

/* Signed distance (user units) from (u, v) to the layer's edge: negative inside. */
static inline double layer_distance(const layer_t *l, double u, double v) {
    double qx = fabs(u - l->cx) - l->core_w, qy = fabs(v - l->cy) - l->core_h;
    double ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    double outside = (ox > 0 && oy > 0) ? sqrt(ox * ox + oy * oy) : ox + oy;
    double inside = qx > qy ? qx : qy;
    if (inside > 0) inside = 0;
    return outside + inside - l->corner;
}

static inline double coverage(const layer_t *l, double u, double v, double ppu) {
    double c = 0.5 - layer_distance(l, u, v) * ppu;
    return c <= 0 ? 0 : c >= 1 ? 1 : c;
}

/* The pixels [*a, *b) of [x0, x1) in the row whose centres' y is `cy` whose centres map (through `inverse`) into the
 * box (u0, v0, u1, v1), widened by `slack` pixels on each side (narrowed when negative); empty when *a >= *b. */
static void span_inside(const double inverse[6], double cy, const double box[4], int x0, int x1, int slack, int *a, int *b) {
    double lo = x0 + 0.5, hi = x1 - 0.5;   /* pixel centres */
    const double start[2] = { inverse[2] * cy + inverse[4], inverse[3] * cy + inverse[5] }, step[2] = { inverse[0], inverse[1] };
    const double min[2] = { box[0], box[1] }, max[2] = { box[2], box[3] };
    for (int k = 0; k < 2; k++) {
        /* min ≤ start + step·x ≤ max */
        if (step[k] == 0) {
            if (start[k] < min[k] || start[k] > max[k]) { *a = x0; *b = x0; return; }
            continue;
        }
        double p = (min[k] - start[k]) / step[k], q = (max[k] - start[k]) / step[k];
        if (p > q) { double t = p; p = q; q = t; }
        if (p > lo) lo = p;
        if (q < hi) hi = q;
    }
    if (!(hi >= lo)) { *a = x0; *b = x0; return; }
    double fa = floor(lo - 0.5) - slack, fb = ceil(hi - 0.5) + 1 + slack;   /* first pixel, one past the last */
    *a = fa < x0 ? x0 : fa > x1 ? x1 : (int)fa;
    *b = fb > x1 ? x1 : fb < x0 ? x0 : (int)fb;
}

int ps_soft_shadow(uint32_t *dst, int dst_stride, int dst_width, int dst_height, int x0, int y0, int x1, int y1,
                   const double inverse[6], double px_per_unit, const double rect[4], double corner_radius, double radius,
                   double peak_alpha, const double rgb[3], const double *hole, int64_t *shaded) {
    if (!dst || !inverse || !rect || !rgb || dst_width <= 0 || dst_height <= 0 || dst_stride < dst_width * 4) return PS_DRAW_INVALID;
    for (int k = 0; k < 6; k++) if (!isfinite(inverse[k]) || fabs(inverse[k]) > 1e6) return PS_DRAW_INVALID;
    for (int k = 0; k < 4; k++) if (!isfinite(rect[k]) || (hole && !isfinite(hole[k]))) return PS_DRAW_INVALID;
    if (!isfinite(px_per_unit) || px_per_unit <= 0 || !isfinite(corner_radius) || !isfinite(radius) || radius < 0
        || !isfinite(peak_alpha) || rect[2] < 0 || rect[3] < 0) return PS_DRAW_INVALID;
    double steps_d = ceil(radius * 2);
    if (steps_d > PS_SHADOW_MAX_LAYERS) return PS_DRAW_INVALID;
    int n = steps_d < 2 ? 2 : (int)steps_d;
    double peak = peak_alpha < 0 ? 0 : peak_alpha > 0.999 ? 0.999 : peak_alpha;
    double a = 1 - pow(1 - peak, 1.0 / n);
    layer_t layers[PS_SHADOW_MAX_LAYERS];
    double full[PS_SHADOW_MAX_LAYERS + 1];   /* (1 − a)^k */
    full[0] = 1;
    for (int i = 0; i < n; i++) {
        double t = (double)i / (n - 1), grow = radius * (1 - 2 * t) * 0.5;
        /* CanvasRect.insetBy(-grow): width and height never below 0. */
        double w = rect[2] + 2 * grow, h = rect[3] + 2 * grow;
        if (w < 0) w = 0;
        if (h < 0) h = 0;
        double corner = corner_radius + (grow > 0 ? grow : 0);
        if (corner > w / 2) corner = w / 2;
        if (corner > h / 2) corner = h / 2;
        if (corner < 0) corner = 0;
        layers[i] = (layer_t){ rect[0] - grow + w / 2, rect[1] - grow + h / 2, w / 2 - corner, h / 2 - corner, corner };
        full[i + 1] = full[i] * (1 - a);
    }
    /* The grown layers (g ≥ 0) come first; they share a core when their corners were not clamped. */
    int n_outer = 0;
    while (n_outer < n && layers[n_outer].corner > 0 && fabs(layers[n_outer].core_w - layers[0].core_w) < 1e-9
           && fabs(layers[n_outer].core_h - layers[0].core_h) < 1e-9 && fabs(layers[n_outer].cx - layers[0].cx) < 1e-9
           && fabs(layers[n_outer].cy - layers[0].cy) < 1e-9 && radius * (1 - 2.0 * n_outer / (n - 1)) >= 0) n_outer++;
    /* Corner radii of the shared-core layers fall by this much per layer. */
    const double spacing = n_outer > 1 ? layers[0].corner - layers[1].corner : 0;
    /* The shrunk layers (g < 0) after them: the same centre and corner radius, cores shrinking by a constant step. */
    const double inner_corner = n_outer < n ? layers[n_outer].corner : 0;
    const double inner_t0 = n_outer < n ? -(radius * (1 - 2.0 * n_outer / (n - 1)) * 0.5) : 0;
    const double inner_step = n - n_outer > 1 ? radius / (n - 1) : 0;
    const double inner_tmax = inner_t0 + (n - 1 - n_outer) * inner_step;
    int inner_uniform = n_outer < n && inner_t0 >= 0;
    for (int i = n_outer; i < n && inner_uniform; i++) {
        double t = inner_t0 + (i - n_outer) * inner_step;
        inner_uniform = fabs(layers[i].corner - inner_corner) < 1e-9 && fabs(layers[i].cx - layers[0].cx) < 1e-9
            && fabs(layers[i].cy - layers[0].cy) < 1e-9 && fabs(layers[i].core_w - (rect[2] / 2 - t - inner_corner)) < 1e-9
            && fabs(layers[i].core_h - (rect[3] / 2 - t - inner_corner)) < 1e-9;
    }
    /* A straight edge at angle θ to the pixel grid covers a pixel over a ramp |cos θ| + |sin θ| pixels wide (the
     * pixel's extent across it): coverage = 1/2 − distance / width. The rectangle's edges all lie at the rotation of
     * the map: its width from the inverse's first column (cos θ, −sin θ) / scale. */
    double inv_scale = sqrt(fabs(inverse[0] * inverse[3] - inverse[1] * inverse[2]));
    double width = inv_scale > 0 ? (fabs(inverse[0]) + fabs(inverse[1])) / inv_scale : 1;
    if (!(width >= 1 && width <= 1.5)) width = 1;
    const double ramp = px_per_unit / width;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > dst_width) x1 = dst_width;
    if (y1 > dst_height) y1 = dst_height;
    if (x0 >= x1 || y0 >= y1) return PS_DRAW_OK;
    const double r255 = rgb[0] * 255, g255 = rgb[1] * 255, b255 = rgb[2] * 255;
    /* The outermost layer's box grown by a pixel (nothing of the shadow beyond it). */
    const double reach = radius / 2 + 1.5 / px_per_unit;
    const double box[4] = { rect[0] - reach, rect[1] - reach, rect[0] + rect[2] + reach, rect[1] + rect[3] + reach };
    int64_t count = 0;
    for (int y = y0; y < y1; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (size_t)y * dst_stride);
        double cy = y + 0.5;
        /* The row's pixels whose centres map into the box (a span, the map being affine), widened by a pixel for
         * rounding; the rest of the row is transparent. */
        int sa = x0, sb = x1;
        span_inside(inverse, cy, box, x0, x1, 1, &sa, &sb);
        if (sa > sb) sa = sb;
        if (sa > x0) memset(row + x0, 0, (size_t)(sa - x0) * 4);
        if (x1 > sb) memset(row + sb, 0, (size_t)(x1 - sb) * 4);
        /* Pixels in the hole's span (narrowed by a pixel) are transparent without testing each. */
        int ha = sb, hb = sb;
        if (hole) {
            const double hbox[4] = { hole[0], hole[1], hole[0] + hole[2], hole[1] + hole[3] };
            span_inside(inverse, cy, hbox, sa, sb, -1, &ha, &hb);
            if (hb <= ha) { ha = sb; hb = sb; }
        }
        for (int x = sa; x < sb; x++) {
            if (x == ha) { memset(row + ha, 0, (size_t)(hb - ha) * 4); x = hb - 1; continue; }
            double cx = x + 0.5;
            double u = inverse[0] * cx + inverse[2] * cy + inverse[4], v = inverse[1] * cx + inverse[3] * cy + inverse[5];
            if (hole && u > hole[0] && u < hole[0] + hole[2] && v > hole[1] && v < hole[1] + hole[3]) { row[x] = 0; continue; }
            count++;
            /* The layers are nested (each inside the one before), so coverage falls with i. The grown layers share
             * one straight core (their corners grow with them): their distances are the core's less their corner
             * radius, the wholly covering ones counted at once. */
            double keep = 1;
            int i = 0;
            if (n_outer > 0) {
                double core = layer_distance(&layers[0], u, v) + layers[0].corner;
                if (0.5 - (core - layers[0].corner) * ramp <= 0) { row[x] = 0; continue; }
                /* Layer i covers wholly when its corner radius ≥ core + 1/2 pixel: corner_i = corner_0 − i·spacing. */
                double k = spacing > 0 ? floor((layers[0].corner - core - 0.5 / ramp) / spacing) + 1 : n_outer;
                int whole = k <= 0 ? 0 : k >= n_outer ? n_outer : (int)k;
                keep = full[whole];
                for (i = whole; i < n_outer; i++) {
                    double c = 0.5 - (core - layers[i].corner) * ramp;
                    if (c <= 0) break;
                    keep *= c >= 1 ? 1 - a : 1 - a * c;
                }
                if (i < n_outer) goto done;
            }
            if (inner_uniform) {
                /* The shrunk layers keep the corner radius and shrink their core by t_i = −g_i: while the pixel is not
                 * beyond both edges of a shrunk core (its corner), the distance is the core's largest q plus t_i, less
                 * the corner radius. */
                double qx = fabs(u - layers[0].cx) - (rect[2] / 2 - inner_corner), qy = fabs(v - layers[0].cy) - (rect[3] / 2 - inner_corner);
                double q = qx > qy ? qx : qy, m = qx > qy ? qy : qx;
                if (m + inner_tmax <= 0) {
                    /* Layer i (t_i = (i − n_outer)·inner_step + inner_t0) covers wholly when q + t_i − corner ≤ −1/2 pixel. */
                    double k = inner_step > 0 ? floor((inner_corner - q - 0.5 / ramp - inner_t0) / inner_step) + 1 : n - n_outer;
                    int whole = k <= 0 ? 0 : k >= n - n_outer ? n - n_outer : (int)k;
                    keep *= full[whole];
                    for (i = n_outer + whole; i < n; i++) {
                        double t = inner_t0 + (i - n_outer) * inner_step;
                        double c = 0.5 - (q + t - inner_corner) * ramp;
                        if (c <= 0) break;
                        keep *= c >= 1 ? 1 - a : 1 - a * c;
                    }
                    goto done;
                }
            }
            {
                /* The shrunk layers (sharp corners, each its own core): the first not wholly covering the pixel by
                 * bisection, then those that reach it. */
                int lo = i, hi = n;
                while (lo < hi) {
                    int mid = (lo + hi) / 2;
                    if (coverage(&layers[mid], u, v, ramp) >= 1) lo = mid + 1; else hi = mid;
                }
                keep *= full[lo] / full[i];
                for (i = lo; i < n; i++) {
                    double c = coverage(&layers[i], u, v, ramp);
                    if (c <= 0) break;
                    keep *= 1 - a * c;
                }
            }
        done:;
            double alpha = 1 - keep;
            uint32_t a8 = (uint32_t)(alpha * 255 + 0.5);
            if (a8 == 0) { row[x] = 0; continue; }
            uint32_t r8 = (uint32_t)(r255 * alpha + 0.5), g8 = (uint32_t)(g255 * alpha + 0.5), b8 = (uint32_t)(b255 * alpha + 0.5);
            row[x] = (a8 << 24) | (r8 << 16) | (g8 << 8) | b8;
        }
    }
    if (shaded) *shaded += count;
    return PS_DRAW_OK;
}
