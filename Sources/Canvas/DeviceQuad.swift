/// A convex quadrilateral in device pixels (x right, y down): four corners in order around it. What an opaque card
/// drawn later covers (its square through the card's transform), so what is beneath it need not be resampled.
public struct DeviceQuad: Equatable, Sendable {
    /// The corners, device pixels, in order around the quad.
    public var points: [(x: Double, y: Double)]

    /// The quad `rect` (user units) becomes through the affine `matrix` (user → device, cairo's convention).
    public init(_ rect: CanvasRect, through matrix: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)) {
        let m = matrix
        points = [(rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x + rect.width, rect.y + rect.height),
                  (rect.x, rect.y + rect.height)].map { (m.a * $0.0 + m.c * $0.1 + m.tx, m.b * $0.0 + m.d * $0.1 + m.ty) }
    }

    /// Smallest and largest x and y of the corners, device pixels.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (points.map(\.x).min() ?? 0, points.map(\.y).min() ?? 0, points.map(\.x).max() ?? 0, points.map(\.y).max() ?? 0)
    }

    /// True when the quad's bounds meet the device rectangle [`x0`, `x1`) × [`y0`, `y1`).
    public func meets(x0: Double, y0: Double, x1: Double, y1: Double) -> Bool {
        let b = bounds
        return b.maxX > x0 && b.minX < x1 && b.maxY > y0 && b.minY < y1
    }

    public static func == (l: DeviceQuad, r: DeviceQuad) -> Bool {
        l.points.count == r.points.count && zip(l.points, r.points).allSatisfy { $0.x == $1.x && $0.y == $1.y }
    }
}
