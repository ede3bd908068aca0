import XCTest
import Foundation
@testable import StackEngine

/// One random, valid batch (UIKit semantics) built together with the model it produces.
struct RandomBatch {
    var sections: [[Int]]
    var sectionIDs: [Int]
    var updates: [UpdateItem]

    private enum NewSection { case old(Int), moved(Int), inserted, reloaded(Int) }

    static func make(from sections: [[Int]], sectionIDs: [Int], nextID: inout Int, rng: inout SeededRNG) -> RandomBatch {
        var updates: [UpdateItem] = []
        let oldS = sections.count
        func fresh() -> Int { nextID += 1; return nextID }
        // Sections.
        var deleted = Set<Int>(), reloaded = Set<Int>(), moved = Set<Int>()
        for s in 0..<oldS {
            let r = Double.random(in: 0..<1, using: &rng)
            if r < 0.08 { deleted.insert(s) } else if r < 0.14 { reloaded.insert(s) } else if r < 0.22 { moved.insert(s) }
        }
        var arrangement: [NewSection] = (0..<oldS).filter { !deleted.contains($0) && !moved.contains($0) }
            .map { reloaded.contains($0) ? .reloaded($0) : .old($0) }
        var extras: [NewSection] = moved.sorted().map { .moved($0) }
        for _ in 0..<Int.random(in: 0...1, using: &rng) { extras.append(.inserted) }
        for e in extras.shuffled(using: &rng) { arrangement.insert(e, at: Int.random(in: 0...arrangement.count, using: &rng)) }
        for s in deleted { updates.append(.deleteSection(s)) }
        for s in reloaded { updates.append(.reloadSection(s)) }
        var newIDs: [Int] = []
        var liveNew: [Int] = []   // new sections that keep old items
        var oldOf: [Int: Int] = [:]
        for (n, entry) in arrangement.enumerated() {
            switch entry {
            case .old(let o): newIDs.append(sectionIDs[o]); liveNew.append(n); oldOf[n] = o
            case .moved(let o): newIDs.append(sectionIDs[o]); liveNew.append(n); oldOf[n] = o; updates.append(.moveSection(from: o, to: n))
            case .inserted: newIDs.append(fresh()); updates.append(.insertSection(n))
            case .reloaded: newIDs.append(fresh())
            }
        }
        // Items of live sections: survivors keep order, extras (moved in, inserted) land anywhere.
        var survivors: [Int: [Int]] = [:]          // new section → surviving IDs in order
        var movers: [(id: Int, from: IndexPath)] = []
        for n in liveNew {
            let o = oldOf[n]!
            var kept: [Int] = []
            for (i, id) in sections[o].enumerated() {
                let p = IndexPath(item: i, section: o)
                let r = Double.random(in: 0..<1, using: &rng)
                if r < 0.15 { updates.append(.deleteItem(p)) }
                else if r < 0.27 { movers.append((id, p)) }
                else if r < 0.35 { updates.append(.reloadItem(p)); kept.append(fresh()) }
                else { kept.append(id) }
            }
            survivors[n] = kept
        }
        var result = [[Int]](repeating: [], count: arrangement.count)
        var extrasBySection: [Int: [(id: Int, from: IndexPath?)]] = [:]
        if !liveNew.isEmpty {
            for m in movers { extrasBySection[liveNew.randomElement(using: &rng)!, default: []].append((m.id, m.from)) }
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                extrasBySection[liveNew.randomElement(using: &rng)!, default: []].append((fresh(), nil))
            }
        } else {
            for m in movers { updates.append(.deleteItem(m.from)) }
        }
        for n in liveNew {
            var list: [(id: Int, from: IndexPath?, extra: Bool)] = survivors[n]!.map { ($0, nil, false) }
            for e in extrasBySection[n] ?? [] { list.insert((e.id, e.from, true), at: Int.random(in: 0...list.count, using: &rng)) }
            for (j, e) in list.enumerated() where e.extra {
                let to = IndexPath(item: j, section: n)
                updates.append(e.from.map { .moveItem(from: $0, to: to) } ?? .insertItem(to))
            }
            result[n] = list.map(\.id)
        }
        for (n, entry) in arrangement.enumerated() {
            switch entry {
            case .inserted, .reloaded: result[n] = (0..<Int.random(in: 0...9, using: &rng)).map { _ in fresh() }
            default: break
            }
        }
        return RandomBatch(sections: result, sectionIDs: newIDs, updates: updates.shuffled(using: &rng))
    }
}

final class CollectionViewUpdateTests: XCTestCase {
    func testRandomBatchThrash() throws {
        let env = ProcessInfo.processInfo.environment["THRASH_SEED"].flatMap(UInt64.init)
        let seeds: [UInt64] = env.map { [$0] } ?? (1...12).map { UInt64($0) &* 7919 }
        for seed in seeds {
            var rng = SeededRNG(seed: seed)
            var nextID = 10_000
            let start = (0..<4).map { s in (0..<Int.random(in: 3...24, using: &rng)).map { s * 100 + $0 } }
            let layout = TestGridLayout(headerHeight: 20)
            let h = Harness(sections: start, layout: layout, size: Size(width: 200, height: 300))
            h.dataSource.sectionIDs = Array(0..<4).map { $0 + 5_000 }
            h.cv.reloadData()
            h.cv.layoutIfNeeded(at: h.clock.now)
            let other = TestGridLayout(columns: 2, itemSize: Size(width: 90, height: 40), spacing: 5, headerHeight: 20)
            for round in 0..<40 {
                let context = "seed \(seed) round \(round) (replay with THRASH_SEED=\(seed))"
                let batch = RandomBatch.make(from: h.dataSource.sections, sectionIDs: h.dataSource.sectionIDs, nextID: &nextID, rng: &rng)
                let animated = Bool.random(using: &rng)
                do {
                    try h.cv.performBatchUpdates({ u in
                        h.dataSource.sections = batch.sections
                        h.dataSource.sectionIDs = batch.sectionIDs
                        u.apply(batch.updates)
                    }, animated: animated)
                } catch {
                    XCTFail("\(context): rejected \(error) for \(batch.updates)")
                    return
                }
                h.cv.layoutIfNeeded(at: h.clock.now)
                h.assertConsistent(context + " at t=0")
                if h.delegate.unbalanced.count + (testRun?.failureCount ?? 0) > 0 { print("THRASH failing seed: \(seed)"); return }
                // Sometimes start the next batch mid-animation, sometimes scroll meanwhile.
                h.clock.advance(by: Double.random(in: 0...0.2, using: &rng))
                if Bool.random(using: &rng) {
                    h.cv.contentOffset = Point(x: 0, y: Double.random(in: 0...max(0, h.cv.contentSize.height - 300), using: &rng))
                }
                if Double.random(in: 0..<1, using: &rng) < 0.2 {
                    // Switch layouts (animated) in the middle of whatever is animating.
                    h.cv.setCollectionViewLayout(h.cv.collectionViewLayout === layout ? other : layout, animated: true)
                }
                h.cv.layoutIfNeeded(at: h.clock.now)
                h.assertConsistent(context + " mid-animation")
                if round % 3 == 0 {
                    h.clock.advance(by: 0.5)
                    h.cv.layoutIfNeeded(at: h.clock.now)
                    XCTAssertFalse(h.cv.isAnimating, context)
                    XCTAssertFalse(h.cv.displayList.contains { $0.isDisappearing }, context)
                    h.assertConsistent(context + " after the animation")
                    let expected = Set(h.cv.collectionViewLayout.layoutAttributesForElements(in: h.cv.bounds.insetBy(dx: -64, dy: -64))
                        .filter { $0.category == .cell }.map(\.indexPath))
                    XCTAssertEqual(Set(h.cv.indexPathsForVisibleItems), expected, context + ": live set after the animation")
                }
                if (testRun?.failureCount ?? 0) > 0 { print("THRASH failing seed: \(seed)"); return }
            }
        }
    }

    func testCountMismatchIsRejectedAndViewStaysConsistent() {
        let h = Harness(sections: [Array(0..<5), Array(10..<15), Array(20..<25)])
        XCTAssertThrowsError(try h.cv.performBatchUpdates({ u in
            h.dataSource.sections[2] += [99, 98]          // the model gains 2…
            u.insertItems(at: [IndexPath(item: 5, section: 2)])  // …but only 1 insert is declared
        })) { error in
            XCTAssertEqual(String(describing: error),
                           "invalid number of items in section 2: the section had 5 items before the update, the data source now reports 7, but 1 was inserted and 0 deleted")
        }
        XCTAssertEqual(h.cv.numberOfItems(inSection: 2), 7, "fell back to the data source's counts")
        h.cv.layoutIfNeeded(at: h.clock.now)
        h.assertConsistent("after rejected batch")
        XCTAssertNotNil(h.cv.cellForItem(at: IndexPath(item: 6, section: 2)))
        XCTAssertThrowsError(try h.cv.performBatchUpdates({ u in
            h.dataSource.sections.append([1])
        })) { error in
            XCTAssertTrue(String(describing: error).contains("invalid number of sections: the collection view had 3 sections before the update, the data source now reports 4"), String(describing: error))
        }
        XCTAssertThrowsError(try h.cv.performBatchUpdates({ u in u.deleteItems(at: [IndexPath(item: 9, section: 0)]) })) { error in
            XCTAssertTrue(String(describing: error).contains("delete item 9 from section 0"), String(describing: error))
        }
        h.cv.layoutIfNeeded(at: h.clock.now)
        h.assertConsistent("after rejected batches")
    }

    func testInsertAndDeleteAnimateWithDefaultsAndRecycle() throws {
        let h = Harness(sections: [Array(0..<8)])
        let deletedCell = try XCTUnwrap(h.cv.cellForItem(at: IndexPath(item: 1, section: 0)))
        let deletedFrame = deletedCell.attributes!.frame
        var completed = false
        try h.cv.performBatchUpdates({ u in
            h.dataSource.sections[0].remove(at: 1)
            h.dataSource.sections[0].insert(77, at: 5)
            u.deleteItems(at: [IndexPath(item: 1, section: 0)])
            u.insertItems(at: [IndexPath(item: 5, section: 0)])
        }, animated: true, completion: { completed = true })
        h.cv.layoutIfNeeded(at: h.clock.now)
        let inserted = try XCTUnwrap(h.cv.cellForItem(at: IndexPath(item: 5, section: 0)) as? TestCell)
        XCTAssertEqual(inserted.modelID, 77)
        XCTAssertEqual(inserted.attributes?.alpha, 0, "appears from alpha 0")
        XCTAssertEqual(inserted.attributes?.frame, h.layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame, "at its final place")
        let leaving = try XCTUnwrap(h.cv.displayList.first { $0.isDisappearing })
        XCTAssertTrue(leaving.view === deletedCell)
        XCTAssertEqual(leaving.attributes.frame, deletedFrame)
        XCTAssertEqual(leaving.attributes.alpha, 1, accuracy: 1e-9)
        // Item 2 slides from (100, 0) to item 1's place (50, 0).
        let moving = try XCTUnwrap(h.cv.cellForItem(at: IndexPath(item: 1, section: 0)))
        XCTAssertEqual(moving.attributes?.center.x, 125)
        XCTAssertEqual(h.layout.updatesSeen.last?.count, 2, "layout told about the updates")
        h.clock.advance(by: 0.15)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(moving.attributes!.center.x, 100, accuracy: 1e-9, "half-way at half time for a symmetric curve")
        XCTAssertEqual(h.cv.displayList.first { $0.isDisappearing }!.attributes.alpha, 0.5, accuracy: 1e-9)
        XCTAssertTrue(h.cv.isAnimating)
        XCTAssertFalse(completed)
        h.clock.advance(by: 0.15)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertFalse(h.cv.isAnimating)
        XCTAssertTrue(completed)
        XCTAssertFalse(h.cv.displayList.contains { $0.isDisappearing })
        XCTAssertEqual(moving.attributes?.center.x, 75)
        XCTAssertEqual(inserted.attributes?.alpha, 1)
        h.assertConsistent("after")
    }

    func testReloadedItemGetsAFreshlyConfiguredRenderer() throws {
        let h = Harness(sections: [Array(0..<8)])
        try h.cv.performBatchUpdates({ u in
            h.dataSource.sections[0][3] = 333
            u.reloadItems(at: [IndexPath(item: 3, section: 0)])
        }, animated: false)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual((h.cv.cellForItem(at: IndexPath(item: 3, section: 0)) as? TestCell)?.modelID, 333)
        h.assertConsistent("after reload")
    }
}

/// A grid whose inserted items grow out of the viewport centre and whose deleted ones shrink into it
/// (the CircleLayout recipe).
final class CentreAppearingLayout: CollectionViewLayout {
    let grid = TestGridLayout()
    private var inserted = Set<IndexPath>(), deleted = Set<IndexPath>()
    override func prepare() { grid.host = host; grid.invalidate(); grid.prepareIfNeeded() }
    override var contentSize: Size { grid.contentSize }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { grid.layoutAttributesForElements(in: rect) }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { grid.layoutAttributesForItem(at: indexPath) }
    override func prepare(forUpdates updates: [UpdateItem]) {
        for u in updates {
            if case .insertItem(let p) = u { inserted.insert(p) }
            if case .deleteItem(let p) = u { deleted.insert(p) }
        }
    }
    override func finalizeUpdates() { inserted = []; deleted = [] }
    private func centre(_ key: ElementKey) -> LayoutAttributes {
        var a = LayoutAttributes.cell(key.indexPath, frame: Rect(x: 75, y: 175, width: 50, height: 50))
        a.alpha = 0
        a.transform = AffineTransform(scaleX: 0.1, y: 0.1)
        return a
    }
    override func initialLayoutAttributesForAppearingElement(_ key: ElementKey) -> LayoutAttributes? {
        inserted.contains(key.indexPath) ? centre(key) : nil
    }
    override func finalLayoutAttributesForDisappearingElement(_ key: ElementKey) -> LayoutAttributes? {
        deleted.contains(key.indexPath) ? centre(key) : nil
    }
}

final class CollectionViewCustomUpdateAttributesTests: XCTestCase {
    func testLayoutSuppliedAppearAndDisappearAttributes() throws {
        let clock = ManualClock()
        let ds = ModelDataSource(sections: [Array(0..<6)])
        let cv = CollectionView(size: Size(width: 200, height: 400), layout: CentreAppearingLayout())
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = ds
        cv.layoutIfNeeded(at: clock.now)
        try cv.performBatchUpdates({ u in
            ds.sections[0].remove(at: 0)
            ds.sections[0].insert(50, at: 2)
            u.deleteItems(at: [IndexPath(item: 0, section: 0)])
            u.insertItems(at: [IndexPath(item: 2, section: 0)])
        })
        cv.layoutIfNeeded(at: clock.now)
        let appearing = try XCTUnwrap(cv.cellForItem(at: IndexPath(item: 2, section: 0))?.attributes)
        XCTAssertEqual(appearing.center, Point(x: 100, y: 200), "starts at the centre")
        XCTAssertEqual(appearing.transform.scale, 0.1, accuracy: 1e-9)
        clock.advance(by: 0.29)
        cv.layoutIfNeeded(at: clock.now)
        XCTAssertNotNil(cv.displayList.first { $0.isDisappearing }, "still fading just before the end")
        clock.advance(by: 0.01)
        cv.layoutIfNeeded(at: clock.now)
        XCTAssertNil(cv.displayList.first { $0.isDisappearing }, "recycled when its animation ends")
        XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 2, section: 0))?.attributes?.center, Point(x: 125, y: 25))
    }

    func testDisappearingEndsAtLayoutSuppliedAttributes() throws {
        let clock = ManualClock()
        let ds = ModelDataSource(sections: [Array(0..<6)])
        let cv = CollectionView(size: Size(width: 200, height: 400), layout: CentreAppearingLayout())
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = ds
        cv.layoutIfNeeded(at: clock.now)
        try cv.performBatchUpdates({ u in
            ds.sections[0].remove(at: 0)
            u.deleteItems(at: [IndexPath(item: 0, section: 0)])
        })
        clock.advance(by: 0.299)
        cv.layoutIfNeeded(at: clock.now)
        let leaving = try XCTUnwrap(cv.displayList.first { $0.isDisappearing })
        XCTAssertEqual(leaving.attributes.center.x, 100, accuracy: 0.1, "almost at the centre")
        XCTAssertEqual(leaving.attributes.transform.scale, 0.1, accuracy: 0.01)
    }
}
