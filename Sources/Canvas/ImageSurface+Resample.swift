import CCairo
import CDraw

extension ImageSurface {
    /// Replaces the pixels of the device rectangle [`x0`, `x1`) × [`y0`, `y1`) of this surface with `source`
    /// resampled bilinearly through an affine map (see `ps_affine_bilinear`): `inverse` takes a pixel centre of
    /// this surface to `source` coordinates (pixels), x' = a·x + c·y + tx, y' = b·x + d·y + ty. Texels outside
    /// `source` are transparent. About four times faster than pixman's general affine path, which a rotated
    /// bilinear composite takes whatever the angle.
    ///
    /// Pixels whose centres lie inside one of `occluders` (quads in this surface's pixels, e.g. opaque cards drawn
    /// over it later) are made transparent without sampling (`ps_affine_bilinear_occluded`); `sampled` grows by the
    /// pixels resampled. `nearest`: one texel per pixel instead (`ps_scale_nearest_occluded`; `inverse` must then have
    /// no rotation or shear, b = c = 0). False when the kernel refused its arguments.
    @discardableResult
    public func resample(_ source: ImageSurface, inverse: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double),
                         x0: Int, y0: Int, x1: Int, y1: Int, occluders: [DeviceQuad] = [], nearest: Bool = false,
                         sampled: UnsafeMutablePointer<Int64>? = nil) -> Bool {
        cairo_surface_flush(source.raw)
        cairo_surface_flush(raw)
        guard let dst = cairo_image_surface_get_data(raw), let src = cairo_image_surface_get_data(source.raw) else { return false }
        let m = [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty]
        let quads = occluders.prefix(Int(PS_DRAW_MAX_QUADS)).flatMap { q in q.points.flatMap { [$0.x, $0.y] } }
        let status = dst.withMemoryRebound(to: UInt32.self, capacity: 1) { d in
            src.withMemoryRebound(to: UInt32.self, capacity: 1) { s in
                quads.withUnsafeBufferPointer { q in
                    (nearest ? ps_scale_nearest_occluded : ps_affine_bilinear_occluded)(d, Int32(stride), Int32(pixelWidth), Int32(pixelHeight), Int32(x0), Int32(y0), Int32(x1),
                                                Int32(y1), s, Int32(source.stride), Int32(source.pixelWidth), Int32(source.pixelHeight), m,
                                                q.baseAddress, Int32(quads.count / 8), sampled)
                }
            }
        }
        cairo_surface_mark_dirty_rectangle(raw, Int32(x0), Int32(y0), Int32(max(0, x1 - x0)), Int32(max(0, y1 - y0)))
        return status == 0
    }
}
