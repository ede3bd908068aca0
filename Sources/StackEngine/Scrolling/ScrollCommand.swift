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

/// What a pointer release meant, returned by `ScrollController.pointerUp(at:time:)`.
public enum PointerRelease: Hashable, Sendable {
    /// The pointer moved less than the drag threshold and nothing was scrolling: deliver a click.
    case click
    /// The press stopped a running scroll and did not drag: do not deliver a click.
    case stoppedScrolling
    /// A drag ended; `velocity` (points per second, content offset) is the release velocity used to coast.
    case dragEnded(velocity: Point)
    /// There was no press to release.
    case none
}

/// One frame's answer from `ScrollController.tick(now:)`.
public struct ScrollFrame: Hashable, Sendable {
    /// The content offset to show, in points.
    public var offset: Point
    /// True while a motion (coast, spring, ease) is still running; keep requesting frames.
    public var isAnimating: Bool
}
