import CCairo

/// An owning wrapper over a `cairo_t`: the drawing state (transform, clip, source, path) for one target.
/// User-space units are points once the host has applied the device scale with `scale(_:_:)`.
public final class CairoContext {
    let raw: OpaquePointer

    /// A context drawing into `surface`. The surface stays alive as long as the context.
    public convenience init(surface: ImageSurface) {
        self.init(cairoSurface: surface.raw)
        retainedSurface = surface
    }

    /// A context over a raw `cairo_surface_t` (for host wrappers such as the X11 back buffer only).
    public init(cairoSurface: OpaquePointer) {
        raw = cairo_create(cairoSurface)!
    }

    private var retainedSurface: ImageSurface?

    deinit { cairo_destroy(raw) }

    // MARK: State

    public func save() { cairo_save(raw) }
    public func restore() { cairo_restore(raw) }

    /// Runs `body` between `save()` and `restore()`.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(raw); defer { cairo_restore(raw) }
        return try body()
    }

    // MARK: Transform

    /// Moves the origin by (`dx`, `dy`) in current user units.
    public func translate(_ dx: Double, _ dy: Double) { cairo_translate(raw, dx, dy) }
    /// Rotates user space by `radians` (positive is clockwise on screen).
    public func rotate(_ radians: Double) { cairo_rotate(raw, radians) }
    /// Scales user space.
    public func scale(_ sx: Double, _ sy: Double) { cairo_scale(raw, sx, sy) }

    /// Concatenates the affine transform (x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty) onto the current one.
    public func transform(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        var m = cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
        cairo_transform(raw, &m)
    }

    /// Resets the transform to identity (user units become device pixels).
    public func identityMatrix() { cairo_identity_matrix(raw) }

    // MARK: Paths

    public func newPath() { cairo_new_path(raw) }
    public func move(to x: Double, _ y: Double) { cairo_move_to(raw, x, y) }
    public func line(to x: Double, _ y: Double) { cairo_line_to(raw, x, y) }
    public func closePath() { cairo_close_path(raw) }
    public func rectangle(_ r: CanvasRect) { cairo_rectangle(raw, r.x, r.y, r.width, r.height) }
    /// A circle arc centred at (`cx`, `cy`), angles in radians.
    public func arc(cx: Double, cy: Double, radius: Double, from a0: Double, to a1: Double) {
        cairo_arc(raw, cx, cy, radius, a0, a1)
    }

    /// A rectangle with corners rounded by `radius` points.
    public func roundedRectangle(_ r: CanvasRect, radius: Double) {
        let rad = min(radius, r.width / 2, r.height / 2)
        guard rad > 0 else { rectangle(r); return }
        cairo_new_sub_path(raw)
        cairo_arc(raw, r.x + r.width - rad, r.y + rad, rad, -Double.pi / 2, 0)
        cairo_arc(raw, r.x + r.width - rad, r.y + r.height - rad, rad, 0, Double.pi / 2)
        cairo_arc(raw, r.x + rad, r.y + r.height - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(raw, r.x + rad, r.y + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(raw)
    }

    // MARK: Painting

    public func setColor(_ c: RGBA) { cairo_set_source_rgba(raw, c.red, c.green, c.blue, c.alpha) }
    /// Line width in user units.
    public func setLineWidth(_ w: Double) { cairo_set_line_width(raw, w) }
    public func fill(preserve: Bool = false) { preserve ? cairo_fill_preserve(raw) : cairo_fill(raw) }
    public func stroke(preserve: Bool = false) { preserve ? cairo_stroke_preserve(raw) : cairo_stroke(raw) }
    /// Intersects the clip with the current path (and clears the path).
    public func clip() { cairo_clip(raw) }
    /// Paints the current source everywhere inside the clip, with `alpha` (0…1).
    public func paint(alpha: Double = 1) { alpha >= 1 ? cairo_paint(raw) : cairo_paint_with_alpha(raw, alpha) }

    /// Fills the whole clip with `color`, replacing what is there (no blending).
    public func clear(to color: RGBA) {
        cairo_save(raw)
        cairo_set_operator(raw, CAIRO_OPERATOR_SOURCE)
        setColor(color)
        cairo_paint(raw)
        cairo_restore(raw)
    }

    /// Uses `surface` as the source with its top-left at (`x`, `y`) user units, sampled with `filter`.
    /// A device-pixel surface drawn at scale 1/s (after `scale(1/s, 1/s)`) maps pixels 1:1 on an s-scaled target.
    public func setSource(_ surface: ImageSurface, x: Double = 0, y: Double = 0, filter: SurfaceFilter = .bilinear) {
        cairo_set_source_surface(raw, surface.raw, x, y)
        cairo_pattern_set_filter(cairo_get_source(raw), filter.cairo)
    }

    /// Same as `setSource(_:x:y:filter:)` but repeating the surface over the whole plane (for textures).
    public func setRepeatingSource(_ surface: ImageSurface, x: Double = 0, y: Double = 0, filter: SurfaceFilter = .bilinear) {
        setSource(surface, x: x, y: y, filter: filter)
        cairo_pattern_set_extend(cairo_get_source(raw), CAIRO_EXTEND_REPEAT)
    }

    /// Redirects drawing into a temporary group (for compositing several draws with one alpha).
    public func pushGroup() { cairo_push_group(raw) }
    /// Ends the group and paints it with `alpha`.
    public func popGroupAndPaint(alpha: Double = 1) {
        cairo_pop_group_to_source(raw)
        paint(alpha: alpha)
    }

    /// Turns antialiasing of paths on (default) or off.
    public func setAntialias(_ on: Bool) { cairo_set_antialias(raw, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE) }

    /// The context's error, if any (cairo errors are sticky).
    public var errorDescription: String? {
        let s = cairo_status(raw)
        return s == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(s))
    }
}
