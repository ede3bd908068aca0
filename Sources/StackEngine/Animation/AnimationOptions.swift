/// Timing for the collection view's animated changes (batch updates, layout switches, animated invalidation) and
/// for the content offset that moves with them: one timing function for everything in a transition.
///
/// A value moving from `a` to `b` with start velocity `v0` is at a + (b − a)·`progress(at:)` + v0·`carry(at:)`
/// after `elapsed` seconds. The progress starts at rest (for every curve but `.linear`), so the start velocity is
/// exactly v0: a transition retargeted mid-way keeps both the presented values and their velocities. For spring
/// curves the carry is the spring's own impulse response (the exact solution of the spring from a moving start);
/// for the other curves it is the cubic Hermite term T·s·(1 − s)², s = elapsed / T, which fades to zero by the end.
public struct AnimationOptions: Hashable, Sendable {
    /// Length, in seconds.
    public var duration: Double
    public var curve: TimingCurve

    public init(duration: Double, curve: TimingCurve) {
        self.duration = duration
        self.curve = curve
    }

    /// 0.3 s cubic ease-in-out: the default for updates and layout switches.
    public static let standard = AnimationOptions(duration: 0.3, curve: .easeInOut)

    /// A critically damped spring (never overshoots) with `response` seconds of undamped period (ω = 2π / response),
    /// lasting until it is within 0.1 % of its distance (ω·T ≈ 9.23); the last 0.1 % is the jump at the end.
    public static func criticallyDampedSpring(response: Double) -> AnimationOptions {
        let spring = DampedSpring(dampingRatio: 1, response: response)
        let duration = spring.settlingTime(within: 0.001)
        return AnimationOptions(duration: duration, curve: .spring(dampingRatio: 1, response: response, duration: duration))
    }

    /// Reflow on resize and zoom steps: a critically damped spring, response 0.35 s (ω ≈ 18 rad/s; half-way after
    /// 0.09 s, 99 % after 0.37 s, done at 0.51 s). Retargeted to the same target it continues its own path exactly.
    public static let reflow = criticallyDampedSpring(response: 0.35)

    /// The progress (0 … 1) after `elapsed` seconds.
    public func progress(at elapsed: Double) -> Double {
        guard duration > 0 else { return 1 }
        return curve.progress(at: elapsed / duration)
    }

    /// d(progress)/dt after `elapsed` seconds, per second.
    public func progressRate(at elapsed: Double) -> Double {
        guard duration > 0, elapsed < duration else { return 0 }
        return curve.slope(at: max(0, elapsed) / duration) / duration
    }

    /// What a start velocity of 1 unit per second adds to the value after `elapsed` seconds (units × seconds):
    /// 0 at the start with slope 1, back to (about) 0 at the end.
    public func carry(at elapsed: Double) -> Double {
        guard duration > 0, elapsed > 0, elapsed < duration else { return 0 }
        if case let .spring(z, response, _) = curve { return DampedSpring(dampingRatio: z, response: response).impulseDisplacement(at: elapsed) }
        let s = elapsed / duration
        return duration * s * (1 - s) * (1 - s)
    }

    /// d(carry)/dt after `elapsed` seconds: 1 at the start, 0 at the end.
    public func carryRate(at elapsed: Double) -> Double {
        guard duration > 0, elapsed < duration else { return 0 }
        if case let .spring(z, response, _) = curve { return DampedSpring(dampingRatio: z, response: response).impulseVelocity(at: elapsed) }
        let s = max(0, elapsed) / duration
        return (1 - s) * (1 - 3 * s)
    }

    /// The value after `elapsed` seconds of a move from `a` to `b` started with velocity `v0` (units per second).
    public func value(from a: Double, to b: Double, velocity v0: Double, at elapsed: Double) -> Double {
        guard elapsed < duration else { return b }
        return a + (b - a) * progress(at: elapsed) + v0 * carry(at: elapsed)
    }

    /// Its velocity, units per second.
    public func velocity(from a: Double, to b: Double, velocity v0: Double, at elapsed: Double) -> Double {
        (b - a) * progressRate(at: elapsed) + v0 * carryRate(at: elapsed)
    }
}
