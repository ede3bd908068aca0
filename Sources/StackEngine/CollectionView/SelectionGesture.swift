/// A desktop selection gesture, resolved as a pure function of the current selection and the item counts
/// (no collection view needed): the app's input code makes one from a click or key, and
/// `CollectionView.applySelection(_:)` applies it through the delegate.
///
/// The *anchor* of Shift+click is the last entry of the selection order (`indexPathsForSelectedItems.last`):
/// a plain or Ctrl+click puts the clicked item there, a Shift range keeps the anchor there. Because the
/// collection view remaps the selection through batch updates, the anchor follows its item; when that item
/// is deleted the previous selected item becomes the anchor.
public enum SelectionGesture: Hashable, Sendable {
    /// A click on an item. No modifiers: select only it. `.control`: toggle it. `.shift`: select the range
    /// from the anchor to it (replacing the selection; with `.control` too, adding to it).
    case click(IndexPath, modifiers: SelectionModifiers)
    /// Ctrl+A: select every item of one section (replaces the selection).
    case selectAll(section: Int)
    /// Escape: clear the selection.
    case clear

    /// The selection after this gesture, in selection order (anchor last).
    /// - Parameters:
    ///   - current: the selection now, in selection order.
    ///   - itemCounts: items per section.
    ///   - allowsMultiple: false reduces every result to at most one item (Ctrl+click on the selected
    ///     item clears it, Shift acts as a plain click, select-all does nothing).
    /// A click on an index path outside `itemCounts` leaves the selection unchanged.
    public func selection(from current: [IndexPath], itemCounts: [Int], allowsMultiple: Bool) -> [IndexPath] {
        func valid(_ p: IndexPath) -> Bool {
            p.section >= 0 && p.section < itemCounts.count && p.item >= 0 && p.item < itemCounts[p.section]
        }
        switch self {
        case .clear:
            return []
        case .selectAll(let section):
            guard allowsMultiple, section >= 0, section < itemCounts.count else { return current }
            var all = (0..<itemCounts[section]).map { IndexPath(item: $0, section: section) }
            if let anchor = current.last, anchor.section == section, valid(anchor) {
                all.remove(at: anchor.item)
                all.append(anchor)
            }
            return all
        case let .click(p, modifiers):
            guard valid(p) else { return current }
            if !allowsMultiple {
                return modifiers.contains(.control) && current.contains(p) ? [] : [p]
            }
            if modifiers.contains(.shift), let anchor = current.last, valid(anchor) {
                let range = Self.range(from: anchor, to: p, itemCounts: itemCounts)
                let inRange = Set(range)
                let kept = modifiers.contains(.control) ? current.filter { !inRange.contains($0) } : []
                return kept + range.filter { $0 != anchor } + [anchor]
            }
            if modifiers.contains(.control), !modifiers.contains(.shift) {
                return current.contains(p) ? current.filter { $0 != p } : current + [p]
            }
            if modifiers.contains(.control) {   // Ctrl+Shift without an anchor: add the item
                return current.filter { $0 != p } + [p]
            }
            return [p]
        }
    }

    /// Every item from `a` to `b` inclusive in (section, item) order, across sections.
    static func range(from a: IndexPath, to b: IndexPath, itemCounts: [Int]) -> [IndexPath] {
        let (lo, hi) = a < b ? (a, b) : (b, a)
        var out: [IndexPath] = []
        for s in lo.section...hi.section {
            let first = s == lo.section ? lo.item : 0
            let last = s == hi.section ? hi.item : itemCounts[s] - 1
            guard first <= last else { continue }
            for i in first...last { out.append(IndexPath(item: i, section: s)) }
        }
        return out
    }
}
