/// One frame's answer from `ScrollController.tick(now:)`.
public struct ScrollFrame: Hashable, Sendable {
    /// The content offset to show, in points.
    public var offset: Point
    /// True while a motion (coast, spring, ease) is still running; keep requesting frames.
    public var isAnimating: Bool
}
