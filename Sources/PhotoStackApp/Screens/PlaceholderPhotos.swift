import Canvas
import Foundation

/// Procedurally painted stand-in photos (sky, sun, hills) for the placeholder scene, so it shows
/// image-like cards before the photo pipeline is plugged in.
enum PlaceholderPhotos {
    /// `count` landscape images of 320 × 240 pixels in different palettes.
    static func make(count: Int) -> [ImageSurface] {
        let palettes: [(RGBA, RGBA, RGBA)] = [
            (RGBA(0.98, 0.62, 0.35), RGBA(0.45, 0.25, 0.55), RGBA(0.20, 0.30, 0.25)),
            (RGBA(0.55, 0.78, 0.95), RGBA(0.20, 0.45, 0.80), RGBA(0.25, 0.50, 0.25)),
            (RGBA(0.95, 0.85, 0.55), RGBA(0.85, 0.45, 0.30), RGBA(0.45, 0.30, 0.20)),
            (RGBA(0.75, 0.90, 0.90), RGBA(0.35, 0.65, 0.75), RGBA(0.15, 0.35, 0.45)),
            (RGBA(0.85, 0.75, 0.95), RGBA(0.35, 0.30, 0.60), RGBA(0.20, 0.20, 0.35)),
        ]
        return (0..<count).compactMap { i in
            let (top, bottom, land) = palettes[i % palettes.count]
            guard let s = try? ImageSurface(pixelWidth: 320, pixelHeight: 240) else { return nil }
            let ctx = CairoContext(surface: s)
            for row in 0..<240 {
                let t = Double(row) / 240
                ctx.newPath()
                ctx.rectangle(CanvasRect(x: 0, y: Double(row), width: 320, height: 1))
                ctx.setColor(RGBA(top.red + (bottom.red - top.red) * t, top.green + (bottom.green - top.green) * t,
                                  top.blue + (bottom.blue - top.blue) * t))
                ctx.fill()
            }
            ctx.newPath()
            ctx.arc(cx: 80 + Double(i * 47 % 160), cy: 70, radius: 26, from: 0, to: 2 * .pi)
            ctx.setColor(RGBA(1, 0.97, 0.85, 0.9))
            ctx.fill()
            ctx.newPath()
            ctx.move(to: 0, 240)
            for x in stride(from: 0.0, through: 320, by: 8) {
                ctx.line(to: x, 170 - 30 * sin(x / 50 + Double(i)) - 15 * sin(x / 17 + Double(i) * 2))
            }
            ctx.line(to: 320, 240)
            ctx.closePath()
            ctx.setColor(land)
            ctx.fill()
            return s
        }
    }
}
