/// Apple's "LineLayout" (WWDC 2012 session 219, seed-systems §3): a horizontal flow line of 200 × 200 items
/// that zoom in as they approach the middle of the viewport, with snapping so that a fling always comes to
/// rest with an item centred.
public final class LineLayout: FlowLayout {
    /// Side of each square item, in points.
    public static let itemSide = 200.0
    /// Distance from the viewport centre (points) within which an item zooms.
    public static let activeDistance = 200.0
    /// Extra scale of an item exactly at the viewport centre (scale 1 + 0.3).
    public static let zoomFactor = 0.3

    public override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = Size(width: Self.itemSide, height: Self.itemSide)
        sectionInset = EdgeInsets(top: 200, left: 0, bottom: 200, right: 0)
        minimumLineSpacing = 50
    }

    /// The zoom depends on the viewport position, so every scroll step needs a new layout.
    public override func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { true }

    /// The scale of an item whose centre lies `distance` points from the viewport centre:
    /// 1 + 0.3 × (1 − |distance| / 200) inside the active distance, 1 outside.
    public static func zoom(atDistance distance: Double) -> Double {
        abs(distance) < activeDistance ? 1 + zoomFactor * (1 - abs(distance) / activeDistance) : 1
    }

    private func zoomed(_ attributes: LayoutAttributes) -> LayoutAttributes {
        guard attributes.category == .cell else { return attributes }
        let viewport = host?.bounds ?? preparedBounds
        let distance = viewport.midX - attributes.center.x
        guard abs(distance) < Self.activeDistance else { return attributes }
        var result = attributes
        let scale = Self.zoom(atDistance: distance)
        result.transform = AffineTransform(scaleX: scale, y: scale)
        result.zIndex = 1
        return result
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        // A zoomed item reaches up to 15 % of its side beyond its frame: look that much further, then filter.
        let margin = Self.zoomFactor / 2 * max(preparedItemSize.width, preparedItemSize.height)
        return flowAttributes(in: rect.insetBy(dx: -margin, dy: -margin))
            .map(zoomed)
            .filter { $0.boundingBox.intersects(rect) }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        super.layoutAttributesForItem(at: indexPath).map(zoomed)
    }

    /// Moves the proposed resting offset so that the item centre nearest to the proposed viewport centre
    /// lands exactly on it (points). The scroller clamps it to its range, which the content inset may extend so
    /// that the first and last items can rest centred too.
    public override func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point {
        let width = preparedBounds.width
        let centre = proposed.x + width / 2
        let search = Rect(x: centre - width - itemMain, y: 0, width: 2 * (width + itemMain),
                          height: max(contentSize.height, 1))
        let nearest = flowAttributes(in: search)
            .filter { $0.category == .cell }
            .min { abs($0.center.x - centre) < abs($1.center.x - centre) }
        guard let nearest else { return proposed }
        return Point(x: proposed.x + nearest.center.x - centre, y: proposed.y)
    }
}
