/// The grid of one album's photos: square thumbnails filling the view width. The column count is the
/// number of `targetCellSide` cells that fit the width, rounded to the nearest whole (at least 1); the cell side is then chosen so the columns fill
/// the width exactly with `spacing` between them, rounded down to whole points (the flow layout spreads
/// the sub-point remainder). Everything else is a vertical `FlowLayout`.
public final class AlbumGridLayout: FlowLayout {
    /// The preferred thumbnail side, in points; actual cells come out within about half a column's share of it. Default 120.
    public var targetCellSide: Double { didSet { if oldValue != targetCellSide { invalidate() } } }
    /// Columns as of the last `prepare()`.
    public private(set) var columns = 1
    /// When true, items are stacked first-on-top (zIndex 100 + count − item, the photo-stack layout's order),
    /// so photos flying between a stack and the grid keep their pile order. Default false (flow order).
    public var ordersItemsAsStack = false { didSet { if oldValue != ordersItemsAsStack { invalidate() } } }
    /// Extra height under every cell (room for a caption), points: cells are side × (side + captionHeight). Default 0.
    public var captionHeight = 0.0 { didSet { if oldValue != captionHeight { invalidate() } } }

    /// - Parameters:
    ///   - targetCellSide: preferred thumbnail side (points).
    ///   - spacing: gap between thumbnails, across and down (points).
    ///   - inset: margins around the grid (points).
    public init(targetCellSide: Double = 120, spacing: Double = 2, inset: EdgeInsets = .zero) {
        self.targetCellSide = targetCellSide
        super.init()
        minimumInteritemSpacing = spacing
        minimumLineSpacing = spacing
        sectionInset = inset
    }

    public override func resolvedItemSize(for viewSize: Size) -> Size {
        let available = viewSize.width - sectionInset.left - sectionInset.right
        let spacing = minimumInteritemSpacing
        guard available > 0, targetCellSide > 0 else { return Size(width: max(available, 0), height: max(available, 0)) }
        columns = columns(forViewWidth: viewSize.width, targetCellSide: targetCellSide)
        let side = ((available - Double(columns - 1) * spacing) / Double(columns)).rounded(.down)
        return Size(width: side, height: side + captionHeight)
    }

    /// The column count a view `width` points wide gets for cells of about `targetCellSide` points: the number of
    /// cells that fit, rounded to the nearest whole, at least 1. Pure (a zoom can ask what a step would show).
    public func columns(forViewWidth width: Double, targetCellSide: Double) -> Int {
        let available = width - sectionInset.left - sectionInset.right, spacing = minimumInteritemSpacing
        guard available > 0, targetCellSide > 0 else { return 1 }
        return max(1, Int(((available + spacing) / (targetCellSide + spacing)).rounded()))
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let all = flowAttributes(in: rect)
        return ordersItemsAsStack ? all.map(stackOrdered) : all
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        super.layoutAttributesForItem(at: indexPath).map { ordersItemsAsStack ? stackOrdered($0) : $0 }
    }

    private func stackOrdered(_ a: LayoutAttributes) -> LayoutAttributes {
        guard a.category == .cell else { return a }
        var out = a
        out.zIndex = 100 + (host?.numberOfItems(inSection: a.indexPath.section) ?? 0) - a.indexPath.item
        return out
    }
}
