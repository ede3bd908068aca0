import Canvas

extension ContextMenu {
    /// The menu drawn at `scale` device pixels per point: a light rounded panel with a hairline border, rows with
    /// title and shortcut, the highlighted row in the accent colour, greyed rows for actions that cannot run, a
    /// check mark on the current sort order.
    func render(scale: Double) throws -> ImageSurface {
        let w = frame.width, h = frame.height
        let surface = try ImageSurface(pixelWidth: Int((w * scale).rounded()), pixelHeight: Int((h * scale).rounded()))
        let ctx = CairoContext(surface: surface)
        ctx.scale(scale, scale)
        ctx.clear(to: RGBA(0.97, 0.97, 0.98))
        ctx.newPath()
        ctx.rectangle(CanvasRect(x: 0.5, y: 0.5, width: w - 1, height: h - 1))
        ctx.setLineWidth(1)
        ctx.setColor(RGBA(0, 0, 0, 0.28))
        ctx.stroke()
        for (i, row) in rows.enumerated() {
            let r = rowRect(i)
            guard row.action != nil else {
                ctx.newPath()
                ctx.rectangle(CanvasRect(x: 8, y: r.y + r.height / 2, width: w - 16, height: 1))
                ctx.setColor(RGBA(0, 0, 0, 0.12))
                ctx.fill()
                continue
            }
            let lit = i == highlighted && row.enabled
            if lit {
                ctx.newPath()
                ctx.roundedRectangle(CanvasRect(x: 4, y: r.y + 1, width: w - 8, height: r.height - 2), radius: 4)
                ctx.setColor(RGBA(0.21, 0.47, 0.85))
                ctx.fill()
            }
            let ink = lit ? RGBA(1, 1, 1) : row.enabled ? RGBA(0.1, 0.1, 0.12) : RGBA(0.1, 0.1, 0.12, 0.38)
            let dim = lit ? RGBA(1, 1, 1, 0.85) : RGBA(0.1, 0.1, 0.12, row.enabled ? 0.55 : 0.3)
            let title = TextLayout(text: row.title, font: Self.font)
            title.draw(in: ctx, x: 28, y: r.y + (r.height - title.size.height) / 2, color: ink)
            let key = TextLayout(text: row.shortcut, font: Self.font)
            key.draw(in: ctx, x: w - 14 - key.size.width, y: r.y + (r.height - key.size.height) / 2, color: dim)
            if row.checked {
                // A check mark left of the title.
                ctx.newPath()
                ctx.move(to: 10, r.y + r.height / 2)
                ctx.line(to: 14, r.y + r.height / 2 + 4)
                ctx.line(to: 21, r.y + r.height / 2 - 5)
                ctx.setLineWidth(2)
                ctx.setColor(ink)
                ctx.stroke()
            }
        }
        return surface
    }
}
