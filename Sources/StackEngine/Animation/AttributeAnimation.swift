/// One element's attribute animation: from fixed start attributes and a start velocity towards a target that the
/// caller supplies at every frame (the live layout answer, so a layout change mid-animation is followed).
/// A pure function of time: `presented(at:target:)` depends only on its arguments.
///
/// The timing is `options` (`AnimationOptions`): the attributes interpolate from `from` to the target with its
/// progress, plus `initialVelocity` times its carry — so an animation that replaces a running one (a retarget)
/// starts exactly where and as fast as the element was going.
public struct AttributeAnimation: Sendable {
    /// Where the element starts (its presented attributes when the animation began).
    public var from: LayoutAttributes
    /// How fast the element was changing when the animation began (see `AttributeVelocity` for units).
    public var initialVelocity: AttributeVelocity
    /// Start time, in clock seconds.
    public var startTime: Double
    /// Length, in seconds.
    public var duration: Double
    public var curve: TimingCurve

    public init(from: LayoutAttributes, startTime: Double, duration: Double, curve: TimingCurve,
                initialVelocity: AttributeVelocity = .zero) {
        self.from = from
        self.startTime = startTime
        self.duration = duration
        self.curve = curve
        self.initialVelocity = initialVelocity
    }

    public init(from: LayoutAttributes, startTime: Double, options: AnimationOptions, initialVelocity: AttributeVelocity = .zero) {
        self.init(from: from, startTime: startTime, duration: options.duration, curve: options.curve, initialVelocity: initialVelocity)
    }

    /// The timing as options (duration and curve).
    public var options: AnimationOptions { AnimationOptions(duration: duration, curve: curve) }

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
        let base = from.interpolated(to: target, fraction: curve.progress(at: f))
        guard initialVelocity != .zero else { return base }
        return base.offset(by: initialVelocity.scaled(by: options.carry(at: now - startTime)))
    }

    /// How fast the presented attributes change at `now`, given the (momentarily fixed) target.
    public func velocity(at now: Double, target: LayoutAttributes) -> AttributeVelocity {
        guard !isFinished(at: now) else { return .zero }
        let elapsed = Swift.max(0, now - startTime), o = options
        return AttributeVelocity.difference(from: from, to: target).scaled(by: o.progressRate(at: elapsed))
            + initialVelocity.scaled(by: o.carryRate(at: elapsed))
    }
}
