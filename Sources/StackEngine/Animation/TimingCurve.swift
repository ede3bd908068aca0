import Foundation

/// How an animation's progress (0 … 1) follows its elapsed time fraction (0 … 1).
/// Every curve is a pure function: `progress(at:)` depends only on its argument.
public enum TimingCurve: Hashable, Sendable {
    /// Progress equals the time fraction.
    case linear
    /// Cubic ease-in-out: slow start, fast middle, slow end (3t² − 2t³ style, symmetric).
    case easeInOut
    /// A CSS-style cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2).
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A damped spring released from 0 towards 1. `dampingRatio` < 1 overshoots; `response` is the
    /// undamped period in seconds. The curve is evaluated at `t × duration` seconds and forced to
    /// end exactly at 1 when the time fraction reaches 1.
    case spring(dampingRatio: Double, response: Double, duration: Double)

    /// The standard ease-in-out Bézier (0.42, 0, 0.58, 1).
    public static let standardEaseInOut = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// Progress for time fraction `t` (clamped to 0 … 1). 0 at t = 0 and 1 at t = 1 for every curve.
    public func progress(at t: Double) -> Double {
        let t = Swift.min(Swift.max(t, 0), 1)
        switch self {
        case .linear:
            return t
        case .easeInOut:
            return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        case let .cubicBezier(x1, y1, x2, y2):
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).value(at: t)
        case let .spring(dampingRatio, response, duration):
            if t >= 1 { return 1 }
            return DampedSpring(dampingRatio: dampingRatio, response: response).position(at: t * duration)
        }
    }

    /// d(progress)/d(time fraction) at `t` (0 … 1): the speed of the curve, 0 at both ends for every curve but
    /// `.linear` (which is why only `.linear` transitions cannot carry a velocity over when retargeted).
    public func slope(at t: Double) -> Double {
        let t = Swift.min(Swift.max(t, 0), 1)
        switch self {
        case .linear:
            return 1
        case .easeInOut:
            return t < 0.5 ? 12 * t * t : 3 * (2 - 2 * t) * (2 - 2 * t)
        case let .cubicBezier(x1, y1, x2, y2):
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).slope(at: t)
        case let .spring(dampingRatio, response, duration):
            if t >= 1 { return 0 }
            return DampedSpring(dampingRatio: dampingRatio, response: response).velocity(at: t * duration) * duration
        }
    }
}
