extension CollectionView {
    /// Selected items, in the order they were selected.
    public var indexPathsForSelectedItems: [IndexPath] { selectedPaths }

    /// Selects an item programmatically (no delegate call, as in UIKit). Without multiple selection the
    /// previous selection is cleared. Optionally scrolls to it.
    public func selectItem(at indexPath: IndexPath, animated: Bool = false, scrollPosition: ScrollPosition? = nil) {
        guard isValid(indexPath) else { return }
        if !allowsMultipleSelection {
            for p in selectedPaths where p != indexPath { setSelected(false, p) }
            selectedPaths.removeAll { $0 != indexPath }
        }
        if !selectedPaths.contains(indexPath) { selectedPaths.append(indexPath) }
        setSelected(true, indexPath)
        if let scrollPosition { scrollToItem(at: indexPath, position: scrollPosition, animated: animated) }
    }

    /// Deselects an item programmatically (no delegate call).
    public func deselectItem(at indexPath: IndexPath, animated: Bool = false) {
        selectedPaths.removeAll { $0 == indexPath }
        setSelected(false, indexPath)
    }

    /// What a click/tap at `point` (content points) does: selects the top-most item under it (toggling
    /// it with multiple selection) and tells the delegate. Returns the item hit, if any.
    @discardableResult
    public func handleTap(at point: Point) -> IndexPath? {
        guard allowsSelection, let p = indexPathForItem(at: point) else { return nil }
        if selectedPaths.contains(p) {
            if allowsMultipleSelection {
                deselectItem(at: p)
                delegate?.collectionView(self, didDeselectItemAt: p)
            } else {
                delegate?.collectionView(self, didSelectItemAt: p)
            }
            return p
        }
        if !allowsMultipleSelection {
            for old in selectedPaths {
                deselectItem(at: old)
                delegate?.collectionView(self, didDeselectItemAt: old)
            }
        }
        selectItem(at: p)
        delegate?.collectionView(self, didSelectItemAt: p)
        return p
    }

    func setSelected(_ selected: Bool, _ p: IndexPath) {
        live[.cell(p)]?.view.isSelected = selected
    }
}
