/// One entry of `CollectionView.displayList`: a renderer and the attributes to draw it with this frame.
public struct DisplayItem {
    public let view: ReusableView
    /// Current (possibly animated) attributes, content points.
    public let attributes: LayoutAttributes
    /// True for deleted elements fading out; they are recycled when their animation ends.
    public let isDisappearing: Bool

    public var key: ElementKey { attributes.key }

    /// The transform mapping the element's local coordinates (origin at its centre, untransformed
    /// points) to viewport points for a content offset: the attributes' rotation/scale about the centre,
    /// then translation to `center − contentOffset`.
    public func drawingTransform(contentOffset: Point) -> AffineTransform {
        let t = attributes.transform
        return AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d,
                               tx: attributes.center.x - contentOffset.x, ty: attributes.center.y - contentOffset.y)
    }
}
