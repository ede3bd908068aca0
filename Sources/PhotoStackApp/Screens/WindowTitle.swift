import Canvas

/// Window titles in one pattern: the most specific first, the app's name last ("IMG_1.jpg — Lisbon — PhotoStack").
/// Each part is isolated (a right-to-left name keeps its own direction inside) and the title starts with a
/// left-to-right mark: a window manager that takes the title's direction from its first strong character (openbox,
/// Pango's base direction) would otherwise lay out a title that begins with an Arabic name right to left.
enum WindowTitle {
    static let appName = "PhotoStack"

    /// `parts` (most specific first), then the app's name.
    static func make(_ parts: String...) -> String {
        "\u{200E}" + (parts.map(TextLayout.isolated) + [appName]).joined(separator: " — ")
    }
}
