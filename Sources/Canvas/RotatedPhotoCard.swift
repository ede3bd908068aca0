import Foundation

/// A photo card rendered once at its final device size *and rotation* (border, shadow and anti-aliased
/// edges included), so drawing it is an unfiltered, pixel-aligned copy — the cheapest composite cairo has —
/// instead of a rotated bilinear blit of a `CachedPhotoCard` every frame. Valid while the card's side,
/// device pixels per point (the whole transform's scale) and rotation stay the same.
public final class RotatedPhotoCard {
    /// The card's side, points.
    public let side: Double
    /// Device pixels per point the card was rendered at.
    public let pixelsPerPoint: Double
    /// Rotation baked in, radians.
    public let rotation: Double
    /// The rendered card: the rotated card's bounding box with room for the shadow, device pixels.
    public let surface: ImageSurface
    /// Half the side of the middle square left out of the rendering, device pixels (0: none).
    public private(set) var omittedHalfSide = 0

    /// Renders `content` as a card of `side` points at `pixelsPerPoint`, rotated by `rotation` radians.
    public init(_ content: PhotoCardContent, side: Double, pixelsPerPoint: Double, rotation: Double,
                renderer: PhotoCardRenderer = PhotoCardRenderer()) throws {
        self.side = side
        self.pixelsPerPoint = pixelsPerPoint
        self.rotation = rotation
        let padded = side + 2 * (renderer.style.shadowOutset + 1)
        let extent = padded * (abs(cos(rotation)) + abs(sin(rotation))) * pixelsPerPoint
        let px = Int(extent.rounded(.up)) + 2
        surface = try ImageSurface(pixelWidth: px, pixelHeight: px)
        let ctx = CairoContext(surface: surface)
        ctx.translate(Double(px) / 2, Double(px) / 2)
        ctx.rotate(rotation)
        ctx.scale(pixelsPerPoint, pixelsPerPoint)
        renderer.drawUnrotated(content, in: ctx, rect: CanvasRect(x: -side / 2, y: -side / 2, width: side, height: side))
    }

    /// Renders an already rendered axis-aligned `card` rotated by `rotation` radians at `pixelsPerPoint`
    /// (one filtered blit; cheaper than drawing the card's shadow and border rotated).
    /// `coveredHalfSide` (device pixels): the middle square that something opaque will always cover (see
    /// `draw`) is left out of the rendering, which makes cards beneath a stack's top card cheaper to build.
    public init(from card: CachedPhotoCard, pixelsPerPoint: Double, rotation: Double, coveredHalfSide: Double = 0) throws {
        side = card.side
        self.pixelsPerPoint = pixelsPerPoint
        self.rotation = rotation
        let src = Double(card.surface.pixelWidth) * pixelsPerPoint / card.deviceScale
        let px = Int((src * (abs(cos(rotation)) + abs(sin(rotation)))).rounded(.up)) + 2
        surface = try ImageSurface(pixelWidth: px, pixelHeight: px)
        let ctx = CairoContext(surface: surface)
        let h = Self.holeHalfSide(coveredHalfSide)
        omittedHalfSide = h
        if h > 0 {
            let c = Double(px / 2)
            ctx.clip(inside: CanvasRect(x: 0, y: 0, width: Double(px), height: Double(px)),
                     outside: CanvasRect(x: c - Double(h), y: c - Double(h), width: Double(2 * h), height: Double(2 * h)))
        }
        ctx.translate(Double(px) / 2, Double(px) / 2)
        ctx.rotate(rotation)
        let k = pixelsPerPoint / card.deviceScale
        ctx.scale(k, k)
        let half = Double(card.surface.pixelWidth) / 2
        ctx.setSource(card.surface, x: -half, y: -half, filter: rotation == 0 && abs(k - 1) < 1e-9 ? .nearest : .bilinear)
        ctx.paint()
    }

    /// True when this rendering can stand for a card of `side` points at `pixelsPerPoint` rotated by `rotation`.
    /// `coveredHalfSide`: what will cover the card's middle when it is drawn (its left-out middle must fit).
    public func matches(side: Double, pixelsPerPoint: Double, rotation: Double, coveredHalfSide: Double = 0) -> Bool {
        omittedHalfSide <= Self.holeHalfSide(coveredHalfSide) && abs(self.side - side) < 0.01 && abs(self.pixelsPerPoint - pixelsPerPoint) < 1e-4 && abs(self.rotation - rotation) < 1e-5
    }

    /// Copies the card centred at device pixel (`deviceX`, `deviceY`) (rounded to whole pixels) with `alpha`.
    /// `coveredHalfSide`: half the side (device pixels) of a square about the same centre that something
    /// opaque drawn later covers (the top card of a stack); that part is not composited.
    public func draw(in ctx: CairoContext, deviceX: Double, deviceY: Double, alpha: Double = 1, coveredHalfSide: Double = 0) {
        let half = Double(surface.pixelWidth) / 2
        precondition(omittedHalfSide <= Self.holeHalfSide(coveredHalfSide), "the left-out middle must stay covered")
        var hole: (x: Int, y: Int, width: Int, height: Int)?
        let h = Self.holeHalfSide(coveredHalfSide)
        // Halves round up wherever the card is (not away from zero), so moving it by whole pixels moves its
        // copy by exactly as much (frames made by scroll-copy equal frames drawn whole).
        let x = Int((deviceX - half + 0.5).rounded(.down)), y = Int((deviceY - half + 0.5).rounded(.down))
        if h > 0 {
            let c = surface.pixelWidth / 2
            hole = (x + c - h, y + c - h, 2 * h, 2 * h)
        }
        ctx.paintPixelAligned(surface, x: x, y: y, alpha: alpha, excluding: hole)
    }

    /// Composites the card scaled by `scale` about its centre, at device pixel (`deviceX`, `deviceY`) (the centre `draw`
    /// would copy it to, at whole pixels), bilinear-filtered (the C kernel, as `RotatedComposite`; pixman's bilinear
    /// scaling took about three times as long): a card of a stack being lifted, drawn from its resting rendering. The
    /// left-out middle scales with it (what covers it must too). `occluders`: device quads opaque cards drawn later cover.
    /// `nearest`: one texel per pixel instead of the bilinear filter (a card scaling while it moves: a stack lifting).
    public func draw(in ctx: CairoContext, deviceX: Double, deviceY: Double, scale: Double, occluders: [DeviceQuad] = [],
                     nearest: Bool = false) {
        let half = Double(surface.pixelWidth) / 2
        let x = (deviceX - half + 0.5).rounded(.down) + half, y = (deviceY - half + 0.5).rounded(.down) + half
        // The left-out middle, scaled: transparent wherever a sample could reach it only (a source pixel and a device pixel
        // inside its edge), so it is neither resampled nor composited — the same pixels for less work.
        var occluded = occluders
        var hole: (x: Int, y: Int, width: Int, height: Int)?
        if omittedHalfSide > 0 {
            let c = Double(surface.pixelWidth / 2) - half   // the middle's centre, source pixels from the centre
            let r = (Double(omittedHalfSide) - 1) * scale - 1
            let hx0 = Int((x + c * scale - r).rounded(.up)), hy0 = Int((y + c * scale - r).rounded(.up))
            let hx1 = Int((x + c * scale + r).rounded(.down)), hy1 = Int((y + c * scale + r).rounded(.down))
            if hx1 - hx0 > 2, hy1 - hy0 > 2 {
                let e = 0.25   // pixel centres (+0.5) of hx0…hx1 − 1 lie inside the quad
                occluded.append(DeviceQuad(CanvasRect(x: Double(hx0) + e, y: Double(hy0) + e, width: Double(hx1 - hx0) - 2 * e,
                                                      height: Double(hy1 - hy0) - 2 * e), through: (1, 0, 0, 1, 0, 0)))
                hole = (hx0, hy0, hx1 - hx0, hy1 - hy0)
            }
        }
        ctx.withSavedState {
            ctx.identityMatrix()
            ctx.translate(x, y)
            ctx.scale(scale, scale)
            if abs(scale - 1) > 1e-9,
               RotatedComposite.draw(surface, halfSide: half, in: ctx, alpha: 1, occluders: occluded, nearest: nearest,
                                     excluding: hole) { return }
            ctx.setSource(surface, x: -half, y: -half, filter: abs(scale - 1) < 1e-9 ? .nearest : .bilinear)
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: -half, y: -half, width: 2 * half, height: 2 * half))
            ctx.fill()
        }
    }

    /// The hole (half side, whole device pixels) for a covered square of half side `covered`: 2 px smaller.
    static func holeHalfSide(_ covered: Double) -> Int { max(0, Int(covered.rounded(.down)) - 2) }

    /// Half the side of the largest axis-aligned square inside a square of `side` rotated by `rotation` about
    /// the same centre (same units as `side`).
    public static func inscribedHalfSide(side: Double, rotation: Double) -> Double {
        let c = abs(cos(rotation)), s = abs(sin(rotation))
        return side / 2 / (c + s)
    }

    /// The rotation (radians) and scale (device pixels per user unit) of a context matrix without shear or
    /// mirroring, or nil when the matrix has either (then a rotated card cannot stand for it).
    public static func rotationAndScale(of m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double))
        -> (rotation: Double, scale: Double)? {
        let s = (m.a * m.a + m.b * m.b).squareRoot()
        guard s > 0, abs(m.c + m.b) < 1e-9 * max(1, s), abs(m.d - m.a) < 1e-9 * max(1, s) else { return nil }
        return (atan2(m.b, m.a), s)
    }
}
