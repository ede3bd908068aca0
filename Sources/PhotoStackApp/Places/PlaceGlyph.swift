import Canvas
import PhotoPipeline
import StackEngine

/// The icon-like glyph of a Places entry, drawn with paths (no icon theme needed): a folder for folders and
/// bookmarks (tinted by kind), a house for home, a stack of photos for the sample library, a clock face for recent
/// libraries, a drive for drives and a globe for network shares. About 36 points across.
enum PlaceGlyph {
    static func tint(_ kind: Place.Kind) -> RGBA {
        switch kind {
        case .pictures: return RGBA(0.98, 0.72, 0.30)
        case .home: return RGBA(0.55, 0.80, 0.55)
        case .sample: return RGBA(0.95, 0.55, 0.55)
        case .recent: return RGBA(0.70, 0.70, 0.95)
        case .bookmark: return RGBA(0.95, 0.80, 0.45)
        case .drive: return RGBA(0.75, 0.78, 0.82)
        case .network: return RGBA(0.45, 0.75, 0.95)
        }
    }

    static func draw(_ kind: Place.Kind, in ctx: CairoContext, center c: Point, alpha: Double) {
        var color = tint(kind)
        color.alpha *= alpha
        ctx.newPath()
        ctx.setColor(color)
        switch kind {
        case .home:
            ctx.move(to: c.x - 16, c.y - 1); ctx.line(to: c.x, c.y - 15); ctx.line(to: c.x + 16, c.y - 1); ctx.closePath()
            ctx.fill()
            ctx.rectangle(CanvasRect(x: c.x - 11, y: c.y - 3, width: 22, height: 17))
            ctx.fill()
            ctx.setColor(RGBA(0.1, 0.12, 0.15, alpha))
            ctx.rectangle(CanvasRect(x: c.x - 3.5, y: c.y + 4, width: 7, height: 10))
            ctx.fill()
        case .sample:
            for (i, angle) in [-0.18, 0.12, 0.0].enumerated() {
                ctx.withSavedState {
                    ctx.translate(c.x, c.y); ctx.rotate(angle)
                    ctx.newPath()
                    ctx.rectangle(CanvasRect(x: -14, y: -11, width: 28, height: 22))
                    ctx.setColor(RGBA(0.97, 0.97, 0.95, alpha))
                    ctx.fill()
                    ctx.rectangle(CanvasRect(x: -11.5, y: -8.5, width: 23, height: 17))
                    ctx.setColor(i == 2 ? color : RGBA(0.5, 0.6, 0.7, alpha))
                    ctx.fill()
                }
            }
        case .recent:
            ctx.arc(cx: c.x, cy: c.y, radius: 15, from: 0, to: 2 * .pi)
            ctx.fill()
            ctx.setColor(RGBA(0.1, 0.12, 0.15, alpha))
            ctx.setLineWidth(2.5)
            ctx.move(to: c.x, c.y - 9); ctx.line(to: c.x, c.y); ctx.line(to: c.x + 7, c.y + 4)
            ctx.stroke()
        case .drive:
            ctx.roundedRectangle(CanvasRect(x: c.x - 16, y: c.y - 9, width: 32, height: 18), radius: 4)
            ctx.fill()
            ctx.setColor(RGBA(0.25, 0.85, 0.45, alpha))
            ctx.arc(cx: c.x + 9, cy: c.y + 3, radius: 2.2, from: 0, to: 2 * .pi)
            ctx.fill()
        case .network:
            ctx.setLineWidth(2.2)
            ctx.arc(cx: c.x, cy: c.y, radius: 14, from: 0, to: 2 * .pi)
            ctx.stroke()
            ctx.withSavedState {
                ctx.translate(c.x, c.y); ctx.scale(0.45, 1)
                ctx.newPath(); ctx.arc(cx: 0, cy: 0, radius: 14, from: 0, to: 2 * .pi)
            }
            ctx.stroke()
            ctx.move(to: c.x - 14, c.y); ctx.line(to: c.x + 14, c.y)
            ctx.move(to: c.x - 12, c.y - 7); ctx.line(to: c.x + 12, c.y - 7)
            ctx.move(to: c.x - 12, c.y + 7); ctx.line(to: c.x + 12, c.y + 7)
            ctx.stroke()
        case .pictures, .bookmark:
            ctx.move(to: c.x - 16, c.y - 11); ctx.line(to: c.x - 5, c.y - 11); ctx.line(to: c.x - 2, c.y - 7)
            ctx.line(to: c.x + 16, c.y - 7); ctx.line(to: c.x + 16, c.y + 12); ctx.line(to: c.x - 16, c.y + 12); ctx.closePath()
            ctx.fill()
            ctx.setColor(RGBA(1, 1, 1, 0.25 * alpha))
            ctx.rectangle(CanvasRect(x: c.x - 16, y: c.y - 4, width: 32, height: 2))
            ctx.fill()
            if kind == .pictures {   // a mountain and a sun on the folder
                ctx.setColor(RGBA(0.45, 0.30, 0.10, 0.8 * alpha))
                ctx.move(to: c.x - 10, c.y + 9); ctx.line(to: c.x - 2, c.y + 1); ctx.line(to: c.x + 3, c.y + 5)
                ctx.line(to: c.x + 6, c.y + 3); ctx.line(to: c.x + 11, c.y + 9); ctx.closePath()
                ctx.fill()
                ctx.arc(cx: c.x + 7, cy: c.y - 1, radius: 2.2, from: 0, to: 2 * .pi)
                ctx.fill()
            }
        }
    }
}
