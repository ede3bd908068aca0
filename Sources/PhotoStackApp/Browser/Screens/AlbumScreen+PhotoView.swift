import StackEngine

/// What the photo view asks of the grid beneath it: where a photo's cell is in the window, and that it be on screen
/// before a photo closes into it.
extension AlbumScreen {
    /// The window frame of photo `item`'s cell as the grid presents it now (its layout frame when it is not live),
    /// points; nil when the grid has no such cell.
    func windowFrame(ofItem item: Int) -> Rect? {
        let path = StackEngine.IndexPath(item: item, section: 0)
        guard let a = collectionView.presentedAttributes(for: .cell(path))
                ?? collectionView.collectionViewLayout.layoutAttributesForItem(at: path) else { return nil }
        let o = collectionView.contentOffset
        return a.frame.offsetBy(dx: -o.x, dy: -o.y)
    }

    /// Selects `item` and scrolls its cell into view at `time` (the smallest scroll; at once when the grid is hidden
    /// under the photo view, else animated), for a photo closing into it.
    func reveal(item: Int, animated: Bool, at time: Double) {
        selectedItem = item
        collectionView.scrollToItem(at: StackEngine.IndexPath(item: item, section: 0), position: .nearest, animated: animated, at: time)
        collectionView.layoutIfNeeded(at: time)
    }
}
