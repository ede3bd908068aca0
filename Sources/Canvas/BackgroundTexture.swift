import Foundation
import StackEngine

/// The subtle tiled background: a dark slate-blue linen-like noise texture generated procedurally
/// (deterministically, so every run and every snapshot looks the same) and drawn repeated.
///
/// Textures made with the same size and seed share their tile (`SharedTiles`): the albums screen, an album and the
/// photo view each have one.
///
/// A fill is one composite of the tile repeated (operator SOURCE, whole device pixels): pixman copies it span by span
/// (~0.4 ms for 1920×1080). A window-sized surface with the tile pre-tiled over it, copied once per fill, was slower
/// (~0.6 ms), held ~10 MB at 1920×1080 (~35 MB at 3840×2160) and cost a launch ~10 ms of UI thread to make.
public final class BackgroundTexture {
    /// The tile, in device pixels (tile side in points × device scale is irrelevant: the tile is drawn 1:1
    /// in device pixels so the grain stays crisp at any scale).
    public let tile: ImageSurface

    /// Generates a `size` × `size` pixel tile from `seed`.
    public init(size: Int = 128, seed: UInt64 = 0x5EED_1234) throws {
        shared = SharedTiles.entry(size: size, seed: seed)
        if let made = shared.tile { tile = made; return }
        tile = try ImageSurface(pixelWidth: size, pixelHeight: size)
        defer { shared.tile = tile }
        let ctx = CairoContext(surface: tile)
        ctx.clear(to: RGBA(0.16, 0.18, 0.22))
        var rng = SplitMix64(seed: seed)
        // Fine horizontal and vertical threads, light and dark, wrapped around the tile edges.
        for _ in 0..<(size * 3) {
            let horizontal = rng.next() & 1 == 0
            let pos = Double(rng.next() % UInt64(size)) + 0.5
            let start = Double(rng.next() % UInt64(size))
            let length = Double(8 + rng.next() % 40)
            let light = rng.next() & 1 == 0
            let a = 0.025 + Double(rng.next() % 100) / 100 * 0.035
            ctx.setColor(light ? RGBA(white: 1, alpha: a) : RGBA(white: 0, alpha: a * 1.4))
            ctx.setLineWidth(1)
            for wrap in [-Double(size), 0] {
                ctx.newPath()
                if horizontal {
                    ctx.move(to: start + wrap, pos); ctx.line(to: start + wrap + length, pos)
                } else {
                    ctx.move(to: pos, start + wrap); ctx.line(to: pos, start + wrap + length)
                }
                ctx.stroke()
                if start + length <= Double(size) { break }
            }
        }
    }

    /// The tile, shared by every texture of this size and seed.
    private let shared: SharedTiles.Entry

    /// Fills `rect` (user units) with the texture; `deviceScale` maps the tile 1:1 onto device pixels;
    /// `originX/Y` (points) shift the pattern, for example to scroll it with the content. `alpha` below 1 lays
    /// the (opaque) texture over what is there at that opacity: a fading background without a group.
    public func fill(_ rect: CanvasRect, in ctx: CairoContext, deviceScale: Double, originX: Double = 0, originY: Double = 0,
                     alpha: Double = 1) {
        let m = ctx.currentMatrix()
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0 else {
            return fillRepeating(rect, in: ctx, deviceScale: deviceScale, originX: originX, originY: originY, alpha: alpha)
        }
        // The rect in device pixels (whole pixels, covering it).
        let x0 = Int((m.a * rect.x + m.tx).rounded(.down)), y0 = Int((m.d * rect.y + m.ty).rounded(.down))
        let x1 = Int((m.a * (rect.x + rect.width) + m.tx).rounded(.up)), y1 = Int((m.d * (rect.y + rect.height) + m.ty).rounded(.up))
        guard x1 > x0, y1 > y0 else { return }
        // Tiles sit at device positions ≡ origin (mod t), as in `fillRepeating` (the origin is in device pixels
        // of this context's user space scaled by `deviceScale`, relative to the user-space origin).
        let ox = Int((originX * deviceScale).rounded()) + Int(m.tx.rounded())
        let oy = Int((originY * deviceScale).rounded()) + Int(m.ty.rounded())
        ctx.copyPixelAligned(tile, x: ox, y: oy, clipX: x0, clipY: y0, clipWidth: x1 - x0, clipHeight: y1 - y0, alpha: alpha,
                             repeating: true)
    }

    /// The general fill: a repeating pattern through the context's matrix (used when it rotates or shears).
    func fillRepeating(_ rect: CanvasRect, in ctx: CairoContext, deviceScale: Double, originX: Double, originY: Double,
                       alpha: Double = 1) {
        ctx.withSavedState {
            ctx.newPath()
            ctx.rectangle(rect)
            ctx.clip()
            ctx.scale(1 / deviceScale, 1 / deviceScale)
            let t = Double(tile.pixelWidth)
            let ox = (originX * deviceScale).truncatingRemainder(dividingBy: t)
            let oy = (originY * deviceScale).truncatingRemainder(dividingBy: t)
            ctx.setRepeatingSource(tile, x: ox.rounded(), y: oy.rounded(), filter: .nearest)
            if alpha >= 1 { ctx.paint() } else { ctx.paint(alpha: alpha) }
        }
    }
}
