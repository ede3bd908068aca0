/// A keyboard scrolling command. Lines use the controller's `lineStep` (53 points by default); a page is the
/// viewport extent minus one line; home/end go to the start/end of the vertical axis (horizontal when the
/// view only scrolls horizontally).
public enum ScrollCommand: Hashable, Sendable, CaseIterable {
    case lineUp, lineDown, lineLeft, lineRight
    case pageUp, pageDown, pageLeft, pageRight
    case home, end

    /// The page command for a click in an indicator track: `direction` −1 pages up/left, +1 down/right.
    public static func page(_ axis: ScrollAxis, direction: Int) -> ScrollCommand {
        switch (axis, direction < 0) {
        case (.vertical, true): return .pageUp
        case (.vertical, false): return .pageDown
        case (.horizontal, true): return .pageLeft
        case (.horizontal, false): return .pageRight
        }
    }
}
