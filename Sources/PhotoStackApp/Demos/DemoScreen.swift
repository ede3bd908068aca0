import Canvas
import StackEngine

/// The base of the demo screens: a `CollectionScreen` that knows which demo it is, reports `demo` (its
/// name) and its own facts in the state JSON's `layout` object, and draws a small caption with the keys.
///
/// State JSON: `screen` is "demo:NAME" (for example "demo:circle"); `layout.demo` is "NAME";
/// `layout.pointerDown` is true while the left button is held on the content.
open class DemoScreen: CollectionScreen {
    public let kind: DemoKind
    /// Colour of the caption text at the bottom left.
    var captionColor = RGBA(white: 1, alpha: 0.7)
    /// Colour of the pill behind the caption.
    var captionBackground = RGBA(white: 0, alpha: 0.35)
    private var captionLayout: TextLayout?

    init(kind: DemoKind, layout: CollectionViewLayout, axes: ScrollAxes) {
        self.kind = kind
        super.init(name: kind.screenName, title: WindowTitle.make("\(kind.rawValue) demo"), layout: layout, axes: axes)
    }

    /// The caption drawn at the bottom left (what the keys do).
    open var caption: String { "\(kind.rawValue) - F2 / Shift+F2: next / previous demo" }

    /// The demo's own layout facts; `layout.demo` is added by the base.
    open func demoState() -> [String: StateValue] { [:] }

    open override func layoutState() -> [String: StateValue] {
        var s = demoState()
        s["demo"] = .string(kind.rawValue)
        return s
    }

    open override func drawOverlay(in ctx: CairoContext) {
        drawDemoOverlay(in: ctx)
        if captionLayout?.text != caption {
            captionLayout = TextLayout(text: caption, font: "Sans 11", width: nil)
        }
        let l = captionLayout!
        let (w, h) = l.size
        let box = CanvasRect(x: 6, y: viewportHeight - h - 12, width: w + 12, height: h + 6)
        ctx.newPath()
        ctx.roundedRectangle(box, radius: box.height / 2)
        ctx.setColor(captionBackground)
        ctx.fill()
        l.draw(in: ctx, x: box.x + 6, y: box.y + 3, color: captionColor)
    }

    /// Draws the demo's own overlay (under the caption), viewport points.
    open func drawDemoOverlay(in ctx: CairoContext) {}
}
