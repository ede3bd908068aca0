import Foundation

/// The motion from a release to a snap point chosen by the layout (its target content offset): it starts at the
/// release position and velocity, ends exactly on the target at rest within `maximumDuration`, and never passes it.
///
/// Two shapes, with r = |Δ| / |v0| the time the distance Δ would take at the release speed:
/// - **Slowing down** when the release heads for the target and r ≤ 0.9·`maximumDuration`: the speed falls
///   monotonically, v(t) = v0·(1 − s^m)², s = t / T — never faster than the release. With T = 3r (m = 1) when that
///   fits in the limit: a soft landing, velocity and deceleration both reaching zero. Else T = the limit and m ≥ 1
///   solves r / T = 2m² / ((m + 1)(2m + 1)) (the speed is held longer, then lands softly).
/// - **An ease** otherwise (the release is slow for the distance, at rest or heading away): a cubic Hermite curve
///   from the release velocity to rest over T = min(limit, 0.4 s + |Δ| / 2500 pt/s). It speeds up only as much as
///   reaching the target in time needs, and never passes the target (v0·T < 3|Δ| whenever v0 heads there).
///
/// Positions in points, velocities in points per second, time in seconds since the release.
public struct SnapScrollAnimation: ScrollSimulation, Hashable {
    /// The longest a snap may take, seconds.
    public static let maximumDuration = 0.8

    public let from: Double
    public let to: Double
    public let initialVelocity: Double
    /// Seconds from the release to rest.
    public let duration: Double
    /// The exponent m of the slowing-down shape, or nil for the ease.
    public let exponent: Double?

    public init(from: Double, velocity: Double, to: Double, maximumDuration: Double = Self.maximumDuration) {
        self.from = from
        self.to = to
        initialVelocity = velocity
        let delta = to - from, limit = max(1e-3, maximumDuration)
        let heads = delta != 0 && velocity != 0 && (delta > 0) == (velocity > 0)
        let r = heads ? abs(delta / velocity) : .infinity
        if r <= 0.9 * limit {
            if 3 * r <= limit {
                duration = max(1e-6, 3 * r)
                exponent = 1
            } else {
                duration = limit
                exponent = Self.exponent(forFraction: r / limit)
            }
        } else {
            duration = min(limit, 0.4 + abs(delta) / 2500)
            exponent = nil
        }
    }

    /// The m ≥ 1 whose shape covers `q` (⅓ … 1) of the distance travelled at the start speed over the duration:
    /// the root of 2m²(1 − q) − 3qm − q = 0.
    static func exponent(forFraction q: Double) -> Double {
        let q = min(0.999, max(1.0 / 3, q))
        return (3 * q + (9 * q * q + 8 * q * (1 - q)).squareRoot()) / (4 * (1 - q))
    }

    public var finalPosition: Double { to }

    public func position(at t: Double) -> Double {
        let s = min(1, max(0, t / duration))
        if s >= 1 { return to }
        if let m = exponent {
            let sm = pow(s, m)
            let integral = s - 2 * s * sm / (m + 1) + s * sm * sm / (2 * m + 1)
            return from + initialVelocity * duration * integral
        }
        let s2 = s * s, s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * from + (s3 - 2 * s2 + s) * duration * initialVelocity + (-2 * s3 + 3 * s2) * to
    }

    public func velocity(at t: Double) -> Double {
        let s = max(0, t / duration)
        guard s < 1 else { return 0 }
        if let m = exponent {
            let u = 1 - pow(s, m)
            return initialVelocity * u * u
        }
        let s2 = s * s
        return ((6 * s2 - 6 * s) * from + (-6 * s2 + 6 * s) * to) / duration + (3 * s2 - 4 * s + 1) * initialVelocity
    }

    public func isDone(at t: Double) -> Bool { t >= duration }
}
