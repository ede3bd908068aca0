import Foundation

/// The subtle tiled background: a dark slate-blue linen-like noise texture generated procedurally
/// (deterministically, so every run and every snapshot looks the same) and drawn repeated.
public final class BackgroundTexture {
    /// The tile, in device pixels (tile side in points × device scale is irrelevant: the tile is drawn 1:1
    /// in device pixels so the grain stays crisp at any scale).
    public let tile: ImageSurface

    /// Generates a `size` × `size` pixel tile from `seed`.
    public init(size: Int = 128, seed: UInt64 = 0x5EED_1234) throws {
        tile = try ImageSurface(pixelWidth: size, pixelHeight: size)
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

    /// Fills `rect` (user units) with the texture; `deviceScale` maps the tile 1:1 onto device pixels;
    /// `originX/Y` (points) shift the pattern, for example to scroll it with the content.
    public func fill(_ rect: CanvasRect, in ctx: CairoContext, deviceScale: Double, originX: Double = 0, originY: Double = 0) {
        ctx.withSavedState {
            ctx.newPath()
            ctx.rectangle(rect)
            ctx.clip()
            ctx.scale(1 / deviceScale, 1 / deviceScale)
            let t = Double(tile.pixelWidth)
            let ox = (originX * deviceScale).truncatingRemainder(dividingBy: t)
            let oy = (originY * deviceScale).truncatingRemainder(dividingBy: t)
            ctx.setRepeatingSource(tile, x: ox.rounded(), y: oy.rounded(), filter: .nearest)
            ctx.paint()
        }
    }
}
