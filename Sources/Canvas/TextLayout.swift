import CCairo
import CPango

/// A paragraph of text laid out by Pango: shaping (Arabic, Hebrew, CJK, Cyrillic), bidi with the base
/// direction taken from the text itself, wrapping or ellipsizing at a width.
///
/// Units: font sizes and widths are in points. The Pango context uses a resolution of 72 dpi so that
/// "Sans Bold 13" is 13 user units tall — the same convention as the reference design's 13 pt titles —
/// and the device scale comes from the cairo transform when drawing.
public final class TextLayout {
    /// How lines are placed within the layout width.
    public enum Alignment: Sendable { case left, center, right }

    /// The paragraph's base direction: from its first strong character (a name alone), or left to right
    /// (the interface's own sentences, with names inside them isolated by `isolated(_:)`).
    public enum BaseDirection: Sendable { case fromText, leftToRight }

    /// `text` wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (Unicode bidi, UAX #9): inside a
    /// sentence its own direction (an Arabic or Hebrew file name) neither reorders the words around it nor
    /// is reordered by them, and direction controls inside it (a hostile U+202E) end at the isolate's end.
    public static func isolated(_ text: String) -> String { "\u{2068}\(text)\u{2069}" }

    private let context: OpaquePointer
    private let layout: OpaquePointer

    /// Starts Pango's font set-up now: making the default font map starts fontconfig's initialisation (reading its
    /// configuration and caches) on a thread of Pango's own, so it runs while the app scans the library and opens its
    /// window instead of blocking the first layout (a 100,000-photo library under load: the first frame's titles
    /// waited 0.1–0.3 s for it). Call early, on the thread that lays out text (the default font map is per thread).
    public static func startFontSetUp() {
        _ = pango_cairo_font_map_get_default()
    }

    /// A layout of `text` in `font` (a Pango font description such as "Sans Bold 13").
    /// `width` in points limits the line length (nil: unlimited); `ellipsize` cuts a single line at the end with "…".
    /// `direction`: the paragraph's base direction (default: from the text).
    public init(text: String, font: String, width: Double? = nil, alignment: Alignment = .left, ellipsize: Bool = false,
                direction: BaseDirection = .fromText) {
        let fontMap = pango_cairo_font_map_get_default()!
        context = pango_font_map_create_context(fontMap)!
        pango_cairo_context_set_resolution(context, 72)
        if direction == .leftToRight { pango_context_set_base_dir(context, PANGO_DIRECTION_LTR) }
        layout = pango_layout_new(context)!
        pango_layout_set_auto_dir(layout, direction == .fromText ? 1 : 0)
        let desc = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        self.text = text
        self.width = width
        self.alignment = alignment
        self.ellipsize = ellipsize
        apply()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    public var text: String { didSet { apply() } }
    /// The layout width in points, or nil for unlimited.
    public var width: Double? { didSet { apply() } }
    public var alignment: Alignment { didSet { apply() } }
    public var ellipsize: Bool { didSet { apply() } }

    private func apply() {
        let l = layout
        pango_layout_set_text(l, text, -1)
        pango_layout_set_width(l, width.map { Int32(($0 * Double(PANGO_SCALE)).rounded()) } ?? -1)
        pango_layout_set_ellipsize(l, ellipsize ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE)
        if ellipsize { pango_layout_set_height(l, -1) } // one line
        switch alignment {
        case .left: pango_layout_set_alignment(l, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(l, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT)
        }
    }

    /// The horizontal extent on screen of the character that starts at UTF-8 byte `utf8Offset`, points from
    /// the layout's left edge (its visual position after bidi reordering).
    public func characterExtent(utf8Offset: Int) -> (minX: Double, maxX: Double) {
        var r = PangoRectangle()
        pango_layout_index_to_pos(layout, Int32(utf8Offset), &r)
        let a = Double(r.x) / Double(PANGO_SCALE), b = Double(r.x + r.width) / Double(PANGO_SCALE)
        return (min(a, b), max(a, b))
    }

    /// The logical size of the laid-out text, in points (width includes the alignment area when a width is set).
    public var size: (width: Double, height: Double) {
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        return (Double(w) / Double(PANGO_SCALE), Double(h) / Double(PANGO_SCALE))
    }

    /// The extent of the inked text, in points, relative to the layout's top-left.
    public var inkExtent: CanvasRect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let s = Double(PANGO_SCALE)
        return CanvasRect(x: Double(ink.x) / s, y: Double(ink.y) / s, width: Double(ink.width) / s, height: Double(ink.height) / s)
    }

    /// True when the text did not fit and was ellipsized.
    public var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }

    /// The resolved base direction of the first paragraph: true for right-to-left text such as Arabic.
    public var isRightToLeft: Bool {
        pango_find_base_dir(text, -1) == PANGO_DIRECTION_RTL
    }

    /// Draws the text with its top-left at (`x`, `y`) in user units, in `color`, optionally with a shadow
    /// offset by `shadowOffset` points in `shadowColor` first.
    public func draw(in ctx: CairoContext, x: Double, y: Double, color: RGBA,
                     shadowColor: RGBA? = nil, shadowOffset: (dx: Double, dy: Double) = (0, 1)) {
        pango_cairo_update_context(ctx.raw, context)
        pango_layout_context_changed(layout)
        if let sc = shadowColor {
            ctx.newPath()
            ctx.move(to: x + shadowOffset.dx, y + shadowOffset.dy)
            ctx.setColor(sc)
            pango_cairo_show_layout(ctx.raw, layout)
        }
        ctx.newPath()
        ctx.move(to: x, y)
        ctx.setColor(color)
        pango_cairo_show_layout(ctx.raw, layout)
        ctx.newPath()
    }
}
