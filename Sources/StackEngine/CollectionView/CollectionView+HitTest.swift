extension CollectionView {
    /// The top-most element under `point` (content points), respecting transforms, alpha and zIndex
    /// as drawn this frame. Elements fading out after a delete are ignored.
    public func element(at point: Point) -> DisplayItem? {
        displayList.reversed().first { !$0.isDisappearing && $0.attributes.contains(point) }
    }

    /// The top-most cell under `point` (content points), ignoring supplementary and decoration views.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        displayList.reversed().first {
            !$0.isDisappearing && $0.attributes.category == .cell && $0.attributes.contains(point)
        }?.attributes.indexPath
    }

    /// Converts a viewport point (points from the window's top-left) to content points.
    public func contentPoint(fromViewport p: Point) -> Point { p + bounds.origin }
}
