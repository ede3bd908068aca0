import Canvas
import PhotoPipeline
import StackEngine

/// Draws the Places screen: the app's background, the headline and status line, group titles, and the rows —
/// a glyph for the kind, the name (bold) and the path underneath; the selected and hovered rows lit, entries that
/// cannot be opened dimmed with their reason.
extension PlacesScreen {
    public func draw(in ctx: CairoContext, width: Double, height: Double, scale: Double) {
        ctx.clear(to: RGBA(0.16, 0.18, 0.22))
        background?.fill(CanvasRect(x: 0, y: 0, width: width, height: height), in: ctx, deviceScale: scale, originX: 0, originY: -scrollOffset)
        ctx.withSavedState {
            ctx.translate(0, -scrollOffset)
            drawHeadline(in: ctx)
            let (rows, titles) = layoutRows()
            let column = listColumn
            for t in titles {
                TextLayout(text: t.text.uppercased(), font: "Sans Bold 12")
                    .draw(in: ctx, x: column.x + 6, y: t.y + 10, color: RGBA(0.62, 0.78, 1, 0.9))
            }
            for (i, frame) in rows.enumerated() where frame.y + frame.height >= scrollOffset && frame.y <= scrollOffset + height {
                drawRow(i, frame: frame, in: ctx)
            }
        }
    }

    func drawHeadline(in ctx: CairoContext) {
        let column = listColumn
        TextLayout(text: headline, font: "Sans Bold 17", width: column.width, ellipsize: true)
            .draw(in: ctx, x: column.x, y: 30, color: RGBA(1, 1, 1, 0.95), shadowColor: RGBA(0, 0, 0, 0.5))
        let line = status ?? (isLoading ? "Looking for places…"
                                        : "Enter or a click opens a folder as the library\(onBack == nil ? "" : " · Esc goes back")")
        TextLayout(text: line, font: "Sans 13", width: column.width, ellipsize: true)
            .draw(in: ctx, x: column.x, y: 62, color: RGBA(1, 1, 1, 0.72), shadowColor: RGBA(0, 0, 0, 0.5))
    }

    func drawRow(_ i: Int, frame: CanvasRect, in ctx: CairoContext) {
        let p = places[i]
        let lit = i == selected || (i == hovered && p.isAvailable)
        ctx.newPath()
        ctx.roundedRectangle(frame, radius: 10)
        ctx.setColor(i == selected ? RGBA(0.30, 0.46, 0.72, 0.55) : RGBA(0, 0, 0, lit ? 0.42 : 0.30))
        ctx.fill()
        if i == selected {
            ctx.newPath()
            ctx.roundedRectangle(CanvasRect(x: frame.x + 1, y: frame.y + 1, width: frame.width - 2, height: frame.height - 2), radius: 9)
            ctx.setLineWidth(2)
            ctx.setColor(RGBA(0.55, 0.75, 1, 0.9))
            ctx.stroke()
        } else if i == hovered && p.isAvailable {
            ctx.newPath()
            ctx.roundedRectangle(CanvasRect(x: frame.x + 0.5, y: frame.y + 0.5, width: frame.width - 1, height: frame.height - 1), radius: 9.5)
            ctx.setLineWidth(1)
            ctx.setColor(RGBA(1, 1, 1, 0.35))
            ctx.stroke()
        }
        let alpha = p.isAvailable ? 1.0 : 0.45
        PlaceGlyph.draw(p.kind, in: ctx, center: Point(x: frame.x + 32, y: frame.y + frame.height / 2), alpha: alpha)
        let textX = frame.x + 62, textWidth = frame.width - 74
        TextLayout(text: TextLayout.isolated(p.name), font: "Sans Bold 14", width: textWidth, ellipsize: true, direction: .leftToRight)
            .draw(in: ctx, x: textX, y: frame.y + 9, color: RGBA(1, 1, 1, 0.95 * alpha))
        let detail = p.unavailableReason.map { "\(shown(p.path)) — \($0)" } ?? shown(p.path)
        TextLayout(text: TextLayout.isolated(detail), font: "Sans 12", width: textWidth, ellipsize: true, direction: .leftToRight)
            .draw(in: ctx, x: textX, y: frame.y + 32, color: p.isAvailable ? RGBA(1, 1, 1, 0.68) : RGBA(1, 0.78, 0.62, 0.75))
    }
}
