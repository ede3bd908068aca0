/// One element's attribute animation: from fixed start attributes towards a target that the caller
/// supplies at every frame (the live layout answer, so a layout change mid-animation is followed).
/// A pure function of time: `presented(at:target:)` depends only on its arguments.
public struct AttributeAnimation: Sendable {
    /// Where the element starts (its presented attributes when the animation began).
    public var from: LayoutAttributes
    /// Start time, in clock seconds.
    public var startTime: Double
    /// Length, in seconds.
    public var duration: Double
    public var curve: TimingCurve

    public init(from: LayoutAttributes, startTime: Double, duration: Double, curve: TimingCurve) {
        self.from = from
        self.startTime = startTime
        self.duration = duration
        self.curve = curve
    }

    /// The time the animation ends, in clock seconds.
    public var endTime: Double { startTime + duration }

    /// The elapsed fraction at `now` (0 … 1).
    public func timeFraction(at now: Double) -> Double {
        guard duration > 0 else { return 1 }
        return Swift.min(1, Swift.max(0, (now - startTime) / duration))
    }

    public func isFinished(at now: Double) -> Bool { now >= endTime }

    /// The attributes to show at `now` (clock seconds), given the target at that moment.
    public func presented(at now: Double, target: LayoutAttributes) -> LayoutAttributes {
        let f = timeFraction(at: now)
        if f >= 1 { return target }
        return from.interpolated(to: target, fraction: curve.progress(at: f))
    }
}
