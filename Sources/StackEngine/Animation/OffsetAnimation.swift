/// The engine's own content-offset animation (used by `scrollToItem(animated: true)` when no
/// `scrollAnimationHandler` is installed). A pure function of time.
public struct OffsetAnimation: Sendable {
    /// Offsets, in content points.
    public var from: Point, to: Point
    /// Start time, in clock seconds; length, in seconds.
    public var startTime: Double, duration: Double
    public var curve: TimingCurve

    public init(from: Point, to: Point, startTime: Double, duration: Double = 0.3, curve: TimingCurve = .easeInOut) {
        self.from = from; self.to = to; self.startTime = startTime; self.duration = duration; self.curve = curve
    }

    public func offset(at now: Double) -> Point {
        let f = duration > 0 ? Swift.min(1, Swift.max(0, (now - startTime) / duration)) : 1
        let p = curve.progress(at: f)
        return from + (to - from) * p
    }

    public func isFinished(at now: Double) -> Bool { now >= startTime + duration }
}
