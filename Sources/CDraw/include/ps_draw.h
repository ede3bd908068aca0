#ifndef PS_DRAW_H
#define PS_DRAW_H

#include <stdint.h>

/* Pixel kernels the Cairo/pixman pair does slowly. Pixels are native-endian premultiplied ARGB32 (Cairo's
 * CAIRO_FORMAT_ARGB32), strides in bytes. Every function checks its arguments and returns a code: never
 * exits, never writes outside the buffers it is given. */

enum {
    PS_DRAW_OK = 0,
    PS_DRAW_INVALID = -1,   /* a size, stride or matrix that cannot be used */
};

/* Resamples `src` (src_width × src_height) through an affine map with bilinear filtering into the
 * rectangle [x0, x1) × [y0, y1) of `dst` (dst_width × dst_height), replacing those pixels (operator SOURCE).
 * `inverse` maps a destination pixel's centre to source coordinates:
 *     sx = inverse[0]·dx + inverse[2]·dy + inverse[4],  sy = inverse[1]·dx + inverse[3]·dy + inverse[5]
 * where (dx, dy) = (x + 0.5, y + 0.5) and source pixel (i, j) has its centre at (i + 0.5, j + 0.5) — pixman's
 * and Cairo's convention. Texels outside the source are transparent (Cairo's EXTEND_NONE). Weights are
 * quantised to 1/256 (as pixman's bilinear filter uses 7 bits). The rectangle is clipped to `dst`. */
int ps_affine_bilinear(uint32_t *dst, int dst_stride, int dst_width, int dst_height,
                       int x0, int y0, int x1, int y1,
                       const uint32_t *src, int src_stride, int src_width, int src_height,
                       const double inverse[6]);

/* Most occluding quads `ps_affine_bilinear_occluded` uses (any more are ignored: their pixels are sampled). */
#define PS_DRAW_MAX_QUADS 64

/* `ps_affine_bilinear`, except that pixels whose centres lie inside any of the `quad_count` convex quads `quads`
 * (8 doubles each: four destination-pixel corners in order around the quad, same coordinates as x0…y1) are set
 * transparent without sampling: what a caller knows an opaque layer drawn later covers. Every other pixel gets exactly
 * what `ps_affine_bilinear` gives it. Adds the number of pixels sampled to `*sampled` when it is not NULL. */
int ps_affine_bilinear_occluded(uint32_t *dst, int dst_stride, int dst_width, int dst_height,
                                int x0, int y0, int x1, int y1,
                                const uint32_t *src, int src_stride, int src_width, int src_height,
                                const double inverse[6], const double *quads, int quad_count, int64_t *sampled);

/* The nearest-texel counterpart of `ps_affine_bilinear_occluded` for maps without rotation or shear (inverse[1] and
 * inverse[2] must be 0, else PS_DRAW_INVALID): pixel (x, y) takes source texel (floor(sx), floor(sy)) for its centre's
 * source coordinates (sx, sy) as defined there, transparent outside the source; pixels inside `quads` are set transparent
 * without sampling. A card scaling while it moves (a stack lifting), where the bilinear filter is not worth its cost:
 * one load per pixel. Adds the pixels sampled to `*sampled` when it is not NULL. */
int ps_scale_nearest_occluded(uint32_t *dst, int dst_stride, int dst_width, int dst_height,
                              int x0, int y0, int x1, int y1,
                              const uint32_t *src, int src_stride, int src_width, int src_height,
                              const double inverse[6], const double *quads, int quad_count, int64_t *sampled);

/* Renders a soft shadow into the rectangle [x0, x1) × [y0, y1) of `dst` (operator SOURCE: every pixel of it is
 * replaced by the shadow's premultiplied colour, transparent where there is none): what Canvas's `drawSoftShadow`
 * paints with `layers` stacked translucent rounded rectangles, evaluated per pixel instead of rasterised layer by
 * layer. Layer i of n = max(2, ceil(2 · radius)) is `rect` (x, y, width, height, user units) grown by
 * g = radius · (1 − 2i/(n − 1)) / 2 with corner radius min(corner_radius + max(0, g), half its width, half its height),
 * at alpha a = 1 − (1 − peak_alpha)^(1/n); its coverage of a pixel is 1/2 − (signed distance from the pixel's centre
 * to its edge, device pixels) / (|cos θ| + |sin θ|) for the map's rotation θ (a pixel's extent across an edge at that
 * angle), clamped to 0…1, and the layers compose as 1 − Π(1 − a · coverage).
 * `inverse` maps a destination pixel's centre (x + 0.5, y + 0.5) to user units as in `ps_affine_bilinear`;
 * `px_per_unit`: device pixels per user unit. `rgb`: the colour (0…1, not premultiplied). `hole` (x, y, width, height,
 * user units) or NULL: pixels whose centres lie inside it are left transparent (something opaque covers them).
 * Adds the number of pixels evaluated to `*shaded` when it is not NULL. Returns PS_DRAW_INVALID for sizes, matrices
 * or more than 512 layers it cannot use. */
int ps_soft_shadow(uint32_t *dst, int dst_stride, int dst_width, int dst_height, int x0, int y0, int x1, int y1,
                   const double inverse[6], double px_per_unit, const double rect[4], double corner_radius, double radius,
                   double peak_alpha, const double rgb[3], const double *hole, int64_t *shaded);

#endif
