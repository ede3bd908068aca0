import Foundation

/// Exponential friction as in UIScrollView and Flutter's iOS physics:
/// v(t) = v0·d^(1000t), x(t) = x0 + v0·(d^(1000t) − 1)/k with k = 1000·ln(d).
///
/// Positions in points, velocities in points per second, time in seconds since the start.
/// The motion is done when the remaining travel to the resting point `x0 − v0/k` is under `tolerance`.
public struct FrictionSimulation: ScrollSimulation, Hashable {
    /// Start position, in points.
    public let startPosition: Double
    /// Start velocity, in points per second.
    public let startVelocity: Double
    /// The deceleration rate (velocity factor per millisecond).
    public let rate: DecelerationRate
    /// Remaining travel, in points, under which the motion counts as done.
    public let tolerance: Double
    /// Where the motion comes to rest, in points: x0 − v0/k (exactly the requested target for `restingAt`).
    public private(set) var restingPosition: Double

    public init(position: Double, velocity: Double, rate: DecelerationRate = .normal, tolerance: Double = 0.5) {
        self.startPosition = position
        self.startVelocity = velocity
        self.rate = rate
        self.tolerance = tolerance
        self.restingPosition = position - velocity / rate.k
    }

    /// A friction path that starts at `position` with `velocity` and rests exactly at `target`, found by
    /// solving for the deceleration rate. `nil` when the target lies behind the motion or needs a rate
    /// outside `allowed` (per-millisecond factors).
    public init?(position: Double, velocity: Double, restingAt target: Double,
                 allowed: ClosedRange<Double> = 0.985...0.9995, tolerance: Double = 0.5) {
        let distance = target - position
        guard velocity != 0, distance != 0, (distance > 0) == (velocity > 0) else { return nil }
        let k = -velocity / distance
        let d = exp(k / 1000)
        guard allowed.contains(d) else { return nil }
        self.init(position: position, velocity: velocity, rate: DecelerationRate(perMillisecond: d), tolerance: tolerance)
        self.restingPosition = target
    }

    /// The start velocity, in points per second, that makes a friction path from `position` rest at `target`.
    public static func velocity(from position: Double, toRestAt target: Double, rate: DecelerationRate = .normal) -> Double {
        rate.k * (position - target)
    }

    public var finalPosition: Double { restingPosition }

    public func position(at t: Double) -> Double {
        let t = max(0, t)
        return startPosition + startVelocity * (exp(rate.k * t) - 1) / rate.k
    }

    public func velocity(at t: Double) -> Double {
        startVelocity * exp(rate.k * max(0, t))
    }

    public func isDone(at t: Double) -> Bool {
        abs(restingPosition - position(at: t)) < tolerance
    }

    /// The time, in seconds, at which the motion passes `x`; `nil` if it never gets there
    /// (behind the start or at/after the resting point).
    public func time(toReach x: Double) -> Double? {
        if x == startPosition { return 0 }
        guard startVelocity != 0 else { return nil }
        let arg = 1 + (x - startPosition) * rate.k / startVelocity
        guard arg > 0, arg <= 1 else { return nil }
        return log(arg) / rate.k
    }

    /// The time, in seconds, after which the motion is done (remaining travel under `tolerance`).
    public var settleTime: Double {
        let remaining = abs(startVelocity / rate.k)
        guard remaining >= tolerance else { return 0 }
        return log(tolerance / remaining) / rate.k
    }
}
