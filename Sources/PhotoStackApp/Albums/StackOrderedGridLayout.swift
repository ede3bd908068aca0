import StackEngine

/// The album grid: an `AlbumGridLayout` (square thumbnails filling the width) whose items keep the
/// stack's drawing order (zIndex 100 + count − item, so photo 0 stays on top while the photos fly out of
/// the stack and back). It wraps the grid layout and forwards its host.
final class StackOrderedGridLayout: CollectionViewLayout {
    let grid: AlbumGridLayout

    init(targetCellSide: Double, spacing: Double, inset: EdgeInsets) {
        grid = AlbumGridLayout(targetCellSide: targetCellSide, spacing: spacing, inset: inset)
        super.init()
    }

    /// Columns as of the last `prepare()`.
    var columns: Int { grid.columns }

    override func prepare() {
        grid.host = host
        grid.invalidate()
        grid.prepareIfNeeded()
    }

    override var contentSize: Size { grid.contentSize }

    private func reorder(_ a: LayoutAttributes) -> LayoutAttributes {
        guard a.category == .cell else { return a }
        var out = a
        out.zIndex = 100 + (host?.numberOfItems(inSection: a.indexPath.section) ?? 0) - a.indexPath.item
        return out
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        grid.layoutAttributesForElements(in: rect).map(reorder)
    }

    override func layoutAttributesForItem(at indexPath: StackEngine.IndexPath) -> LayoutAttributes? {
        grid.layoutAttributesForItem(at: indexPath).map(reorder)
    }

    override func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        guard let old = host?.bounds else { return true }
        return old.size.width != newBounds.size.width
    }
}
