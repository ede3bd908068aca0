/// Where and how one element is shown: a value, so nothing a layout hands out can be changed
/// behind its back.
///
/// `center` and `size` are the element's untransformed geometry in content coordinates (points);
/// `transform` (rotation, scale) applies about the center, as in UIKit.
public struct LayoutAttributes: Hashable, Sendable {
    public var category: ElementCategory
    /// The supplementary or decoration kind (for example "title"); empty for cells.
    public var kind: String
    public var indexPath: IndexPath
    /// Center of the untransformed element, in content points.
    public var center: Point
    /// Size of the untransformed element, in points.
    public var size: Size
    /// Rotation and scale about `center`; its translation part is not used.
    public var transform: AffineTransform
    /// Opacity, 0 (invisible) … 1 (opaque).
    public var alpha: Double
    /// Drawing order: larger is drawn later (on top).
    public var zIndex: Int
    public var isHidden: Bool

    public init(category: ElementCategory = .cell, kind: String = "", indexPath: IndexPath,
                frame: Rect, transform: AffineTransform = .identity, alpha: Double = 1,
                zIndex: Int = 0, isHidden: Bool = false) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
        self.center = frame.center
        self.size = frame.size
        self.transform = transform
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
    }

    public static func cell(_ indexPath: IndexPath, frame: Rect) -> LayoutAttributes {
        LayoutAttributes(indexPath: indexPath, frame: frame)
    }

    public static func supplementary(_ kind: String, _ indexPath: IndexPath, frame: Rect) -> LayoutAttributes {
        LayoutAttributes(category: .supplementary, kind: kind, indexPath: indexPath, frame: frame)
    }

    public static func decoration(_ kind: String, _ indexPath: IndexPath, frame: Rect) -> LayoutAttributes {
        LayoutAttributes(category: .decoration, kind: kind, indexPath: indexPath, frame: frame)
    }

    /// The untransformed frame, in content points. Setting it moves `center` and sets `size`.
    public var frame: Rect {
        get { Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set { center = newValue.center; size = newValue.size }
    }

    /// The key that identifies this element across layouts and frames.
    public var key: ElementKey { ElementKey(category: category, kind: kind, indexPath: indexPath) }

    /// The smallest axis-aligned rectangle holding the transformed element, in content points.
    public var boundingBox: Rect {
        if transform.isIdentity { return frame }
        let hw = size.width / 2, hh = size.height / 2
        let corners = [Point(x: -hw, y: -hh), Point(x: hw, y: -hh), Point(x: hw, y: hh), Point(x: -hw, y: hh)]
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in corners {
            let p = Point(x: transform.a * c.x + transform.c * c.y, y: transform.b * c.x + transform.d * c.y)
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return Rect(x: center.x + minX, y: center.y + minY, width: maxX - minX, height: maxY - minY)
    }

    /// True when `point` (content points) lies on the transformed element.
    public func contains(_ point: Point) -> Bool {
        guard !isHidden, alpha > 0 else { return false }
        let linear = AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
        guard let inverse = linear.inverted() else { return false }
        let local = inverse.apply(to: point - center)
        return abs(local.x) <= size.width / 2 && abs(local.y) <= size.height / 2
    }
}
