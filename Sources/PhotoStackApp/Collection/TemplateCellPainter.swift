import Canvas
import StackEngine

/// Draws a `TemplateCellView` (a cell registered with a JSON `CellTemplate`, the nib counterpart):
/// rounded background, optional border and centred label, all in points.
enum TemplateCellPainter {
    static func draw(_ cell: TemplateCellView, in ctx: CairoContext, size: Size) {
        let t = cell.template
        let rect = CanvasRect(x: 0, y: 0, width: size.width, height: size.height)
        ctx.newPath()
        ctx.roundedRectangle(rect, radius: t.cornerRadius)
        ctx.setColor(rgba(t.background))
        ctx.fill()
        if t.borderWidth > 0 {
            ctx.newPath()
            ctx.roundedRectangle(rect.insetBy(t.borderWidth / 2), radius: max(0, t.cornerRadius - t.borderWidth / 2))
            ctx.setLineWidth(t.borderWidth)
            ctx.setColor(rgba(t.borderColor))
            ctx.stroke()
        }
        if cell.isSelected { SelectionRing.draw(in: ctx, rect: rect, cornerRadius: t.cornerRadius) }
        if let label = t.label, let text = cell.labelText {
            let font = "Sans\(label.bold == true ? " Bold" : "") \(label.fontSize)"
            let layout = TextLayout(text: text, font: font, width: size.width, alignment: .center, ellipsize: true)
            layout.draw(in: ctx, x: 0, y: (size.height - layout.size.height) / 2, color: rgba(label.textColor))
        }
    }

    /// A template colour ([r, g, b, a], validated on load) as a Canvas colour.
    static func rgba(_ c: CellTemplate.RGBA) -> RGBA {
        c.count == 4 ? RGBA(c[0], c[1], c[2], c[3]) : .black
    }
}
