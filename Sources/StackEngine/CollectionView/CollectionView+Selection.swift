extension CollectionView {
    /// Selected items, in the order they were selected (the last one is the anchor of Shift+click).
    /// Remapped by batch updates: items follow their moves, deleted items leave the selection.
    public var indexPathsForSelectedItems: [IndexPath] { selectedPaths }

    /// Selects an item programmatically (no delegate call, as in UIKit). Without multiple selection the
    /// previous selection is cleared. Optionally scrolls to it.
    public func selectItem(at indexPath: IndexPath, animated: Bool = false, scrollPosition: ScrollPosition? = nil) {
        if needsReload { loadCounts() }
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

    /// What a click/tap at `point` (content points) does, as in UIKit: with multiple selection it toggles
    /// the item under the point; without, it selects that item alone (tapping the selected item tells
    /// the delegate `didSelect` again). The delegate's `shouldSelect`/`shouldDeselect` are asked.
    /// Returns the item hit, if any.
    @discardableResult
    public func handleTap(at point: Point) -> IndexPath? {
        guard allowsSelection, let p = indexPathForItem(at: point) else { return nil }
        if !allowsMultipleSelection, selectedPaths == [p] {
            if delegate?.collectionView(self, shouldSelectItemAt: p) ?? true {
                delegate?.collectionView(self, didSelectItemAt: p)
            }
            return p
        }
        applySelection(.click(p, modifiers: allowsMultipleSelection ? .control : []))
        return p
    }

    /// Applies a desktop selection gesture (Ctrl/Shift+click, select all, clear) as a user action: every
    /// item it would deselect is offered to `shouldDeselect`, every item it would select to `shouldSelect`,
    /// then the selection changes and the delegate hears `didDeselect` then `didSelect` for each change.
    /// Does nothing (returns an empty change) while `allowsSelection` is false.
    @discardableResult
    public func applySelection(_ gesture: SelectionGesture) -> SelectionChange {
        guard allowsSelection else { return SelectionChange() }
        if needsReload { loadCounts() }
        let target = gesture.selection(from: selectedPaths, itemCounts: sectionCounts,
                                       allowsMultiple: allowsMultipleSelection)
        let targetSet = Set(target), currentSet = Set(selectedPaths)
        var refusedDeselect = Set<IndexPath>(), change = SelectionChange()
        for p in selectedPaths where !targetSet.contains(p) {
            if delegate?.collectionView(self, shouldDeselectItemAt: p) ?? true {
                change.deselected.append(p)
            } else {
                refusedDeselect.insert(p)
            }
        }
        var refusedSelect = Set<IndexPath>()
        for p in target where !currentSet.contains(p) {
            if delegate?.collectionView(self, shouldSelectItemAt: p) ?? true {
                change.selected.append(p)
            } else {
                refusedSelect.insert(p)
            }
        }
        var result = selectedPaths.filter { refusedDeselect.contains($0) }
        result += target.filter { !refusedSelect.contains($0) && !refusedDeselect.contains($0) }
        if !allowsMultipleSelection, result.count > 1 {
            // A refused deselection in single-selection mode keeps the old item: the new one is not selected.
            result = selectedPaths.filter { refusedDeselect.contains($0) }.prefix(1).map { $0 }
            change.selected.removeAll()
        }
        selectedPaths = result
        for p in change.deselected { setSelected(false, p) }
        for p in result { setSelected(true, p) }
        for p in change.deselected { delegate?.collectionView(self, didDeselectItemAt: p) }
        for p in change.selected { delegate?.collectionView(self, didSelectItemAt: p) }
        return change
    }

    func setSelected(_ selected: Bool, _ p: IndexPath) {
        live[.cell(p)]?.view.isSelected = selected
    }
}
