import CCairo
import Foundation

/// Operations on the pixels already in the context's target, for redrawing only what changed since the
/// last frame ("scroll-copy"). They work on image-surface and Xlib targets (the window's back buffer); on
/// others they report that they cannot.
extension CairoContext {
    /// The key of the frame stamp kept on target surfaces (its address is what cairo uses).
    nonisolated(unsafe) private static let stampKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// The key of the view height kept on image surfaces with spare rows (`setScrollingView`).
    nonisolated(unsafe) private static let viewHeightKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// Makes the image surface `surface` a scrolling buffer: it is taller than what is shown, and what is drawn and
    /// shown is a view of `viewHeight` rows starting at row `origin` (the surface's device offset, so drawing, reading
    /// it as a source and presenting it all see the view). `scrollTargetRows` then moves the view within the spare rows
    /// instead of moving the pixels, and moves pixels only when the view reaches the buffer's top or bottom.
    public static func setScrollingView(of surface: OpaquePointer, viewHeight: Int, origin: Int) {
        _ = cairo_surface_set_user_data(surface, viewHeightKey, UnsafeMutableRawPointer(bitPattern: viewHeight), nil)
        cairo_surface_set_device_offset(surface, 0, Double(origin))
    }

    /// The rows shown of an image surface with spare rows (`setScrollingView`), else nil.
    static func viewHeight(of surface: OpaquePointer) -> Int? {
        let h = Int(bitPattern: cairo_surface_get_user_data(surface, viewHeightKey))
        return h > 0 ? h : nil
    }

    /// The first row of the view of an image surface (its device offset's y, whole pixels; 0 without spare rows).
    public var targetViewOrigin: Int {
        var x = 0.0, y = 0.0
        cairo_surface_get_device_offset(cairo_get_target(raw), &x, &y)
        return Int(y)
    }

    /// The target's size in device pixels when its pixels can be moved and read back (an image surface — its view,
    /// when it has spare rows — or an Xlib drawable such as the window's back-buffer pixmap), else nil.
    public var targetImageSize: (width: Int, height: Int)? {
        let t = cairo_get_target(raw)!
        switch cairo_surface_get_type(t) {
        case CAIRO_SURFACE_TYPE_IMAGE:
            return (Int(cairo_image_surface_get_width(t)), Self.viewHeight(of: t) ?? Int(cairo_image_surface_get_height(t)))
        case CAIRO_SURFACE_TYPE_XLIB:
            return (Int(cairo_xlib_surface_get_width(t)), Int(cairo_xlib_surface_get_height(t)))
        default:
            return nil
        }
    }

    /// A number stored on the target surface by the last `setTargetStamp` (0 when none): a drawer remembers
    /// the stamp it left to know later whether the target still holds its frame (a new or re-created surface
    /// has none; another drawer leaves its own).
    public var targetStamp: Int {
        Int(bitPattern: cairo_surface_get_user_data(cairo_get_target(raw), Self.stampKey))
    }

    /// Stores `stamp` on the target surface (see `targetStamp`).
    public func setTargetStamp(_ stamp: Int) {
        _ = cairo_surface_set_user_data(cairo_get_target(raw), Self.stampKey, UnsafeMutableRawPointer(bitPattern: stamp), nil)
    }

    /// Moves every row of the target up by `dy` device pixels (down when negative), as a scroll does; the rows
    /// uncovered keep stale pixels (redraw them). An image surface with spare rows (`setScrollingView`) moves its
    /// view instead while it can (no pixel copied). Image surfaces move their memory; Xlib drawables are copied
    /// onto themselves by the X server (XCopyArea, which handles the overlap). False (nothing done) for other
    /// targets.
    @discardableResult
    public func scrollTargetRows(by dy: Int) -> Bool {
        let t = cairo_get_target(raw)!
        switch cairo_surface_get_type(t) {
        case CAIRO_SURFACE_TYPE_IMAGE:
            cairo_surface_flush(t)
            let rows = Int(cairo_image_surface_get_height(t)), stride = Int(cairo_image_surface_get_stride(t))
            let h = Self.viewHeight(of: t) ?? rows, spare = rows - h
            guard let data = cairo_image_surface_get_data(t) else { return false }
            var ox = 0.0, oy = 0.0
            cairo_surface_get_device_offset(t, &ox, &oy)
            let origin = Int(oy)
            // A view within spare rows: the row now at the view's top is the one `dy` rows below the old top.
            if spare > 0, origin + dy >= 0, origin + dy <= spare {
                cairo_surface_set_device_offset(t, ox, Double(origin + dy))
                return true
            }
            // At the buffer's end (or without spare rows): move the pixels that stay in view to a view at the far end,
            // so the next moves in the same direction find room again.
            let newOrigin = spare <= 0 ? 0 : dy > 0 ? 0 : spare
            let n = h - abs(dy)
            if n > 0 && (dy != 0 || newOrigin != origin) {
                memmove(data + (newOrigin + max(-dy, 0)) * stride, data + (origin + max(dy, 0)) * stride, n * stride)
            }
            if spare > 0 { cairo_surface_set_device_offset(t, ox, Double(newOrigin)) }
            cairo_surface_mark_dirty(t)
            return true
        case CAIRO_SURFACE_TYPE_XLIB:
            cairo_surface_flush(t)
            let w = cairo_xlib_surface_get_width(t), h = cairo_xlib_surface_get_height(t)
            let n = h - Int32(abs(dy))
            if dy != 0 && n > 0, let display = cairo_xlib_surface_get_display(t) {
                let drawable = cairo_xlib_surface_get_drawable(t)
                // No GraphicsExpose/NoExpose events: the source is a pixmap whose pixels all exist.
                var values = XGCValues()
                values.graphics_exposures = 0
                let gc = XCreateGC(display, drawable, UInt(GCGraphicsExposures), &values)
                if dy > 0 { XCopyArea(display, drawable, drawable, gc, 0, Int32(dy), UInt32(w), UInt32(n), 0, 0) }
                else { XCopyArea(display, drawable, drawable, gc, 0, 0, UInt32(w), UInt32(n), 0, Int32(-dy)) }
                XFreeGC(display, gc)
            }
            cairo_surface_mark_dirty(t)
            return true
        default:
            return false
        }
    }

    /// A copy of the target's pixels in the device-pixel rectangle (clipped to the target), or nil when the
    /// target is not an image surface or the rectangle is empty.
    public func copyTargetPixels(x: Int, y: Int, width: Int, height: Int) -> (surface: ImageSurface, x: Int, y: Int)? {
        guard let size = targetImageSize else { return nil }
        let x0 = max(0, x), y0 = max(0, y), x1 = min(size.width, x + width), y1 = min(size.height, y + height)
        guard x1 > x0, y1 > y0, let copy = try? ImageSurface(pixelWidth: x1 - x0, pixelHeight: y1 - y0) else { return nil }
        let c = cairo_create(copy.raw)!
        cairo_set_operator(c, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(c, cairo_get_target(raw), Double(-x0), Double(-y0))
        cairo_paint(c)
        cairo_destroy(c)
        return (copy, x0, y0)
    }

    /// Puts pixels copied by `copyTargetPixels` back at device pixel (`x`, `y`) (replacing what is there).
    public func putTargetPixels(_ surface: ImageSurface, x: Int, y: Int) {
        copyPixelAligned(surface, x: x, y: y, clipX: x, clipY: y, clipWidth: surface.pixelWidth, clipHeight: surface.pixelHeight)
    }

    /// Restricts drawing to the union of device-pixel rectangles (intersected with the current clip).
    public func clip(toDeviceRects rects: [(x: Int, y: Int, width: Int, height: Int)]) {
        cairo_save(raw)
        cairo_identity_matrix(raw)
        cairo_new_path(raw)
        for r in rects where r.width > 0 && r.height > 0 {
            cairo_rectangle(raw, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        }
        // The path is kept in device space; the clip applies once the matrix comes back.
        cairo_restore(raw)
        cairo_clip(raw)
    }
}

extension ImageSurface {
    /// Makes this surface a scrolling buffer showing `viewHeight` rows from row `origin` (`CairoContext.setScrollingView`).
    public func setScrollingView(viewHeight: Int, origin: Int) {
        CairoContext.setScrollingView(of: raw, viewHeight: viewHeight, origin: origin)
    }
}
