import Foundation

/// A photo card rendered once into an image surface at the device scale (border and shadow included,
/// padded so the shadow fits) and then composited, rotated and scaled, every frame — the "rasterize"
/// idea: per frame the cost is one bilinear blit instead of clip, image scaling, shadow and stroke.
public final class CachedPhotoCard {
    /// The card's side, points.
    public let side: Double
    /// The device scale the cache was rendered at (device pixels per point).
    public let deviceScale: Double
    /// Padding around the card inside the surface, points (room for the shadow and an anti-aliasing seam).
    public let padding: Double
    /// The pre-rendered card.
    public let surface: ImageSurface
    /// True when every pixel of the card's square (inside its anti-aliased edge) is opaque: a photo without
    /// transparency (not the translucent placeholder). Drawn over other cards, the square then hides them.
    public let hasOpaqueSquare: Bool

    /// Renders `content` as a card of `side` points at `deviceScale` pixels per point.
    public init(_ content: PhotoCardContent, side: Double, deviceScale: Double,
                renderer: PhotoCardRenderer = PhotoCardRenderer()) throws {
        self.side = side
        self.deviceScale = deviceScale
        padding = renderer.style.shadowOutset + 1
        let px = Int(((side + 2 * padding) * deviceScale).rounded(.up))
        surface = try ImageSurface(pixelWidth: px, pixelHeight: px)
        let ctx = CairoContext(surface: surface)
        ctx.scale(deviceScale, deviceScale)
        renderer.drawUnrotated(content, in: ctx, rect: CanvasRect(x: padding, y: padding, width: side, height: side))
        let lo = Int((padding * deviceScale).rounded(.up)), hi = Int(((padding + side) * deviceScale).rounded(.down))
        hasOpaqueSquare = surface.isOpaque(x0: lo, y0: lo, x1: hi, y1: hi)
    }

    /// Half the side of the square about the card's centre, in the card's pixels, whose every point a bilinear
    /// sample takes from opaque pixels only (when `hasOpaqueSquare`): the square less its edge pixel and a pixel of
    /// filter reach.
    public var opaqueHalfSide: Double { side * deviceScale / 2 - 3 }

    /// True when the cache still matches a card of `side` points at `deviceScale` (else re-render it).
    public func matches(side: Double, deviceScale: Double) -> Bool {
        abs(self.side - side) < 0.01 && abs(self.deviceScale - deviceScale) < 0.001
    }

    /// Composites the card centred at (`centerX`, `centerY`) in user units (points), rotated by `rotation`
    /// radians and scaled by `scale`, with `alpha`. The transparent padding gives anti-aliased edges.
    /// `occluders`: device quads opaque cards drawn later will cover (not resampled; see `RotatedComposite`).
    public func draw(in ctx: CairoContext, centerX: Double, centerY: Double, rotation: Double = 0,
                     scale: Double = 1, alpha: Double = 1, occluders: [DeviceQuad] = []) {
        ctx.withSavedState {
            ctx.translate(centerX, centerY)
            if rotation != 0 { ctx.rotate(rotation) }
            let s = scale / deviceScale
            ctx.scale(s, s)
            let half = Double(surface.pixelWidth) / 2
            let axisAligned = straightenIfAlmostAxisAligned(ctx, halfSide: half)
            // Rotated: resampled by the C kernel into a scratch surface, then one pixel-aligned composite.
            if !axisAligned, RotatedComposite.draw(surface, halfSide: half, in: ctx, alpha: alpha, occluders: occluders) { return }
            // One device pixel per card pixel, unrotated: copied unfiltered; anything else is resampled.
            let m = ctx.currentMatrix()
            let unscaled = axisAligned && abs(m.a - 1) < 1e-9 && abs(m.d - 1) < 1e-9
            ctx.setSource(surface, x: -half, y: -half, filter: unscaled ? .nearest : .bilinear)
            ctx.paint(alpha: alpha)
        }
    }

    /// Largest shift of a card corner, device pixels, that a rotation may cause and still be drawn as none.
    static let negligibleRotationShift = 0.25

    /// When the card, drawn with the current matrix, is rotated so little that no corner moves by
    /// `negligibleRotationShift` device pixels (the last frames of a transition that straightens it), replaces the
    /// matrix with the same scale and translation unrotated: pixman then takes its scaling fast path (a rotated
    /// bilinear composite costs about six times as much, whatever the angle). True when the matrix is (now)
    /// axis-aligned.
    private func straightenIfAlmostAxisAligned(_ ctx: CairoContext, halfSide: Double) -> Bool {
        let m = ctx.currentMatrix()
        if m.b == 0 && m.c == 0 { return true }
        let sx = (m.a * m.a + m.b * m.b).squareRoot(), sy = (m.c * m.c + m.d * m.d).squareRoot()
        guard m.a > 0, m.d > 0, sx > 0, sy > 0 else { return false }
        let angle = abs(atan2(m.b, m.a)), skew = abs(atan2(-m.c, m.d) - atan2(m.b, m.a))
        let reach = halfSide * 2.0.squareRoot() * max(sx, sy)
        guard angle * reach < Self.negligibleRotationShift, skew * reach < Self.negligibleRotationShift else { return false }
        ctx.identityMatrix()
        ctx.transform(a: sx, b: 0, c: 0, d: sy, tx: m.tx, ty: m.ty)
        return true
    }
}
