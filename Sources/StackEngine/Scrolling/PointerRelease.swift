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
