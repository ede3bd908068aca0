import Canvas
import StackEngine

/// The right-click menu: its rows (actions with their shortcut, greyed when they cannot run, a check mark on the
/// current sort order; separators), the highlighted row, and where the host placed it. Drawn into an image the
/// host shows in its popup window (`ContextMenu+Drawing.swift`); geometry in points from the menu's top-left.
struct ContextMenu {
    struct Row: Equatable {
        /// nil: a separator.
        var action: BrowserAction?
        var title: String
        var shortcut: String
        var enabled: Bool
        var checked: Bool

        static let separator = Row(action: nil, title: "", shortcut: "", enabled: false, checked: false)
    }

    static let rowHeight = 26.0
    static let separatorHeight = 9.0
    static let padding = 5.0
    static let font = "Sans 10"

    var rows: [Row]
    /// The highlighted row (pointer over it or arrow keys), if any.
    var highlighted: Int?
    /// What the menu's actions apply to (resolved when it opened).
    var targets: ActionTargets
    /// Where the host placed the popup, window points.
    var frame: CanvasRect
    /// True once a button was pressed after the menu opened (the opening right-click's release does not activate).
    var pressedSinceOpen = false
    /// When it opened (host-clock seconds): the opening button's release activates a row only after a drag onto
    /// it that took longer than `dragActivationDelay` (a jitter of the hand does not run an action).
    var openedAt = 0.0
    static let dragActivationDelay = 0.25

    /// The menu's size in points for its rows (the widest title and shortcut side by side, at least 220 pt).
    static func size(of rows: [Row]) -> (width: Double, height: Double) {
        var title = 0.0, shortcut = 0.0, height = 2 * padding
        for r in rows {
            height += r.action == nil ? separatorHeight : rowHeight
            if r.action != nil {
                title = max(title, TextLayout(text: r.title, font: font).size.width)
                shortcut = max(shortcut, TextLayout(text: r.shortcut, font: font).size.width)
            }
        }
        return (max(220, 28 + title + 32 + shortcut + 14), height)
    }

    /// The row's rectangle, menu points.
    func rowRect(_ i: Int) -> CanvasRect {
        var y = Self.padding
        for j in 0..<i { y += rows[j].action == nil ? Self.separatorHeight : Self.rowHeight }
        return CanvasRect(x: 0, y: y, width: frame.width, height: rows[i].action == nil ? Self.separatorHeight : Self.rowHeight)
    }

    /// The enabled row at `point` (window points), if any.
    func row(at point: Point) -> Int? {
        let x = point.x - frame.x, y = point.y - frame.y
        guard x >= 0, x < frame.width else { return nil }
        for i in rows.indices where rows[i].action != nil && rows[i].enabled {
            let r = rowRect(i)
            if y >= r.y && y < r.y + r.height { return i }
        }
        return nil
    }

    /// True when `point` (window points) is inside the menu.
    func contains(_ point: Point) -> Bool {
        point.x >= frame.x && point.x < frame.x + frame.width && point.y >= frame.y && point.y < frame.y + frame.height
    }

    /// The next enabled row from the highlighted one going `step` (±1), wrapping.
    func nextEnabled(_ step: Int) -> Int? {
        let enabled = rows.indices.filter { rows[$0].action != nil && rows[$0].enabled }
        guard !enabled.isEmpty else { return nil }
        guard let h = highlighted, let at = enabled.firstIndex(of: h) else { return step > 0 ? enabled.first : enabled.last }
        return enabled[(at + step + enabled.count) % enabled.count]
    }
}
