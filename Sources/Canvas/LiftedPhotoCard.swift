import Foundation

/// A card of a stack lifted at rest, rendered once off the UI thread exactly as the lifted frame draws it — its unrotated
/// card through the element's device matrix, scaled by the lift about its centre, bilinear, and for the stack's bottom
/// card the lift shadow under it — into a transparent image at the same sub-pixel phase. Drawing it is one pixel-aligned
/// copy instead of a rotated bilinear resample (and cairo's 20-layer shadow): what the card drew over the frame's pixels
/// equals what it drew over transparent ones (OVER onto nothing is the source itself), so the copy gives the same pixels
/// as the exact drawing (the shadow within a level or two: its layers are rounded once here, once per layer there).
///
/// Valid for any device matrix with the same linear part and the same fractional translation (the content moved by
/// whole device pixels).
public final class LiftedPhotoCard {
    /// The lift shadow drawn under the card (element points, as `CairoContext.drawSoftShadow` takes them).
    public struct Shadow: Sendable {
        public var rect: CanvasRect, radius: Double, dy: Double, color: RGBA
        public init(rect: CanvasRect, radius: Double, dy: Double, color: RGBA) {
            self.rect = rect; self.radius = radius; self.dy = dy; self.color = color
        }
    }

    /// The rendering, premultiplied ARGB, device pixels.
    public let surface: ImageSurface
    /// The device matrix's linear part it was rendered for.
    public let linear: (a: Double, b: Double, c: Double, d: Double)
    /// The translation's fractional part (device pixels, 0 ≤ phase < 1).
    public let phaseX: Double, phaseY: Double
    /// The surface's top-left, device pixels from (floor(tx), floor(ty)).
    public let offsetX: Int, offsetY: Int

    /// Renders `card` (drawn at `centre` element points, scaled by `scale` over the element's side: `card.draw`'s
    /// `scale`) through the device matrix `m`, with `shadow` under it.
    public init(card: CachedPhotoCard, centre: Double, scale: Double, matrix m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double),
                shadow: Shadow?) throws {
        linear = (m.a, m.b, m.c, m.d)
        let fx = m.tx.rounded(.down), fy = m.ty.rounded(.down)
        phaseX = m.tx - fx; phaseY = m.ty - fy
        // The element-space box that holds the scaled card and the shadow.
        var half = Double(card.surface.pixelWidth) / card.deviceScale * scale / 2
        if let s = shadow {
            half = max(half, max(s.rect.width, s.rect.height) / 2 + 2 * s.radius + abs(s.dy) + 2)
        }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for (ex, ey) in [(centre - half, centre - half), (centre + half, centre - half), (centre - half, centre + half), (centre + half, centre + half)] {
            let x = m.a * ex + m.c * ey + phaseX, y = m.b * ex + m.d * ey + phaseY
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
        }
        let ox = Int(x0.rounded(.down)) - 1, oy = Int(y0.rounded(.down)) - 1
        offsetX = ox; offsetY = oy
        surface = try ImageSurface(pixelWidth: Int(x1.rounded(.up)) + 1 - ox, pixelHeight: Int(y1.rounded(.up)) + 1 - oy)
        let ctx = CairoContext(surface: surface)
        ctx.transform(a: m.a, b: m.b, c: m.c, d: m.d, tx: phaseX - Double(ox), ty: phaseY - Double(oy))
        if let s = shadow { ctx.drawSoftShadow(of: s.rect, radius: s.radius, dx: 0, dy: s.dy, color: s.color) }
        card.draw(in: ctx, centerX: centre, centerY: centre, scale: scale)
    }

    /// True when the rendering stands for the device matrix `m` (same linear part, same sub-pixel phase).
    public func matches(_ m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)) -> Bool {
        let e = 1e-9
        return abs(m.a - linear.a) < e && abs(m.b - linear.b) < e && abs(m.c - linear.c) < e && abs(m.d - linear.d) < e
            && abs(m.tx - m.tx.rounded(.down) - phaseX) < 1e-6 && abs(m.ty - m.ty.rounded(.down) - phaseY) < 1e-6
    }

    /// Copies the rendering for the device matrix `m` (one pixel-aligned composite); false (nothing drawn) when it does
    /// not match `m`.
    @discardableResult
    public func draw(in ctx: CairoContext, matrix m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)) -> Bool {
        guard matches(m) else { return false }
        ctx.paintPixelAligned(surface, x: Int(m.tx.rounded(.down)) + offsetX, y: Int(m.ty.rounded(.down)) + offsetY)
        return true
    }

    /// Bytes held.
    public var bytes: Int { surface.stride * surface.pixelHeight }
}
