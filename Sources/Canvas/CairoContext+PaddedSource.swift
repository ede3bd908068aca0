import CCairo

extension CairoContext {
    /// Uses `surface` as the source with its top-left at (`x`, `y`) user units, sampled with `filter`, its edge pixels
    /// extended beyond it (cairo's PAD): a photo scaled to fill a rectangle keeps opaque edges instead of blending
    /// its border pixels with the transparent outside.
    public func setPaddedSource(_ surface: ImageSurface, x: Double = 0, y: Double = 0, filter: SurfaceFilter = .bilinear) {
        setSource(surface, x: x, y: y, filter: filter)
        cairo_pattern_set_extend(cairo_get_source(raw), CAIRO_EXTEND_PAD)
    }
}
