/// What happens to one element in an update: it stays (possibly under a new key), is replaced by a
/// freshly configured renderer (reload), or goes away.
enum ElementFate: Equatable {
    case keep(ElementKey)
    case reload(ElementKey)
    case remove
}

/// The old → new index mapping of a batch update, validated against the data source's new counts.
struct UpdateMapping {
    let oldCounts: [Int]
    let newCounts: [Int]
    private(set) var sectionOldToNew: [Int?]
    private(set) var sectionNewToOld: [Int?]
    private(set) var reloadedOldSections = Set<Int>()
    /// Per old section, the new index path of each old item (nil: deleted, or its section deleted/reloaded).
    private(set) var itemOldToNew: [[IndexPath?]]
    /// Per new section, the old index path of each new item (nil: inserted).
    private(set) var itemNewToOld: [[IndexPath?]]
    private(set) var reloadedOldItems = Set<IndexPath>()

    init(oldCounts: [Int], newCounts: [Int], updates: [UpdateItem]) throws {
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        let oldS = oldCounts.count, newS = newCounts.count
        var deletedS = Set<Int>(), insertedS = Set<Int>(), movesS: [Int: Int] = [:], movedToS = Set<Int>()
        var deletes = Set<IndexPath>(), inserts = Set<IndexPath>(), reloads = Set<IndexPath>()
        var movesFrom: [IndexPath: IndexPath] = [:], movedTo = Set<IndexPath>()

        func fail(_ m: String) -> BatchUpdateError { BatchUpdateError("invalid batch update: " + m) }
        for u in updates {
            switch u {
            case .deleteSection(let s):
                guard s >= 0 && s < oldS else { throw fail("attempt to delete section \(s), but there are only \(oldS) sections before the update") }
                guard deletedS.insert(s).inserted, movesS[s] == nil else { throw fail("section \(s) deleted or moved twice") }
            case .insertSection(let s):
                guard s >= 0 && s < newS else { throw fail("attempt to insert section \(s), but there are only \(newS) sections after the update") }
                guard insertedS.insert(s).inserted, !movedToS.contains(s) else { throw fail("section \(s) inserted twice") }
            case .reloadSection(let s):
                guard s >= 0 && s < oldS else { throw fail("attempt to reload section \(s), but there are only \(oldS) sections before the update") }
                reloadedOldSections.insert(s)
            case let .moveSection(from, to):
                guard from >= 0 && from < oldS, to >= 0 && to < newS else { throw fail("attempt to move section \(from) to \(to) with \(oldS) sections before and \(newS) after the update") }
                guard !deletedS.contains(from), movesS[from] == nil, !insertedS.contains(to), movedToS.insert(to).inserted else { throw fail("section move \(from) → \(to) conflicts with another change") }
                movesS[from] = to
            case .deleteItem(let p):
                guard p.section >= 0 && p.section < oldS, p.item >= 0 && p.item < oldCounts[p.section] else { throw fail("attempt to delete item \(p.item) from section \(p.section), which only contains \(p.section < oldS && p.section >= 0 ? oldCounts[p.section] : 0) items before the update") }
                guard deletes.insert(p).inserted, movesFrom[p] == nil else { throw fail("item \(p) deleted or moved twice") }
            case .insertItem(let p):
                guard p.section >= 0 && p.section < newS, p.item >= 0 && p.item < newCounts[p.section] else { throw fail("attempt to insert item \(p.item) into section \(p.section), which only contains \(p.section < newS && p.section >= 0 ? newCounts[p.section] : 0) items after the update") }
                guard inserts.insert(p).inserted, !movedTo.contains(p) else { throw fail("item \(p) inserted twice") }
            case .reloadItem(let p):
                guard p.section >= 0 && p.section < oldS, p.item >= 0 && p.item < oldCounts[p.section] else { throw fail("attempt to reload item \(p), which does not exist before the update") }
                reloads.insert(p)
            case let .moveItem(from, to):
                guard from.section >= 0 && from.section < oldS, from.item >= 0 && from.item < oldCounts[from.section] else { throw fail("attempt to move item \(from), which does not exist before the update") }
                guard to.section >= 0 && to.section < newS, to.item >= 0 && to.item < newCounts[to.section] else { throw fail("attempt to move item to \(to), which does not exist after the update") }
                guard !deletes.contains(from), movesFrom[from] == nil, !inserts.contains(to), movedTo.insert(to).inserted else { throw fail("item move \(from) → \(to) conflicts with another change") }
                movesFrom[from] = to
            }
        }
        // Sections.
        let expectedS = oldS - deletedS.count + insertedS.count
        guard expectedS == newS else {
            throw BatchUpdateError("invalid number of sections: the collection view had \(oldS) sections before the update, the data source now reports \(newS), but \(insertedS.count) \(insertedS.count == 1 ? "was" : "were") inserted and \(deletedS.count) deleted")
        }
        var o2n = [Int?](repeating: nil, count: oldS), n2o = [Int?](repeating: nil, count: newS)
        for (from, to) in movesS { o2n[from] = to; n2o[to] = from }
        var survivors = (0..<oldS).filter { !deletedS.contains($0) && movesS[$0] == nil }.makeIterator()
        for s in 0..<newS where !insertedS.contains(s) && !movedToS.contains(s) {
            let o = survivors.next()!
            o2n[o] = s; n2o[s] = o
        }
        sectionOldToNew = o2n
        sectionNewToOld = n2o
        for s in reloadedOldSections where deletedS.contains(s) { throw fail("section \(s) both deleted and reloaded") }

        // Items must not be changed inside deleted/reloaded old sections or inserted/reloaded new sections.
        let rel = reloadedOldSections
        func oldSectionGone(_ s: Int) -> Bool { deletedS.contains(s) || rel.contains(s) }
        func newSectionFresh(_ s: Int) -> Bool { guard let o = n2o[s] else { return true }; return rel.contains(o) }
        for p in deletes where deletedS.contains(p.section) { throw fail("attempt to delete item \(p) in section \(p.section), which is deleted too") }
        for (from, _) in movesFrom where oldSectionGone(from.section) { throw fail("attempt to move item \(from) out of a deleted or reloaded section") }
        for (_, to) in movesFrom where newSectionFresh(to.section) { throw fail("attempt to move an item into \(to), a section that is inserted or reloaded") }

        // Items, section by section of the new state.
        var oldToNew = oldCounts.map { [IndexPath?](repeating: nil, count: $0) }
        var newToOld = newCounts.map { [IndexPath?](repeating: nil, count: $0) }
        for (from, to) in movesFrom { oldToNew[from.section][from.item] = to; newToOld[to.section][to.item] = from }
        var deletedBy = [Int: Int](), insertedBy = [Int: Int](), movedOutBy = [Int: Int](), movedInBy = [Int: Int]()
        for p in deletes { deletedBy[p.section, default: 0] += 1 }
        for p in inserts { insertedBy[p.section, default: 0] += 1 }
        for (from, to) in movesFrom { movedOutBy[from.section, default: 0] += 1; movedInBy[to.section, default: 0] += 1 }
        for s in 0..<newS {
            guard let o = n2o[s], !rel.contains(o) else { continue }
            let kept = (0..<oldCounts[o]).filter { !deletes.contains(IndexPath(item: $0, section: o)) && movesFrom[IndexPath(item: $0, section: o)] == nil }
            let reserved = (insertedBy[s] ?? 0) + (movedInBy[s] ?? 0)
            guard kept.count + reserved == newCounts[s] else {
                let ins = insertedBy[s] ?? 0, del = deletedBy[o] ?? 0
                var m = "invalid number of items in section \(s): the section had \(oldCounts[o]) items before the update, the data source now reports \(newCounts[s]), but \(ins) \(ins == 1 ? "was" : "were") inserted and \(del) deleted"
                let mi = movedInBy[s] ?? 0, mo = movedOutBy[o] ?? 0
                if mi + mo > 0 { m += " (\(mi) moved in, \(mo) moved out)" }
                throw BatchUpdateError(m)
            }
            var it = kept.makeIterator()
            for i in 0..<newCounts[s] {
                let p = IndexPath(item: i, section: s)
                if inserts.contains(p) || movedTo.contains(p) { continue }
                let old = IndexPath(item: it.next()!, section: o)
                oldToNew[o][old.item] = p
                newToOld[s][i] = old
            }
        }
        itemOldToNew = oldToNew
        itemNewToOld = newToOld
        reloadedOldItems = reloads.filter { !oldSectionGone($0.section) }
    }

    /// The new index path of an old item, nil when it is deleted (or its section is deleted or reloaded).
    func newIndexPath(forOld p: IndexPath) -> IndexPath? {
        guard p.section >= 0, p.section < itemOldToNew.count, p.item >= 0, p.item < itemOldToNew[p.section].count else { return nil }
        return itemOldToNew[p.section][p.item]
    }

    /// The old index path of a new item, nil when it is inserted.
    func oldIndexPath(forNew p: IndexPath) -> IndexPath? {
        guard p.section >= 0, p.section < itemNewToOld.count, p.item >= 0, p.item < itemNewToOld[p.section].count else { return nil }
        return itemNewToOld[p.section][p.item]
    }

    /// What happens to an element that was shown under `key` before the update.
    func fate(of key: ElementKey) -> ElementFate {
        switch key.category {
        case .cell:
            guard let p = newIndexPath(forOld: key.indexPath) else { return .remove }
            return reloadedOldItems.contains(key.indexPath) ? .reload(.cell(p)) : .keep(.cell(p))
        case .supplementary:
            let s = key.indexPath.section
            guard s >= 0, s < sectionOldToNew.count, let n = sectionOldToNew[s] else { return .remove }
            var k = key
            k.indexPath.section = n
            return reloadedOldSections.contains(s) ? .reload(k) : .keep(k)
        case .decoration:
            return .keep(key)
        }
    }

    /// The key an element now shown under `key` had before the update, nil when it is new.
    func oldKey(forNew key: ElementKey) -> ElementKey? {
        switch key.category {
        case .cell:
            return oldIndexPath(forNew: key.indexPath).map { .cell($0) }
        case .supplementary:
            let s = key.indexPath.section
            guard s >= 0, s < sectionNewToOld.count, let o = sectionNewToOld[s], !reloadedOldSections.contains(o) else { return nil }
            var k = key
            k.indexPath.section = o
            return k
        case .decoration:
            return key
        }
    }
}
