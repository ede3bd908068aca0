import Canvas

/// Small helpers shared by the screens for text on a translucent rounded "pill".
enum NoteDrawing {
    /// Draws `text` centred at (`centerX`, `centerY`) points, wrapped at `maxWidth`, on a dark pill.
    static func pill(_ text: String, in ctx: CairoContext, centerX: Double, centerY: Double, maxWidth: Double,
                     font: String = "Sans 13", alpha: Double = 1, direction: TextLayout.BaseDirection = .leftToRight) {
        let layout = TextLayout(text: text, font: font, width: maxWidth, alignment: .center, direction: direction)
        let ink = layout.size
        let rect = pillRect(of: layout, centerX: centerX, centerY: centerY, maxWidth: maxWidth)
        ctx.newPath()
        ctx.roundedRectangle(rect, radius: min(18, rect.height / 2))
        ctx.setColor(RGBA(0, 0, 0, 0.45 * alpha))
        ctx.fill()
        layout.draw(in: ctx, x: centerX - maxWidth / 2, y: centerY - ink.height / 2, color: RGBA(1, 1, 1, 0.92 * alpha))
    }

    /// The pill's rectangle (points) for `text` laid out as `pill` lays it out: what it covers.
    static func pillRect(_ text: String, centerX: Double, centerY: Double, maxWidth: Double, font: String = "Sans 13",
                         direction: TextLayout.BaseDirection = .leftToRight) -> CanvasRect {
        pillRect(of: TextLayout(text: text, font: font, width: maxWidth, alignment: .center, direction: direction),
                 centerX: centerX, centerY: centerY, maxWidth: maxWidth)
    }

    private static func pillRect(of layout: TextLayout, centerX: Double, centerY: Double, maxWidth: Double) -> CanvasRect {
        let ink = layout.size
        let lineWidth = min(maxWidth, max(10, layout.inkExtent.width))
        let padX = 16.0, padY = 9.0
        return CanvasRect(x: centerX - lineWidth / 2 - padX, y: centerY - ink.height / 2 - padY,
                          width: lineWidth + 2 * padX, height: ink.height + 2 * padY)
    }
}
