import Foundation

/// Apple's "CircleLayout" (WWDC 2012 session 219, seed-systems §4): the items of section 0 on a circle in the
/// middle of the view, no scrolling. Inserted items grow out of the centre, deleted ones shrink into it.
public final class CircleLayout: CollectionViewLayout {
    /// Side of each (round) item, in points.
    public static let itemSide = 70.0
    /// Scale a deleted item shrinks to.
    public static let disappearingScale = 0.1

    /// Centre of the circle (middle of the view), in content points, as of the last `prepare()`.
    public private(set) var center = Point.zero
    /// Radius of the circle the item centres lie on: min(width, height) / 2.5, in points.
    public private(set) var radius = 0.0
    /// Number of items (section 0) as of the last `prepare()`.
    public private(set) var count = 0
    private var viewSize = Size.zero
    private var inserted: Set<IndexPath> = []
    private var deleted: Set<IndexPath> = []

    public override init() { super.init() }

    public override func prepare() {
        viewSize = host?.bounds.size ?? .zero
        count = (host?.numberOfSections ?? 0) > 0 ? host?.numberOfItems(inSection: 0) ?? 0 : 0
        center = Point(x: viewSize.width / 2, y: viewSize.height / 2)
        radius = min(viewSize.width, viewSize.height) / 2.5
    }

    /// The content is exactly the view: nothing scrolls.
    public override var contentSize: Size { viewSize }

    private func frame(centredAt point: Point) -> Rect {
        Rect(x: point.x - Self.itemSide / 2, y: point.y - Self.itemSide / 2, width: Self.itemSide, height: Self.itemSide)
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
        let angle = 2 * Double.pi * Double(indexPath.item) / Double(count)
        let position = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        return .cell(indexPath, frame: frame(centredAt: position))
    }

    /// Every item whose frame meets `rect`; the whole circle fits in the view, so this checks all items.
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
            .filter { $0.frame.intersects(rect) }
    }

    /// Remembers which items the update inserts and deletes (section-level updates are not animated specially).
    public override func prepare(forUpdates updates: [UpdateItem]) {
        inserted = []
        deleted = []
        for update in updates {
            switch update {
            case .insertItem(let path): inserted.insert(path)
            case .deleteItem(let path): deleted.insert(path)
            default: break
            }
        }
    }

    public override func finalizeUpdates() {
        inserted = []
        deleted = []
    }

    /// An inserted item starts at the centre, transparent.
    public override func initialLayoutAttributesForAppearingElement(_ key: ElementKey) -> LayoutAttributes? {
        guard key.category == .cell, inserted.contains(key.indexPath) else { return nil }
        return LayoutAttributes(indexPath: key.indexPath, frame: frame(centredAt: center), alpha: 0)
    }

    /// A deleted item ends at the centre, transparent, scaled to 0.1.
    public override func finalLayoutAttributesForDisappearingElement(_ key: ElementKey) -> LayoutAttributes? {
        guard key.category == .cell, deleted.contains(key.indexPath) else { return nil }
        return LayoutAttributes(indexPath: key.indexPath, frame: frame(centredAt: center),
                                transform: AffineTransform(scaleX: Self.disappearingScale, y: Self.disappearingScale),
                                alpha: 0)
    }
}
