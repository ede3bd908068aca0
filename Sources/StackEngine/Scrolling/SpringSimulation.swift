import Foundation

/// A damped spring pulling a scroll offset towards `target`: m·x'' + c·x' + k·(x − target) = 0,
/// solved in closed form for the critically damped, under-damped and over-damped cases.
///
/// Positions in points, velocities in points per second, time in seconds since the start.
public struct SpringSimulation: ScrollSimulation, Hashable {
    /// Mass, stiffness and damping of a spring (SI-like units with points as length).
    public struct Parameters: Hashable, Sendable {
        public var mass: Double
        public var stiffness: Double
        public var damping: Double

        public init(mass: Double, stiffness: Double, damping: Double) {
            self.mass = mass
            self.stiffness = stiffness
            self.damping = damping
        }

        /// A spring whose damping is `ratio` times the critical damping 2·√(k·m).
        public init(mass: Double, stiffness: Double, dampingRatio ratio: Double) {
            self.init(mass: mass, stiffness: stiffness, damping: ratio * 2 * (mass * stiffness).squareRoot())
        }

        /// Critically damped, mass 1, stiffness 100 (ω = 10 rad/s): never overshoots from rest.
        public static let criticallyDamped = Parameters(mass: 1, stiffness: 100, dampingRatio: 1)
        /// Flutter's iOS-like scroll spring: mass 0.5, stiffness 100, damping ratio 1.1.
        public static let flutterIOS = Parameters(mass: 0.5, stiffness: 100, dampingRatio: 1.1)
    }

    private enum Solution: Hashable, Sendable {
        /// x = (c1 + c2·t)·e^(−r·t)
        case critical(r: Double, c1: Double, c2: Double)
        /// x = e^(−r·t)·(c1·cos(w·t) + c2·sin(w·t))
        case under(r: Double, w: Double, c1: Double, c2: Double)
        /// x = c1·e^(r1·t) + c2·e^(r2·t)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    public let parameters: Parameters
    /// The resting point, in points.
    public let target: Double
    /// Distance, in points, within which the spring counts as settled.
    public let distanceTolerance: Double
    /// Speed, in points per second, under which the spring counts as settled.
    public let velocityTolerance: Double
    private let solution: Solution

    public init(parameters: Parameters = .criticallyDamped, from position: Double, velocity: Double, to target: Double,
                distanceTolerance: Double = 0.5, velocityTolerance: Double = 10) {
        self.parameters = parameters
        self.target = target
        self.distanceTolerance = distanceTolerance
        self.velocityTolerance = velocityTolerance
        let m = parameters.mass, c = parameters.damping, k = parameters.stiffness
        let x0 = position - target, v0 = velocity
        let disc = c * c - 4 * m * k
        let r = c / (2 * m)
        if abs(disc) <= 1e-9 * max(1, c * c) {
            solution = .critical(r: r, c1: x0, c2: v0 + r * x0)
        } else if disc < 0 {
            let w = (-disc).squareRoot() / (2 * m)
            solution = .under(r: r, w: w, c1: x0, c2: (v0 + r * x0) / w)
        } else {
            let s = disc.squareRoot()
            let r1 = (-c + s) / (2 * m), r2 = (-c - s) / (2 * m)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            solution = .over(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
        }
    }

    public var finalPosition: Double { target }

    /// Displacement from the target, in points.
    private func displacement(_ t: Double) -> Double {
        switch solution {
        case let .critical(r, c1, c2): return (c1 + c2 * t) * exp(-r * t)
        case let .under(r, w, c1, c2): return exp(-r * t) * (c1 * cos(w * t) + c2 * sin(w * t))
        case let .over(r1, r2, c1, c2): return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    public func position(at t: Double) -> Double { target + displacement(max(0, t)) }

    public func velocity(at t: Double) -> Double {
        let t = max(0, t)
        switch solution {
        case let .critical(r, c1, c2): return (c2 - r * (c1 + c2 * t)) * exp(-r * t)
        case let .under(r, w, c1, c2):
            let e = exp(-r * t), cs = cos(w * t), sn = sin(w * t)
            return e * ((c2 * w - r * c1) * cs - (c1 * w + r * c2) * sn)
        case let .over(r1, r2, c1, c2): return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    public func isDone(at t: Double) -> Bool {
        abs(displacement(max(0, t))) < distanceTolerance && abs(velocity(at: t)) < velocityTolerance
    }

    /// For a critically damped spring: the time, in seconds, at which it passes its target, if it ever
    /// does after the start (it crosses at most once). `nil` for other springs or when it never crosses.
    public var criticalCrossingTime: Double? {
        guard case let .critical(_, c1, c2) = solution, c2 != 0 else { return nil }
        let t = -c1 / c2
        return t > 0 ? t : nil
    }
}
