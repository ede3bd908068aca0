import XCTest
import Foundation
@testable import StackEngine

final class DiffSnapshotTests: XCTestCase {
    typealias Snap = CollectionSnapshot<Int, Int>

    /// Applies UIKit-semantics changes to `before`, taking inserted content from `after`.
    static func applyChanges(_ changes: [UpdateItem], to before: Snap, after: Snap) -> [[Int]] {
        var deletedS = Set<Int>(), reloadedS = Set<Int>(), movedS: [Int: Int] = [:], insertedS = Set<Int>()
        var deletes = Set<IndexPath>(), moves: [IndexPath: IndexPath] = [:], inserts = Set<IndexPath>()
        for c in changes {
            switch c {
            case .deleteSection(let s): deletedS.insert(s)
            case .insertSection(let s): insertedS.insert(s)
            case .reloadSection(let s): reloadedS.insert(s)
            case let .moveSection(f, t): movedS[f] = t
            case .deleteItem(let p): deletes.insert(p)
            case .insertItem(let p): inserts.insert(p)
            case let .moveItem(f, t): moves[f] = t
            case .reloadItem: break
            }
        }
        let old = before.sectionIdentifiers.map { before.itemIdentifiers(inSection: $0) }
        // Sections: remove deleted and moved, then place moved and inserted ones in ascending order.
        var list: [(old: Int?, items: [Int])] = old.indices.filter { !deletedS.contains($0) && movedS[$0] == nil }.map { ($0, old[$0]) }
        var placements: [(Int, Int?)] = insertedS.map { ($0, nil) } + movedS.map { ($1, $0) }
        placements.sort { $0.0 < $1.0 }
        for (to, from) in placements { list.insert((from, from.map { old[$0] } ?? after.itemIdentifiers(inSection: after.sectionIdentifiers[to])), at: to) }
        // Items.
        var movedItems: [IndexPath: Int] = [:]
        for (f, t) in moves { movedItems[t] = old[f.section][f.item] }
        for n in list.indices {
            guard let o = list[n].old else { continue }
            if reloadedS.contains(o) { list[n].items = after.itemIdentifiers(inSection: after.sectionIdentifiers[n]); continue }
            var items = old[o].indices.filter { !deletes.contains(IndexPath(item: $0, section: o)) && moves[IndexPath(item: $0, section: o)] == nil }.map { old[o][$0] }
            let targets = (inserts.filter { $0.section == n }.map(\.item) + movedItems.keys.filter { $0.section == n }.map(\.item)).sorted()
            for i in targets {
                let p = IndexPath(item: i, section: n)
                items.insert(movedItems[p] ?? after.itemIdentifier(at: p)!, at: i)
            }
            list[n].items = items
        }
        return list.map(\.items)
    }

    static func randomSnapshot(rng: inout SeededRNG, sectionPool: [Int], itemPool: [Int]) -> Snap {
        var snap = Snap()
        let sections = Array(sectionPool.shuffled(using: &rng).prefix(Int.random(in: 0...sectionPool.count, using: &rng)))
        snap.appendSections(sections)
        guard !sections.isEmpty else { return snap }
        for item in itemPool.shuffled(using: &rng) where Double.random(in: 0..<1, using: &rng) < 0.7 {
            snap.appendItems([item], toSection: sections.randomElement(using: &rng)!)
        }
        return snap
    }

    func testRandomSnapshotDiffsRebuildTheTarget() {
        var rng = SeededRNG(seed: ProcessInfo.processInfo.environment["DIFF_SEED"].flatMap(UInt64.init) ?? 42)
        for round in 0..<400 {
            let before = Self.randomSnapshot(rng: &rng, sectionPool: Array(0..<6), itemPool: Array(100..<140))
            var after = Self.randomSnapshot(rng: &rng, sectionPool: Array(0..<6), itemPool: Array(100..<140))
            if round % 4 == 0 {
                after.reloadSections(Array(after.sectionIdentifiers.prefix(1)))
                after.reloadItems(Array(after.itemIdentifiers.prefix(3)))
            }
            let changes = SnapshotDiff.changes(from: before, to: after)
            let rebuilt = Self.applyChanges(changes, to: before, after: after)
            let expected = after.sectionIdentifiers.map { after.itemIdentifiers(inSection: $0) }
            XCTAssertEqual(rebuilt, expected, "round \(round): \(changes)")
            // The changes also pass the collection view's own validation.
            let oldCounts = before.sectionIdentifiers.map { before.numberOfItems(inSection: $0) }
            let newCounts = after.sectionIdentifiers.map { after.numberOfItems(inSection: $0) }
            XCTAssertNoThrow(try UpdateMapping(oldCounts: oldCounts, newCounts: newCounts, updates: changes), "round \(round)")
            if (testRun?.failureCount ?? 0) > 0 { return }
        }
    }

    func testHeckelDiffReportsFewMovesAndRebuilds() {
        let d = HeckelDiff.diff(old: Array("ABCDE"), new: Array("EABCD"))
        XCTAssertEqual(d.moves, [ArrayDiff.Move(from: 4, to: 0)], "moving the last to the front is one move")
        XCTAssertEqual(d.deletes, [])
        var rng = SeededRNG(seed: 7)
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...20, using: &rng)).map { _ in Int.random(in: 0..<12, using: &rng) }
            let new = (0..<Int.random(in: 0...20, using: &rng)).map { _ in Int.random(in: 0..<12, using: &rng) }
            let diff = HeckelDiff.diff(old: old, new: new)
            // Rebuild: survivors in order, then inserts and move destinations ascending.
            let gone = Set(diff.deletes).union(diff.moves.map(\.from))
            var out = old.indices.filter { !gone.contains($0) }.map { old[$0] }
            var placed: [Int: Int] = [:]
            for i in diff.inserts { placed[i] = new[i] }
            for m in diff.moves { placed[m.to] = old[m.from] }
            for i in placed.keys.sorted() { out.insert(placed[i]!, at: i) }
            XCTAssertEqual(out, new, "old \(old) new \(new)")
            for m in diff.matches { XCTAssertEqual(old[m.from], new[m.to]) }
        }
    }

    func testDiffableDataSourceDrivesTheCollectionView() {
        let clock = ManualClock()
        let cv = CollectionView(size: Size(width: 200, height: 300), layout: TestGridLayout(headerHeight: 20))
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        let ds = DiffableDataSource<Int, Int>(collectionView: cv) { cv, indexPath, item in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! TestCell
            cell.modelID = item
            return cell
        }
        // Two applies before the first frame: the second is still a valid update.
        var first = Snap()
        first.appendSections([0])
        first.appendItems([1, 2, 3])
        ds.apply(first)
        var second = first
        second.appendItems([4, 5])
        second.deleteItems([1])
        ds.apply(second)
        XCTAssertNil(ds.lastApplyError)
        cv.layoutIfNeeded(at: clock.now)
        XCTAssertEqual(cv.visibleCells.mapValues { ($0 as! TestCell).modelID! }, [IndexPath(item: 0, section: 0): 2, IndexPath(item: 1, section: 0): 3, IndexPath(item: 2, section: 0): 4, IndexPath(item: 3, section: 0): 5])
        var rng = SeededRNG(seed: 99)
        for round in 0..<60 {
            var snap = Self.randomSnapshot(rng: &rng, sectionPool: Array(0..<4), itemPool: Array(0..<30))
            if round % 3 == 0 {
                snap.reloadSections(Array(snap.sectionIdentifiers.shuffled(using: &rng).prefix(1)))
                snap.reloadItems(Array(snap.itemIdentifiers.shuffled(using: &rng).prefix(4)))
            }
            ds.apply(snap, animated: Bool.random(using: &rng))
            XCTAssertNil(ds.lastApplyError, "round \(round)")
            if round % 5 != 4 { cv.layoutIfNeeded(at: clock.now) }  // sometimes two applies between frames
            clock.advance(by: Double.random(in: 0...0.4, using: &rng))
            cv.layoutIfNeeded(at: clock.now)
            for (p, view) in cv.visibleCells {
                XCTAssertEqual(view.itemIdentity, AnyHashable(snap.itemIdentifier(at: p)!), "round \(round) at \(p)")
                XCTAssertEqual((view as! TestCell).modelID, snap.itemIdentifier(at: p), "round \(round) at \(p)")
                XCTAssertEqual(ds.indexPath(for: (view as! TestCell).modelID!), p)
            }
            XCTAssertEqual(cv.numberOfSections, snap.numberOfSections)
            if let item = snap.itemIdentifiers.first, let p = ds.indexPath(for: item), cv.cellForItem(at: p) != nil {
                XCTAssertTrue(cv.cell(forItemIdentity: AnyHashable(item)) === cv.cellForItem(at: p))
            }
        }
    }

    func testSnapshotEditing() {
        var s = Snap()
        s.appendSections([1, 2])
        s.appendItems([10, 11, 12], toSection: 1)
        s.appendItems([20])
        s.insertItems([9], beforeItem: 10)
        s.moveItem(12, beforeItem: 20)
        XCTAssertEqual(s.itemIdentifiers(inSection: 1), [9, 10, 11])
        XCTAssertEqual(s.itemIdentifiers(inSection: 2), [12, 20])
        XCTAssertEqual(s.indexPath(for: 12), IndexPath(item: 0, section: 1))
        XCTAssertEqual(s.sectionIdentifier(containingItem: 12), 2)
        s.deleteSections([1])
        XCTAssertEqual(s.numberOfItems, 2)
        XCTAssertNil(s.indexPath(for: 10))
        XCTAssertEqual(s.indexOfSection(2), 0)
    }
}

final class DiffableReloadTests: XCTestCase {
    func testReloadedItemIsConfiguredAgainAndMovedOnesAreNot() {
        let cv = CollectionView(size: Size(width: 200, height: 300), layout: TestGridLayout())
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        var configured: [Int] = []
        let ds = DiffableDataSource<String, Int>(collectionView: cv) { cv, indexPath, item in
            configured.append(item)
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! TestCell
            cell.modelID = item
            return cell
        }
        var snap = CollectionSnapshot<String, Int>()
        snap.appendSections(["a"])
        snap.appendItems([1, 2, 3, 4])
        ds.apply(snap)
        cv.layoutIfNeeded(at: 0)
        configured.removeAll()
        let cellFor4 = cv.cell(forItemIdentity: AnyHashable(4))
        snap.moveItem(4, beforeItem: 1)
        snap.reloadItems([2])
        ds.apply(snap, animated: false)
        cv.layoutIfNeeded(at: 0)
        XCTAssertEqual(configured, [2], "only the reloaded item is configured again")
        XCTAssertTrue(cv.cell(forItemIdentity: AnyHashable(4)) === cellFor4, "a moved item keeps its renderer")
        XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 0, section: 0))?.itemIdentity, AnyHashable(4))
        XCTAssertEqual(ds.snapshot().reloadedItemIdentifiers, [], "reload marks are not kept")
    }
}
