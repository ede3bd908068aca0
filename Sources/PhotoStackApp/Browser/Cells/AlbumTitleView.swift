import Canvas
import StackEngine

/// The album title under a stack (the "title" supplementary view): bold white text with a faint shadow,
/// centred, ellipsized at the stack's width, shaped by Pango (Arabic right-to-left, CJK, Cyrillic).
final class AlbumTitleView: DrawableView {
    /// The text shown (reset on reuse).
    var text = "" { didSet { if text != oldValue { layout = nil } } }
    /// Font size, points (the reference 13 pt, grown with the layout's scale).
    var fontSize = 13.0 { didSet { if fontSize != oldValue { layout = nil } } }

    private var layout: TextLayout?
    private var layoutWidth = 0.0

    override func prepareForReuse() { text = "" }

    override var appearanceSignature: Int? { text.hashValue &+ fontSize.hashValue &* 31 }

    override var needsWarming: Bool { layout == nil && !text.isEmpty }

    /// The laid-out text for `width` points (kept while text, size and width stay the same).
    func textLayout(width: Double) -> TextLayout {
        if let layout, abs(layoutWidth - width) < 0.5 { return layout }
        let l = TextLayout(text: text, font: "Sans Bold \(String(format: "%.1f", fontSize))", width: width,
                           alignment: .center, ellipsize: true)
        layout = l
        layoutWidth = width
        return l
    }

    override func draw(in ctx: CairoContext, size: Size, deviceScale: Double) {
        guard !text.isEmpty, size.width > 4 else { return }
        let l = textLayout(width: size.width)
        let h = l.size.height
        l.draw(in: ctx, x: 0, y: max(0, (size.height - h) / 2), color: .white,
               shadowColor: RGBA(0, 0, 0, 0.45), shadowOffset: (0, 1))
    }
}
