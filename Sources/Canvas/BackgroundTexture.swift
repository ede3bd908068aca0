import Foundation
import StackEngine

/// The subtle tiled background: a dark slate-blue linen-like noise texture generated procedurally
/// (deterministically, so every run and every snapshot looks the same) and drawn repeated.
///
/// Textures made with the same size and seed share their tile and their pre-tiled surface (`SharedTiles`): the
/// albums screen, an album and the photo view each have one, and a window-sized pre-tiled surface is ~10 MB at
/// 1920×1080 (~35 MB at 3840×2160), so one per screen was 20–30 MB of the app's peak memory.
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

    /// The tile and the pre-tiled surface, shared by every texture of this size and seed.
    private let shared: SharedTiles.Entry

    /// The tile repeated over a surface big enough for the largest fill so far plus one tile (device pixels),
    /// so a fill is one pixel-aligned copy instead of a repeating-pattern composite.
    private var tiled: ImageSurface? {
        get { shared.tiled }
        set { shared.tiled = newValue }
    }

    /// Fills `rect` (user units) with the texture; `deviceScale` maps the tile 1:1 onto device pixels;
    /// `originX/Y` (points) shift the pattern, for example to scroll it with the content. `alpha` below 1 lays
    /// the (opaque) texture over what is there at that opacity: a fading background without a group.
    public func fill(_ rect: CanvasRect, in ctx: CairoContext, deviceScale: Double, originX: Double = 0, originY: Double = 0,
                     alpha: Double = 1) {
        let t = tile.pixelWidth
        let m = ctx.currentMatrix()
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0 else {
            return fillRepeating(rect, in: ctx, deviceScale: deviceScale, originX: originX, originY: originY, alpha: alpha)
        }
        // The rect in device pixels (whole pixels, covering it).
        let x0 = Int((m.a * rect.x + m.tx).rounded(.down)), y0 = Int((m.d * rect.y + m.ty).rounded(.down))
        let x1 = Int((m.a * (rect.x + rect.width) + m.tx).rounded(.up)), y1 = Int((m.d * (rect.y + rect.height) + m.ty).rounded(.up))
        guard x1 > x0, y1 > y0 else { return }
        guard prepareFill(deviceWidth: x1 - x0, deviceHeight: y1 - y0) else {
            return fillRepeating(rect, in: ctx, deviceScale: deviceScale, originX: originX, originY: originY, alpha: alpha)
        }
        // Tiles sit at device positions ≡ origin (mod t), as in `fillRepeating` (the origin is in device pixels
        // of this context's user space scaled by `deviceScale`, relative to the user-space origin).
        let ox = Int((originX * deviceScale).rounded()) + Int(m.tx.rounded())
        let oy = Int((originY * deviceScale).rounded()) + Int(m.ty.rounded())
        func start(_ edge: Int, _ origin: Int) -> Int { edge - ((edge - origin) % t + t) % t }
        ctx.copyPixelAligned(tiled!, x: start(x0, ox), y: start(y0, oy), clipX: x0, clipY: y0, clipWidth: x1 - x0, clipHeight: y1 - y0,
                             alpha: alpha)
    }

    /// Makes the pre-tiled surface big enough for a fill of `deviceWidth` × `deviceHeight` device pixels, if it is not
    /// yet (a window-sized paint: ~10 MB and a few milliseconds at 1920×1080). `fill` does it when needed; a screen
    /// calls it from its update so that a launch does it while it waits for its thumbnails, not inside the first
    /// frame. False when the surface cannot be made.
    @discardableResult
    public func prepareFill(deviceWidth: Int, deviceHeight: Int) -> Bool {
        let t = tile.pixelWidth
        let w = deviceWidth + t, h = deviceHeight + t
        if let made = tiled, made.pixelWidth >= w, made.pixelHeight >= h { return true }
        // Grown to cover this fill and every earlier one (screens sharing it fill different sizes).
        let width = max(w, tiled?.pixelWidth ?? 0), height = max(h, tiled?.pixelHeight ?? 0)
        guard let big = try? ImageSurface(pixelWidth: width, pixelHeight: height) else { return false }
        let bc = CairoContext(surface: big)
        bc.setRepeatingSource(tile, filter: .nearest)
        bc.paint()
        tiled = big
        return true
    }

    /// The pre-tiled surface the fills copy from (shared by the textures of this size and seed), if made yet.
    public var preTiledSurface: ImageSurface? { tiled }

    /// Memory given back: drops the pre-tiled surfaces of every texture. Each grows to the largest window it has
    /// filled (~7 MB at 1600×1200, ~35 MB at 3840×2160) and would otherwise stay that size after the window
    /// shrinks; the next fill makes it again at the size it needs (one window-sized paint). Returns the bytes freed.
    @discardableResult
    public static func dropPreTiledSurfaces() -> Int { SharedTiles.dropPreTiledSurfaces() }

    /// The general fill: a repeating pattern (used when the context is rotated or the copy cannot be made).
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
