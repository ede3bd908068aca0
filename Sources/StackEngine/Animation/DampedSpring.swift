import Foundation

/// A damped harmonic oscillator released at rest from 0 towards 1, as a closed-form pure
/// function of time (seconds). For attribute animation timing; scroll physics has its own springs.
public struct DampedSpring: Hashable, Sendable {
    /// 1 = critically damped (no overshoot), < 1 overshoots, > 1 creeps.
    public var dampingRatio: Double
    /// The undamped period, in seconds (smaller is stiffer).
    public var response: Double

    public init(dampingRatio: Double, response: Double) {
        precondition(response > 0, "a spring needs a positive response (seconds)")
        self.dampingRatio = Swift.max(0, dampingRatio)
        self.response = response
    }

    /// Position (0 at rest start, 1 at the target) after `t` seconds.
    public func position(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w0 = 2 * Double.pi / response
        let z = dampingRatio
        // x(t) = displacement from the target; x(0) = −1, x'(0) = 0.
        let x: Double
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            x = -exp(-z * w0 * t) * (cos(wd * t) + (z * w0 / wd) * sin(wd * t))
        } else if z == 1 {
            x = -exp(-w0 * t) * (1 + w0 * t)
        } else {
            let s = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
            // x = A e^{r1 t} + B e^{r2 t}, A + B = −1, r1 A + r2 B = 0
            let a = r2 / (r1 - r2), b = -r1 / (r1 - r2)
            x = a * exp(r1 * t) + b * exp(r2 * t)
        }
        return 1 + x
    }

    /// d(position)/dt after `t` seconds, per second.
    public func velocity(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w0 = 2 * Double.pi / response, z = dampingRatio
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return (w0 * w0 / wd) * exp(-z * w0 * t) * sin(wd * t)
        } else if z == 1 {
            return w0 * w0 * t * exp(-w0 * t)
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
        let a = r2 / (r1 - r2), b = -r1 / (r1 - r2)
        return a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t)
    }

    /// The displacement, seconds × (start velocity), of the same spring started at its target with a unit velocity:
    /// what a start velocity of v adds to the position at `t` is v × this (its impulse response; 0 at t = 0, slope 1).
    public func impulseDisplacement(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w0 = 2 * Double.pi / response, z = dampingRatio
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return exp(-z * w0 * t) * sin(wd * t) / wd
        } else if z == 1 {
            return t * exp(-w0 * t)
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
        return (exp(r1 * t) - exp(r2 * t)) / (r1 - r2)
    }

    /// d/dt of `impulseDisplacement(at:)`: 1 at t = 0, decaying to 0.
    public func impulseVelocity(at t: Double) -> Double {
        let t = Swift.max(0, t)
        let w0 = 2 * Double.pi / response, z = dampingRatio
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return exp(-z * w0 * t) * (cos(wd * t) - (z * w0 / wd) * sin(wd * t))
        } else if z == 1 {
            return (1 - w0 * t) * exp(-w0 * t)
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
        return (r1 * exp(r1 * t) - r2 * exp(r2 * t)) / (r1 - r2)
    }

    /// The time, seconds, after which a critically damped or over-damped spring released from rest stays within
    /// `fraction` of its distance (1 − position ≤ fraction); for an under-damped one, after which its envelope does.
    public func settlingTime(within fraction: Double) -> Double {
        var lo = 0.0, hi = 0.01
        func residual(_ t: Double) -> Double {
            if dampingRatio < 1 {
                let w0 = 2 * Double.pi / response
                return exp(-dampingRatio * w0 * t) / (1 - dampingRatio * dampingRatio).squareRoot()
            }
            return abs(1 - position(at: t))
        }
        while residual(hi) > fraction && hi < 1e4 { lo = hi; hi *= 2 }
        for _ in 0..<60 { let m = (lo + hi) / 2; if residual(m) > fraction { lo = m } else { hi = m } }
        return hi
    }
}
