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
}
