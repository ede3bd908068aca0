import Canvas
import StackEngine

/// A demo cell registered by type: a filled rounded rectangle (or circle) with an optional border and a
/// centred label of one or more lines. The data source sets its look when it dequeues it.
final class ColorCellView: DrawableView {
    var fill = RGBA(0.5, 0.5, 0.5)
    /// Corner radius, points; `.infinity` draws a circle (an ellipse in a non-square frame).
    var cornerRadius = 6.0
    /// Border width, points (0: none).
    var borderWidth = 0.0
    var borderColor = RGBA.white
    var text = "" { didSet { if text != oldValue { label = nil } } }
    var textColor = RGBA.white
    /// Pango font description of the label, e.g. "Sans Bold 14".
    var font = "Sans Bold 14" { didSet { if font != oldValue { label = nil } } }
    /// Gap between the frame and the drawn shape on every side, points.
    var inset = 0.0
    /// Puts the label at the top (6 points down) instead of the vertical middle.
    var labelAtTop = false
    private var label: TextLayout?
    private var labelWidth = 0.0

    required init() { super.init() }

    override func prepareForReuse() {
        text = ""
        borderWidth = 0
    }

    override func draw(in ctx: CairoContext, size: Size, deviceScale: Double) {
        let rect = CanvasRect(x: 0, y: 0, width: size.width, height: size.height).insetBy(inset)
        ctx.newPath()
        ctx.roundedRectangle(rect, radius: cornerRadius)
        ctx.setColor(fill)
        ctx.fill()
        if borderWidth > 0 {
            ctx.newPath()
            ctx.roundedRectangle(rect.insetBy(borderWidth / 2), radius: cornerRadius - borderWidth / 2)
            ctx.setLineWidth(borderWidth)
            ctx.setColor(borderColor)
            ctx.stroke()
        }
        if isSelected { SelectionRing.draw(in: ctx, rect: rect, cornerRadius: cornerRadius) }
        guard !text.isEmpty else { return }
        if label == nil || labelWidth != size.width {
            label = TextLayout(text: text, font: font, width: max(1, size.width - 8), alignment: .center)
            labelWidth = size.width
        }
        let l = label!
        l.draw(in: ctx, x: 4, y: labelAtTop ? inset + 6 : (size.height - l.size.height) / 2, color: textColor)
    }
}
