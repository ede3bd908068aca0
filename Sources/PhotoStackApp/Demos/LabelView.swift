import Canvas
import StackEngine

/// A demo header (supplementary view): a flat background with a label, left-aligned or centred.
final class LabelView: DrawableView {
    var fill = RGBA.clear
    var text = "" { didSet { if text != oldValue { label = nil } } }
    var textColor = RGBA(white: 0.2)
    var font = "Sans Bold 13" { didSet { if font != oldValue { label = nil } } }
    var alignment = TextLayout.Alignment.left { didSet { if alignment != oldValue { label = nil } } }
    /// Horizontal padding, points.
    var padding = 12.0
    /// A hairline drawn along the bottom edge (nil: none).
    var separator: RGBA?
    private var label: TextLayout?
    private var labelWidth = 0.0

    required init() { super.init() }

    override func prepareForReuse() { text = "" }

    override func draw(in ctx: CairoContext, size: Size, deviceScale: Double) {
        if fill.alpha > 0 {
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: 0, y: 0, width: size.width, height: size.height))
            ctx.setColor(fill)
            ctx.fill()
        }
        if let separator {
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: 0, y: size.height - 1, width: size.width, height: 1))
            ctx.setColor(separator)
            ctx.fill()
        }
        guard !text.isEmpty else { return }
        let width = max(1, size.width - 2 * padding)
        if label == nil || labelWidth != width {
            label = TextLayout(text: text, font: font, width: width, alignment: alignment, ellipsize: true)
            labelWidth = width
        }
        let l = label!
        l.draw(in: ctx, x: padding, y: (size.height - l.size.height) / 2, color: textColor)
    }
}
