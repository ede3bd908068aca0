import StackEngine

/// Some of an album's photos piled where its stack is on the albums screen: each item of `items` at `frame`
/// (content points) with its stack rotation and zIndex 100 + count − item. The album screen starts with it and
/// switches to the grid with an animated layout transition, so the photos fly out of the stack (and switches
/// back to it to fly them home).
///
/// Only `items` take part — the photos of the grid's first screenful (or, flying home, the ones on screen): the
/// others are not in this layout, so the transition leaves them where the grid puts them. Opening an album of
/// 10,000 photos therefore costs what its first screenful costs.
final class StackedPhotosLayout: CollectionViewLayout {
    /// Where the stack is, content points.
    let frame: Rect
    /// The items in the pile.
    let items: Range<Int>
    /// The rotation of item i in the stack, radians.
    let rotation: (Int) -> Double
    /// Content size to report (so the scroll offset is kept during the transition), points.
    let size: Size

    init(frame: Rect, items: Range<Int>, rotation: @escaping (Int) -> Double, contentSize: Size) {
        self.frame = frame
        self.items = items
        self.rotation = rotation
        self.size = contentSize
        super.init()
    }

    private var count: Int { host?.numberOfItems(inSection: 0) ?? 0 }

    override var contentSize: Size { size }

    override func layoutAttributesForItem(at indexPath: StackEngine.IndexPath) -> LayoutAttributes? {
        let i = indexPath.item
        guard indexPath.section == 0, items.contains(i), i < count else { return nil }
        return LayoutAttributes(indexPath: indexPath, frame: frame, transform: AffineTransform(rotationAngle: rotation(i)),
                                zIndex: 100 + count - i)
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        // A card rotated by a stack's few degrees stays within its frame grown by a tenth.
        guard frame.insetBy(dx: -frame.width / 10, dy: -frame.height / 10).intersects(rect) else { return [] }
        return items.prefix(max(0, count - items.lowerBound)).compactMap {
            layoutAttributesForItem(at: StackEngine.IndexPath(item: $0, section: 0))
        }
    }

    override func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { false }
}
