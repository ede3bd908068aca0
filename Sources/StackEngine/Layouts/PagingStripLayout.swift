/// A horizontal strip showing `cellsPerPage` cells per page (seed-systems §6), scrolled a page at a time,
/// with left/right "more this way" indicators derived from the content offset (never from cell display
/// callbacks, which miss cells when scrolling fast). Items of section 0.
public final class PagingStripLayout: CollectionViewLayout {
    /// Which "more cells" indicators to show.
    public struct Indicators: Hashable, Sendable {
        /// True when content lies to the left of the viewport.
        public var showsLeft: Bool
        /// True when content lies to the right of the viewport.
        public var showsRight: Bool

        public init(showsLeft: Bool, showsRight: Bool) {
            self.showsLeft = showsLeft
            self.showsRight = showsRight
        }
    }

    /// Cells across one page (one view width). Default 5.
    public var cellsPerPage = 5 { didSet { if oldValue != cellsPerPage { invalidate() } } }
    /// Gap above and below the cells, in points. Default 10.
    public var verticalMargin = 10.0 { didSet { if oldValue != verticalMargin { invalidate() } } }
    /// Release speed (points per second) above which a fling moves on to the next page in its direction, wherever
    /// it would have come to rest: by default any fling (the scroller's minimum, 50 pt/s; Flutter's page physics
    /// likewise turns the page for any fling above its tolerance). Wheel notches and page keys count as flings.
    public var flingVelocityThreshold = ScrollController.minimumFlingVelocity

    /// Width of a page (the view width) and of a cell (page width / cellsPerPage), in points.
    public private(set) var pageWidth = 0.0
    public private(set) var cellWidth = 0.0
    /// Number of pages (items rounded up to whole pages), as of the last `prepare()`.
    public private(set) var pageCount = 0
    private var viewHeight = 0.0
    private var count = 0

    public override init() { super.init() }

    public override func prepare() {
        let bounds = host?.bounds ?? .zero
        pageWidth = bounds.width
        viewHeight = bounds.height
        let perPage = max(1, cellsPerPage)
        cellWidth = pageWidth / Double(perPage)
        count = (host?.numberOfSections ?? 0) > 0 ? host?.numberOfItems(inSection: 0) ?? 0 : 0
        pageCount = (count + perPage - 1) / perPage
    }

    /// pages × view width by the view height, in points.
    public override var contentSize: Size { Size(width: Double(pageCount) * pageWidth, height: viewHeight) }

    private func frame(item: Int) -> Rect {
        Rect(x: Double(item) * cellWidth, y: verticalMargin, width: cellWidth, height: max(0, viewHeight - 2 * verticalMargin))
    }

    /// The rect of page `page` (one view width), in content points.
    public func pageRect(_ page: Int) -> Rect {
        Rect(x: Double(page) * pageWidth, y: 0, width: pageWidth, height: viewHeight)
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
        return .cell(indexPath, frame: frame(item: indexPath.item))
    }

    /// The cells whose column meets `rect`: O(k).
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard !rect.isEmpty, cellWidth > 0, count > 0 else { return [] }
        let first = max(0, Int((rect.minX / cellWidth).rounded(.down)))
        let last = min(count - 1, Int((rect.maxX / cellWidth).rounded(.down)))
        guard first <= last else { return [] }
        return (first...last).map { LayoutAttributes.cell(IndexPath(item: $0, section: 0), frame: frame(item: $0)) }
            .filter { $0.frame.intersects(rect) }
    }

    /// Snaps to a page boundary, from the page showing at the host's current offset (see the three-argument form).
    public override func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point {
        targetContentOffset(forProposed: proposed, velocity: velocity, from: host?.bounds.origin ?? proposed)
    }

    /// The paging rule (`PageSnapping`, shared with scrollers that no layout owns): a fling faster than
    /// `flingVelocityThreshold` goes to the next page boundary beyond `start` in its direction; a slower release rests
    /// on the page nearest the proposal, at most one page from the page nearest `start`. Points.
    public override func targetContentOffset(forProposed proposed: Point, velocity: Point, from start: Point) -> Point {
        let rule = PageSnapping(pageWidth: pageWidth, pageCount: pageCount, flingVelocityThreshold: flingVelocityThreshold)
        return Point(x: rule.targetX(forProposed: proposed.x, velocity: velocity.x, from: start.x), y: proposed.y)
    }

    /// The indicators for a content offset (points): left when anything lies left of the viewport, right when
    /// anything lies right of it (half-point tolerance for rounding).
    public func indicators(forContentOffset offset: Point) -> Indicators {
        Indicators(showsLeft: offset.x > 0.5, showsRight: offset.x + pageWidth < contentSize.width - 0.5)
    }
}
