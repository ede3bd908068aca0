import Foundation

/// A 2-D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty), the same convention as
/// CGAffineTransform and cairo_matrix_t. Translations are in points, rotations in radians
/// (positive turns clockwise on screen, where y grows downwards).
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A rotation by `angle` radians about the origin.
    public init(rotationAngle angle: Double) {
        let cs = cos(angle), sn = sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// A scale by `sx`, `sy` about the origin.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A translation by `tx`, `ty` points.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `other` (apply self first, then other).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    public func scaledBy(x sx: Double, y sy: Double) -> AffineTransform {
        AffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// The inverse transform, or `nil` when the transform is singular (for example a scale of 0).
    public func inverted() -> AffineTransform? {
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The rotation part, in radians (atan2 of the first column).
    public var rotation: Double { atan2(b, a) }
    /// The scale along the x axis (length of the first column).
    public var scale: Double { (a * a + b * b).squareRoot() }

    /// Builds a transform from a rotation, a uniform scale and a translation (applied in that order).
    public init(rotation: Double, scale: Double, translation: Point = .zero) {
        let cs = cos(rotation) * scale, sn = sin(rotation) * scale
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: translation.x, ty: translation.y)
    }
}
