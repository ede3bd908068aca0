/// A cubic Hermite ease from a start position and velocity to a target reached at rest after `duration`,
/// used for wheel notches, keys and programmatic scrolls. Retargeting starts a new ease from the current
/// position and velocity, so the motion stays smooth (continuous position and velocity).
///
/// When the start velocity points towards the target, the duration is shortened if needed so the curve never
/// overshoots (monotone: v0·T ≤ 3·Δ); below `minimumDuration` the start velocity is limited instead.
/// Positions in points, velocities in points per second, times in seconds.
public struct EasedScrollAnimation: ScrollSimulation, Hashable {
    public let from: Double
    public let to: Double
    /// Start velocity actually used, in points per second.
    public let initialVelocity: Double
    /// Duration, in seconds.
    public let duration: Double

    public init(from: Double, velocity: Double, to: Double, duration: Double, minimumDuration: Double = 0.05) {
        let delta = to - from
        var T = max(duration, 1e-6)
        var v = velocity
        if delta != 0, v != 0, (v > 0) == (delta > 0), abs(v) * T > 3 * abs(delta) {
            T = max(3 * delta / v, min(minimumDuration, T))
            if abs(v) * T > 3 * abs(delta) { v = 3 * delta / T }
        }
        self.from = from
        self.to = to
        self.initialVelocity = v
        self.duration = T
    }

    /// Chromium-like duration for a delta of `distance` points: 0.2 s up to 60 points, falling linearly
    /// to 0.1 s at 480 points and beyond.
    public static func duration(forDistance distance: Double) -> Double {
        let f = min(1, max(0, (abs(distance) - 60) / (480 - 60)))
        return 0.2 - 0.1 * f
    }

    public var finalPosition: Double { to }

    public func position(at t: Double) -> Double {
        let s = min(1, max(0, t / duration))
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2
        return h00 * from + h10 * duration * initialVelocity + h01 * to
    }

    public func velocity(at t: Double) -> Double {
        guard t < duration else { return 0 }
        let s = max(0, t / duration), s2 = s * s
        let d00 = 6 * s2 - 6 * s, d10 = 3 * s2 - 4 * s + 1, d01 = -6 * s2 + 6 * s
        return (d00 * from + d01 * to) / duration + d10 * initialVelocity
    }

    public func isDone(at t: Double) -> Bool { t >= duration }
}
