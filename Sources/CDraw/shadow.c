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
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > dst_width) x1 = dst_width;
    if (y1 > dst_height) y1 = dst_height;
    if (x0 >= x1 || y0 >= y1) return PS_DRAW_OK;
    const double r255 = rgb[0] * 255, g255 = rgb[1] * 255, b255 = rgb[2] * 255;
    int64_t count = 0;
    for (int y = y0; y < y1; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (size_t)y * dst_stride);
        double cy = y + 0.5;
        for (int x = x0; x < x1; x++) {
            double cx = x + 0.5;
            double u = inverse[0] * cx + inverse[2] * cy + inverse[4], v = inverse[1] * cx + inverse[3] * cy + inverse[5];
            if (hole && u > hole[0] && u < hole[0] + hole[2] && v > hole[1] && v < hole[1] + hole[3]) { row[x] = 0; continue; }
            count++;
            /* The layers are nested (each inside the one before), so coverage falls with i: the first layer not wholly
             * covering the pixel, by bisection; from there on, layers until one does not reach it. */
            if (coverage(&layers[0], u, v, px_per_unit) <= 0) { row[x] = 0; continue; }
            int lo = 0, hi = n;   /* coverage(lo − 1) == 1 (or lo == 0); coverage(hi) < 1 (or hi == n) */
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                if (coverage(&layers[mid], u, v, px_per_unit) >= 1) lo = mid + 1; else hi = mid;
            }
            double keep = full[lo];
            for (int i = lo; i < n; i++) {
                double c = coverage(&layers[i], u, v, px_per_unit);
                if (c <= 0) break;
                keep *= 1 - a * c;
            }
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
