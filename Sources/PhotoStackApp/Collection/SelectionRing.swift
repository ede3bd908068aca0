import Canvas

/// The mark of a selected cell: a white ring inside a dark one along the cell's outline (points).
enum SelectionRing {
    static func draw(in ctx: CairoContext, rect: CanvasRect, cornerRadius: Double) {
        for (inset, width, colour) in [(2.0, 4.0, RGBA(0, 0, 0, 0.75)), (5.0, 2.0, RGBA.white)] {
            ctx.newPath()
            ctx.roundedRectangle(rect.insetBy(inset), radius: max(0, cornerRadius - inset))
            ctx.setLineWidth(width)
            ctx.setColor(colour)
            ctx.stroke()
        }
    }
}
