import Foundation

extension LayoutAttributes {
    /// The attributes `fraction` of the way from `self` to `target` (0 gives self, 1 gives target;
    /// values outside 0 … 1 extrapolate, for overshooting springs).
    ///
    /// Field by field: centre and size linearly (points); the transform is decomposed into rotation
    /// (radians, along the shorter way round) and uniform scale, each interpolated and recomposed —
    /// never matrix entries; alpha linearly (clamped to 0 … 1); `zIndex`, `isHidden` and the identity
    /// fields (category, kind, index path) snap to the target once the fraction is positive.
    public func interpolated(to target: LayoutAttributes, fraction: Double) -> LayoutAttributes {
        if fraction <= 0 { return self }
        if fraction == 1 { return target }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        var out = target
        out.center = Point(x: mix(center.x, target.center.x), y: mix(center.y, target.center.y))
        out.size = Size(width: Swift.max(0, mix(size.width, target.size.width)),
                        height: Swift.max(0, mix(size.height, target.size.height)))
        let r0 = transform.rotation, s0 = transform.scale
        let r1 = target.transform.rotation, s1 = target.transform.scale
        if transform.isIdentity && target.transform.isIdentity {
            out.transform = .identity
        } else {
            var dr = (r1 - r0).truncatingRemainder(dividingBy: 2 * .pi)
            if dr > .pi { dr -= 2 * .pi } else if dr < -.pi { dr += 2 * .pi }
            out.transform = AffineTransform(rotation: r0 + dr * fraction, scale: Swift.max(0, mix(s0, s1)))
        }
        out.alpha = Swift.min(1, Swift.max(0, mix(alpha, target.alpha)))
        return out
    }

    /// A copy with a different alpha (convenience for appear/disappear defaults).
    public func withAlpha(_ alpha: Double) -> LayoutAttributes {
        var copy = self
        copy.alpha = alpha
        return copy
    }
}
