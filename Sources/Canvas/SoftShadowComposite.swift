import CCairo
import CDraw
import Foundation

/// Draws `CairoContext.drawSoftShadow`'s shadow with one pass of a C kernel (`ps_soft_shadow`) into a scratch surface and
/// one pixel-aligned composite, instead of up to 2 × radius translucent rounded-rectangle fills: each fill of a rotated
/// path costs cairo a scan conversion and a pixman call per row, so a card's lift shadow (20 layers) cost about a
/// millisecond per frame. The layers are evaluated per pixel with a one-pixel anti-aliasing ramp where cairo computes
/// area coverage, so the pixels differ from `drawSoftShadow`'s by a level or two at the layers' edges (for a shadow
/// drawn in motion; what is drawn at rest keeps `drawSoftShadow`). The scratch is shared (one surface, grown as
/// needed, guarded by a lock), as `RotatedComposite`'s.
public enum SoftShadowComposite {
    nonisolated(unsafe) private static var scratch: ImageSurface?
    nonisolated(unsafe) private static var counters = (draws: 0, pixels: Int64(0))
    private static let lock = NSLock()

    /// Shadows drawn by `draw` so far, and the pixels its kernel evaluated (tests and benchmarks read how much work
    /// frames did).
    public static var drawn: (draws: Int, pixels: Int64) { lock.lock(); defer { lock.unlock() }; return counters }

    /// Draws the shadow `drawSoftShadow(of:cornerRadius:radius:dx:dy:color:)` draws, with the same arguments, within
    /// the current clip. `covered` (user units): pixels whose centres lie inside it are not shadowed (something
    /// opaque drawn next covers them). False (nothing drawn) when the matrix shears or cannot be inverted, the kernel
    /// refuses the arguments or the scratch cannot be made: draw it with `drawSoftShadow` then.
    public static func draw(in ctx: CairoContext, of rect: CanvasRect, cornerRadius: Double = 0, radius: Double, dx: Double, dy: Double,
                            color: RGBA, covered: CanvasRect? = nil) -> Bool {
        let base = CanvasRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
        let m = ctx.currentMatrix()
        let pxPerUnit = abs(m.a * m.d - m.b * m.c).squareRoot()
        guard pxPerUnit.isFinite, pxPerUnit > 1e-6 else { return false }
        // The outermost layer is the rect grown by radius / 2; a pixel more for its anti-aliased edge.
        guard let f = DeviceFootprint(of: base.insetBy(-(radius / 2 + 1 / pxPerUnit)), in: ctx) else { return false }
        guard !f.isEmpty else { return true }   // nothing of it is visible
        let x0 = f.x0, y0 = f.y0, bw = f.width, bh = f.height
        // Scratch pixel (x, y) is device pixel (x + x0, y + y0): the inverse (device → user) shifted by (x0, y0).
        let inverse = [f.inverse.a, f.inverse.b, f.inverse.c, f.inverse.d, f.inverse.tx, f.inverse.ty]
        lock.lock(); defer { lock.unlock() }
        guard let target = ImageSurface.scratch(&scratch, covering: bw, bh) else { return false }
        cairo_surface_flush(target.raw)
        guard let data = cairo_image_surface_get_data(target.raw) else { return false }
        let hole = covered.map { [$0.x, $0.y, $0.width, $0.height] }
        var pixels: Int64 = 0
        let status = data.withMemoryRebound(to: UInt32.self, capacity: 1) { d in
            hole.withUnsafeBufferPointerOrNil { h in
                ps_soft_shadow(d, Int32(target.stride), Int32(target.pixelWidth), Int32(target.pixelHeight), 0, 0, Int32(bw), Int32(bh),
                               inverse, pxPerUnit, [base.x, base.y, base.width, base.height], cornerRadius, radius, color.alpha,
                               [color.red, color.green, color.blue], h, &pixels)
            }
        }
        cairo_surface_mark_dirty_rectangle(target.raw, 0, 0, Int32(bw), Int32(bh))
        guard status == 0 else { return false }
        counters.draws += 1
        counters.pixels += pixels
        ctx.paintPixelAligned(target, x: x0, y: y0, width: bw, height: bh)
        return true
    }
}

private extension Optional where Wrapped == [Double] {
    /// The array's buffer, or nil, for a C argument that may be NULL.
    func withUnsafeBufferPointerOrNil<R>(_ body: (UnsafePointer<Double>?) -> R) -> R {
        switch self {
        case .some(let a): return a.withUnsafeBufferPointer { body($0.baseAddress) }
        case .none: return body(nil)
        }
    }
}
