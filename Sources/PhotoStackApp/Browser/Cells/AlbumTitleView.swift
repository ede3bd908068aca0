import Canvas
import StackEngine

/// The album title under a stack (the "title" supplementary view): bold white text with a faint shadow,
/// centred, shaped by Pango (Arabic right-to-left, CJK, Cyrillic). A title too long for the stack's width is
/// shortened from the left a folder at a time ("…/Portugal/Praia do Norte"), so its last folder stays readable;
/// only a last folder that does not fit alone is cut at its end.
final class AlbumTitleView: DrawableView {
    /// The text shown (reset on reuse).
    var text = "" { didSet { if text != oldValue { layout = nil; image = nil } } }
    /// Font size, points (the reference 13 pt, grown with the layout's scale).
    var fontSize = 13.0 { didSet { if fontSize != oldValue { layout = nil; image = nil } } }

    /// While stacks change size (a zoom's or a resize's reflow): the title is laid out for its resting width
    /// (`frame width / drawScale`) and drawn scaled by this factor about its centre, so no frame lays text out
    /// again. 1 at rest.
    var drawScale = 1.0

    private var layout: TextLayout?
    private var layoutWidth = 0.0
    /// While drawn scaled or transformed: the title drawn once at rest into an image (`AlbumTitleView+Image.swift`).
    var image: TitleImage?

    override func prepareForReuse() { text = "" }

    override var appearanceSignature: Int? { text.hashValue &+ fontSize.hashValue &* 31 &+ drawScale.hashValue &* 961 }

    override var needsWarming: Bool { layout == nil && !text.isEmpty }

    /// The laid-out text for `width` points (kept while text, size and width stay the same).
    func textLayout(width: Double) -> TextLayout {
        if let layout, abs(layoutWidth - width) < 0.5 { return layout }
        let font = "Sans Bold \(String(format: "%.1f", fontSize))"
        let l = TextLayout(text: Self.shortened(text, toFit: width, font: font), font: font, width: width,
                           alignment: .center, ellipsize: true)
        layout = l
        layoutWidth = width
        return l
    }

    /// `title` (folders separated by "/") with leading folders replaced by "…/" until it fits `width` points in
    /// `font`; the last folder alone when nothing else fits.
    static func shortened(_ title: String, toFit width: Double, font: String) -> String {
        func fits(_ s: String) -> Bool { TextLayout(text: s, font: font).size.width <= width }
        let parts = title.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 1, !fits(title) else { return title }
        for k in 1..<parts.count {
            let candidate = "…/" + parts[k...].joined(separator: "/")
            if fits(candidate) { return candidate }
        }
        return String(parts[parts.count - 1])
    }

    override func draw(in ctx: CairoContext, size: Size, deviceScale: Double) {
        guard !text.isEmpty, size.width > 4 else { return }
        let k = drawScale > 0.05 && drawScale.isFinite ? drawScale : 1
        let restWidth = (size.width / k).rounded()
        let l = textLayout(width: restWidth)
        let h = l.size.height
        if k != 1 || !Self.isAtRest(ctx.currentMatrix(), deviceScale: deviceScale) {
            // Text laid out for a new scale makes new fonts, which Pango and cairo keep: every frame of a reflow
            // drawn that way left ~60 KB of heap behind (+18.6 MB over 300 frames of one title) and cost ~3.4 ms.
            // The title drawn at rest once, as an image, is scaled instead.
            ctx.save()
            ctx.translate(size.width / 2, size.height / 2)
            ctx.scale(k, k)
            ctx.translate(-restWidth / 2, -h / 2)
            drawImage(of: l, width: restWidth, height: h, in: ctx, deviceScale: deviceScale)
            ctx.restore()
            return
        }
        image = nil
        l.draw(in: ctx, x: 0, y: max(0, (size.height - h) / 2), color: .white,
               shadowColor: Self.shadowColor, shadowOffset: (0, 1))
    }

    static let shadowColor = RGBA(0, 0, 0, 0.45)
}
