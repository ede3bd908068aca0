/// The batch-update changes (UIKit semantics) that turn one snapshot into another: section
/// inserts/deletes/moves/reloads and item inserts/deletes/moves/reloads. Items of inserted, deleted or
/// reloaded sections come and go with their section and are not listed separately.
public enum SnapshotDiff {
    public static func changes<S, I>(from old: CollectionSnapshot<S, I>, to new: CollectionSnapshot<S, I>) -> [UpdateItem] {
        var updates: [UpdateItem] = []
        // Sections.
        let sd = HeckelDiff.diff(old: old.sectionIdentifiers, new: new.sectionIdentifiers)
        updates += sd.deletes.map { .deleteSection($0) }
        updates += sd.inserts.map { .insertSection($0) }
        updates += sd.moves.map { .moveSection(from: $0.from, to: $0.to) }
        var newToOldSection = [Int?](repeating: nil, count: new.numberOfSections)
        var oldToNewSection = [Int?](repeating: nil, count: old.numberOfSections)
        for m in sd.matches { newToOldSection[m.to] = m.from; oldToNewSection[m.from] = m.to }
        var reloadedOld = Set<Int>()
        for s in new.reloadedSectionIdentifiers {
            if let o = old.indexOfSection(s), oldToNewSection[o] != nil { reloadedOld.insert(o) }
        }
        updates += reloadedOld.sorted().map { .reloadSection($0) }
        // Sections whose items are compared: matched and not reloaded.
        func oldAlive(_ o: Int) -> Bool { oldToNewSection[o] != nil && !reloadedOld.contains(o) }
        func newAlive(_ n: Int) -> Bool { newToOldSection[n].map { !reloadedOld.contains($0) } ?? false }

        // Old positions of every item in a live old section.
        var oldPosition: [I: IndexPath] = [:]
        oldPosition.reserveCapacity(old.numberOfItems)
        for (o, items) in old.itemsBySection.enumerated() where oldAlive(o) {
            for (i, item) in items.enumerated() { oldPosition[item] = IndexPath(item: i, section: o) }
        }
        var stayed = Set<I>()   // items found in a live new section
        for (n, items) in new.itemsBySection.enumerated() where newAlive(n) {
            let o = newToOldSection[n]!
            var sameSection: [(oldItem: Int, newItem: Int)] = []
            for (j, item) in items.enumerated() {
                guard let p = oldPosition[item] else { updates.append(.insertItem(IndexPath(item: j, section: n))); continue }
                stayed.insert(item)
                if p.section == o { sameSection.append((p.item, j)) }
                else { updates.append(.moveItem(from: p, to: IndexPath(item: j, section: n))) }
            }
            let keep = HeckelDiff.longestIncreasingSubsequence(sameSection.map(\.oldItem))
            for (k, pair) in sameSection.enumerated() where !keep.contains(k) {
                updates.append(.moveItem(from: IndexPath(item: pair.oldItem, section: o), to: IndexPath(item: pair.newItem, section: n)))
            }
        }
        for (item, p) in oldPosition where !stayed.contains(item) { updates.append(.deleteItem(p)) }
        for item in new.reloadedItemIdentifiers where stayed.contains(item) {
            updates.append(.reloadItem(oldPosition[item]!))
        }
        return updates
    }
}
