/// A unit cubic Bézier timing function through (0, 0), (x1, y1), (x2, y2), (1, 1), as in CSS
/// `cubic-bezier()`: `value(at: x)` solves the curve's x(s) = x for s, then returns y(s).
public struct CubicBezier: Hashable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    private func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve's y for the time fraction `x` (0 … 1).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return coordinate(parameter(at: x), y1, y2)
    }

    /// The curve's dy/dx at the time fraction `x` (0 … 1).
    public func slope(at x: Double) -> Double {
        let x = Swift.min(Swift.max(x, 0), 1)
        let s = parameter(at: x)
        let dx = slope(s, x1, x2)
        guard abs(dx) > 1e-12 else { return 0 }
        return slope(s, y1, y2) / dx
    }

    /// The curve parameter s whose x(s) is `x`: Newton iterations, falling back to bisection (x(s) is monotone
    /// for x1, x2 in 0 … 1).
    private func parameter(at x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = coordinate(s, x1, x2) - x
            if abs(err) < 1e-9 { return s }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let v = coordinate(s, x1, x2)
            if abs(v - x) < 1e-10 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
