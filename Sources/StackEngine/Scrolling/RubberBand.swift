/// The resistance applied when content is dragged past an edge (UIScrollView's rubber band):
/// shown = (x·d·c) / (d + c·x), where x is the distance dragged past the edge, d the viewport extent
/// along that axis and c = 0.55. All distances in points.
public struct RubberBand: Hashable, Sendable {
    /// The stiffness constant c (0.55 on iOS).
    public var coefficient: Double
    /// The viewport extent d along the axis, in points.
    public var dimension: Double

    public init(dimension: Double, coefficient: Double = 0.55) {
        self.dimension = max(1, dimension)
        self.coefficient = coefficient
    }

    /// The visible overscroll, in points, for `x` points dragged past the edge (odd in x; less than d).
    public func shown(forDragged x: Double) -> Double {
        let a = abs(x)
        let s = (a * dimension * coefficient) / (dimension + coefficient * a)
        return x < 0 ? -s : s
    }

    /// The inverse: how far past the edge the pointer must have dragged to show `s` points of overscroll.
    /// `s` is limited to just under d.
    public func dragged(forShown s: Double) -> Double {
        let a = min(abs(s), dimension * 0.999)
        let x = a * dimension / (coefficient * (dimension - a))
        return s < 0 ? -x : x
    }

    /// d(shown)/d(dragged) at `x` points dragged past the edge: how much slower the content moves than the pointer.
    public func slope(atDragged x: Double) -> Double {
        let q = dimension + coefficient * abs(x)
        return coefficient * dimension * dimension / (q * q)
    }

    /// Applies the rubber band to an unconstrained offset `raw` for the range `lower...upper`, in points.
    public func constrain(_ raw: Double, lower: Double, upper: Double) -> Double {
        if raw < lower { return lower + shown(forDragged: raw - lower) }
        if raw > upper { return upper + shown(forDragged: raw - upper) }
        return raw
    }

    /// The inverse of `constrain`: the unconstrained offset that shows `offset`.
    public func unconstrain(_ offset: Double, lower: Double, upper: Double) -> Double {
        if offset < lower { return lower + dragged(forShown: offset - lower) }
        if offset > upper { return upper + dragged(forShown: offset - upper) }
        return offset
    }
}
