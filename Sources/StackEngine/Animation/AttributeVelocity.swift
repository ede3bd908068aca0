/// How fast an element's animatable attributes change: centre and size in points per second, rotation in radians
/// per second, scale and alpha per second. Also used for component-wise differences between two attribute values
/// (then in points, radians and plain units), which is what a velocity multiplies.
public struct AttributeVelocity: Hashable, Sendable {
    public var center: Point
    public var width: Double
    public var height: Double
    public var rotation: Double
    public var scale: Double
    public var alpha: Double

    public init(center: Point = .zero, width: Double = 0, height: Double = 0, rotation: Double = 0, scale: Double = 0,
                alpha: Double = 0) {
        self.center = center
        self.width = width
        self.height = height
        self.rotation = rotation
        self.scale = scale
        self.alpha = alpha
    }

    public static let zero = AttributeVelocity()

    /// The speed of the centre, points per second.
    public var speed: Double { (center.x * center.x + center.y * center.y).squareRoot() }

    /// `self` × `k`, component by component.
    public func scaled(by k: Double) -> AttributeVelocity {
        AttributeVelocity(center: Point(x: center.x * k, y: center.y * k), width: width * k, height: height * k,
                          rotation: rotation * k, scale: scale * k, alpha: alpha * k)
    }

    public static func + (l: AttributeVelocity, r: AttributeVelocity) -> AttributeVelocity {
        AttributeVelocity(center: Point(x: l.center.x + r.center.x, y: l.center.y + r.center.y), width: l.width + r.width,
                          height: l.height + r.height, rotation: l.rotation + r.rotation, scale: l.scale + r.scale,
                          alpha: l.alpha + r.alpha)
    }

    /// `target` − `from` component by component, the rotation the shorter way round (as `interpolated` turns).
    public static func difference(from: LayoutAttributes, to target: LayoutAttributes) -> AttributeVelocity {
        var dr = (target.transform.rotation - from.transform.rotation).truncatingRemainder(dividingBy: 2 * .pi)
        if dr > .pi { dr -= 2 * .pi } else if dr < -.pi { dr += 2 * .pi }
        let bothIdentity = from.transform.isIdentity && target.transform.isIdentity
        return AttributeVelocity(center: Point(x: target.center.x - from.center.x, y: target.center.y - from.center.y),
                                 width: target.size.width - from.size.width, height: target.size.height - from.size.height,
                                 rotation: bothIdentity ? 0 : dr, scale: bothIdentity ? 0 : target.transform.scale - from.transform.scale,
                                 alpha: target.alpha - from.alpha)
    }
}

extension LayoutAttributes {
    /// A copy moved by `delta` (a difference, or a velocity times seconds): centre and size in points, rotation in
    /// radians, scale and alpha in plain units; size, scale and alpha stay in their valid ranges.
    public func offset(by delta: AttributeVelocity) -> LayoutAttributes {
        guard delta != .zero else { return self }
        var out = self
        out.center = Point(x: center.x + delta.center.x, y: center.y + delta.center.y)
        out.size = Size(width: Swift.max(0, size.width + delta.width), height: Swift.max(0, size.height + delta.height))
        if delta.rotation != 0 || delta.scale != 0 {
            out.transform = AffineTransform(rotation: transform.rotation + delta.rotation,
                                            scale: Swift.max(0, transform.scale + delta.scale))
        }
        out.alpha = Swift.min(1, Swift.max(0, alpha + delta.alpha))
        return out
    }
}
