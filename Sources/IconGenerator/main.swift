import Canvas
import Foundation

/// Draws PhotoStack's icon — a pile of three rotated photo cards, the top one a small landscape — at each
/// size natively (details and borders scaled for the small sizes), and writes `photostack-SIZE.png`.
/// Usage: swift run IconGenerator [OUTPUT_FOLDER]   (default assets/icons)
let output = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "assets/icons"
try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)

/// One card: its rotation (radians) and offset from the centre, in units of the icon side.
struct Card { var angle: Double; var dx: Double; var dy: Double; var tint: RGBA }

let cards = [
    Card(angle: -0.30, dx: -0.06, dy: 0.02, tint: RGBA(0.93, 0.90, 0.84)),
    Card(angle: 0.22, dx: 0.06, dy: 0.00, tint: RGBA(0.96, 0.94, 0.90)),
    Card(angle: -0.05, dx: 0.00, dy: -0.02, tint: RGBA(1, 1, 1)),
]

func drawIcon(side: Int) throws -> ImageSurface {
    let surface = try ImageSurface(pixelWidth: side, pixelHeight: side)
    let ctx = CairoContext(surface: surface)
    let s = Double(side)
    let small = side <= 24
    let cardW = s * (small ? 0.78 : 0.70), cardH = cardW * 0.80
    let border = max(1, (cardW * (small ? 0.09 : 0.07)).rounded())
    let visible = small ? Array(cards.suffix(2)) : cards
    for (i, card) in visible.enumerated() {
        ctx.withSavedState {
            ctx.translate(s / 2 + card.dx * s, s / 2 + card.dy * s + (small ? 0 : s * 0.03))
            ctx.rotate(card.angle)
            let rect = CanvasRect(x: -cardW / 2, y: -cardH / 2, width: cardW, height: cardH)
            if !small {
                ctx.drawSoftShadow(of: rect, cornerRadius: s * 0.02, radius: s * 0.035, dx: 0, dy: s * 0.015,
                                   color: RGBA(0, 0, 0, 0.45))
            }
            ctx.setColor(card.tint)
            ctx.roundedRectangle(rect, radius: max(0.5, s * 0.02))
            ctx.fill()
            ctx.setColor(RGBA(0, 0, 0, small ? 0.55 : 0.25))
            ctx.setLineWidth(max(1, s / 128))
            ctx.roundedRectangle(rect, radius: max(0.5, s * 0.02))
            ctx.stroke()
            let photo = CanvasRect(x: rect.x + border, y: rect.y + border,
                                   width: rect.width - 2 * border, height: rect.height - 2 * border * (small ? 1 : 1.6))
            if i == visible.count - 1 { drawLandscape(ctx, in: photo, detailed: !small) } else {
                ctx.setColor(i == 0 ? RGBA(0.55, 0.42, 0.60) : RGBA(0.85, 0.55, 0.35))
                ctx.rectangle(photo)
                ctx.fill()
            }
        }
    }
    return surface
}

/// Sky in bands, a sun, two hills and (when detailed) a lake line: readable from 16 to 256 px.
func drawLandscape(_ ctx: CairoContext, in r: CanvasRect, detailed: Bool) {
    ctx.withSavedState {
        ctx.rectangle(r)
        ctx.clip()
        let bands = detailed ? 12 : 3
        for b in 0..<bands {
            let t = Double(b) / Double(bands - 1)
            ctx.setColor(RGBA(0.30 + 0.45 * t, 0.55 + 0.30 * t, 0.92 - 0.10 * t))
            ctx.rectangle(CanvasRect(x: r.x, y: r.y + r.height * 0.7 * Double(b) / Double(bands),
                                     width: r.width, height: r.height * 0.7 / Double(bands) + 1))
            ctx.fill()
        }
        ctx.setColor(RGBA(1.0, 0.80, 0.25))
        ctx.arc(cx: r.x + r.width * 0.72, cy: r.y + r.height * 0.30, radius: r.height * (detailed ? 0.14 : 0.18), from: 0, to: 2 * .pi)
        ctx.fill()
        ctx.setColor(RGBA(0.24, 0.52, 0.30))
        ctx.move(to: r.x - 1, (r.y + r.height) + 1)
        ctx.line(to: r.x + r.width * 0.32, r.y + r.height * 0.42)
        ctx.line(to: r.x + r.width * 0.62, (r.y + r.height) + 1)
        ctx.closePath()
        ctx.fill()
        ctx.setColor(RGBA(0.16, 0.40, 0.26))
        ctx.move(to: r.x + r.width * 0.35, (r.y + r.height) + 1)
        ctx.line(to: r.x + r.width * 0.68, r.y + r.height * 0.52)
        ctx.line(to: (r.x + r.width) + 1, r.y + r.height * 0.80)
        ctx.line(to: (r.x + r.width) + 1, (r.y + r.height) + 1)
        ctx.closePath()
        ctx.fill()
        if detailed {
            ctx.setColor(RGBA(0.55, 0.75, 0.95, 0.85))
            ctx.rectangle(CanvasRect(x: r.x, y: r.y + r.height * 0.86, width: r.width, height: r.height * 0.14 + 1))
            ctx.fill()
        }
    }
}

for side in [16, 32, 48, 64, 128, 256] {
    let path = "\(output)/photostack-\(side).png"
    try drawIcon(side: side).writePNG(to: path)
    print(path)
}
