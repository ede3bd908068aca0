import CCairo

extension CairoContext {
    /// The current transformation matrix (user units → device pixels): x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    public func currentMatrix() -> (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        var m = cairo_matrix_t()
        cairo_get_matrix(raw, &m)
        return (m.xx, m.yx, m.xy, m.yy, m.x0, m.y0)
    }

    /// Paints `surface` untransformed with its top-left at device pixel (`x`, `y`) (whole pixels: no filtering),
    /// whatever the current matrix; the clip still applies.
    /// `excluding` (device pixels: x, y, width, height): a rectangle left untouched (covered by something
    /// opaque drawn later), so fewer pixels are composited.
    /// `width`, `height`: paint only that much of the surface's top-left (default: all of it).
    public func paintPixelAligned(_ surface: ImageSurface, x: Int, y: Int, width: Int? = nil, height: Int? = nil, alpha: Double = 1,
                                  excluding hole: (x: Int, y: Int, width: Int, height: Int)? = nil) {
        let pw = Double(min(width ?? surface.pixelWidth, surface.pixelWidth)), ph = Double(min(height ?? surface.pixelHeight, surface.pixelHeight))
        cairo_save(raw)
        cairo_identity_matrix(raw)
        cairo_new_path(raw)
        if let hole, hole.width > 0, hole.height > 0 {
            cairo_rectangle(raw, Double(x), Double(y), pw, ph)
            cairo_rectangle(raw, Double(hole.x), Double(hole.y), Double(hole.width), Double(hole.height))
            cairo_set_fill_rule(raw, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_clip(raw)
            cairo_set_fill_rule(raw, CAIRO_FILL_RULE_WINDING)
        }
        cairo_set_source_surface(raw, surface.raw, Double(x), Double(y))
        cairo_pattern_set_filter(cairo_get_source(raw), CAIRO_FILTER_NEAREST)
        cairo_rectangle(raw, Double(x), Double(y), pw, ph)
        if alpha >= 1 { cairo_fill(raw) } else { cairo_clip(raw); cairo_paint_with_alpha(raw, alpha) }
        cairo_restore(raw)
    }
}

extension CairoContext {
    /// The current clip's extents in device pixels (whole pixels covering it).
    public func deviceClipExtents() -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        cairo_save(raw)
        cairo_identity_matrix(raw)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(raw, &x0, &y0, &x1, &y1)
        cairo_restore(raw)
        return (Int(x0.rounded(.down)), Int(y0.rounded(.down)), Int(x1.rounded(.up)), Int(y1.rounded(.up)))
    }

    /// Intersects the clip with the area inside `outer` and outside `inner` (even-odd rule).
    public func clip(inside outer: CanvasRect, outside inner: CanvasRect) {
        cairo_new_path(raw)
        cairo_rectangle(raw, outer.x, outer.y, outer.width, outer.height)
        cairo_rectangle(raw, inner.x, inner.y, inner.width, inner.height)
        let rule = cairo_get_fill_rule(raw)
        cairo_set_fill_rule(raw, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(raw)
        cairo_set_fill_rule(raw, rule)
    }
}

extension CairoContext {
    /// Copies `surface` (operator SOURCE: its pixels replace the target's) untransformed with its top-left at
    /// device pixel (`x`, `y`), limited to the device rectangle `clipX/Y/Width/Height` and the current clip.
    /// `alpha` below 1 composites it OVER at that opacity instead (a fading opaque background). `repeating`: the surface
    /// repeats in both directions from there (a background tile).
    public func copyPixelAligned(_ surface: ImageSurface, x: Int, y: Int, clipX: Int, clipY: Int, clipWidth: Int, clipHeight: Int,
                                 alpha: Double = 1, repeating: Bool = false) {
        cairo_save(raw)
        cairo_identity_matrix(raw)
        cairo_new_path(raw)
        if alpha >= 1 { cairo_set_operator(raw, CAIRO_OPERATOR_SOURCE) }
        cairo_set_source_surface(raw, surface.raw, Double(x), Double(y))
        cairo_pattern_set_filter(cairo_get_source(raw), CAIRO_FILTER_NEAREST)
        if repeating { cairo_pattern_set_extend(cairo_get_source(raw), CAIRO_EXTEND_REPEAT) }
        cairo_rectangle(raw, Double(clipX), Double(clipY), Double(clipWidth), Double(clipHeight))
        if alpha >= 1 { cairo_fill(raw) } else { cairo_clip(raw); cairo_paint_with_alpha(raw, max(0, alpha)) }
        cairo_restore(raw)
    }
}
