import Canvas

extension PhotoCell {
    /// The mark of a selected photo (the engine's `isSelected`): the card tinted blue inside a blue frame, and a
    /// white check on a blue disc at its top-right corner — clear at any size and on any photo.
    func drawSelectionMark(in ctx: CairoContext, side: Double) {
        let blue = RGBA(0.16, 0.45, 0.92)
        let card = CanvasRect(x: 0, y: 0, width: side, height: side)
        ctx.newPath()
        ctx.rectangle(card)
        ctx.setColor(RGBA(0.16, 0.45, 0.92, 0.22))
        ctx.fill()
        let line = max(3, side / 40)
        ctx.newPath()
        ctx.rectangle(card.insetBy(line / 2))
        ctx.setLineWidth(line)
        ctx.setColor(blue)
        ctx.stroke()
        let r = max(9, min(16, side / 11))
        let cx = side - r - line - 3, cy = r + line + 3
        ctx.newPath()
        ctx.arc(cx: cx, cy: cy, radius: r + 1.5, from: 0, to: 2 * Double.pi)
        ctx.setColor(RGBA(1, 1, 1))
        ctx.fill()
        ctx.newPath()
        ctx.arc(cx: cx, cy: cy, radius: r, from: 0, to: 2 * Double.pi)
        ctx.setColor(blue)
        ctx.fill()
        ctx.newPath()
        ctx.move(to: cx - r * 0.45, cy + r * 0.02)
        ctx.line(to: cx - r * 0.1, cy + r * 0.38)
        ctx.line(to: cx + r * 0.5, cy - r * 0.35)
        ctx.setLineWidth(max(2, r / 5))
        ctx.setColor(RGBA(1, 1, 1))
        ctx.stroke()
    }
}
