import XCTest
import Foundation
@testable import StackEngine

final class CollectionViewReuseTests: XCTestCase {
    func testScrollingTenThousandItemsRecyclesRenderers() {
        let h = Harness(sections: [Array(0..<10_000)])
        let cv = h.cv
        let maxY = cv.contentSize.height - cv.bounds.height
        XCTAssertEqual(cv.contentSize.height, 2500 * 50)
        var maxLive = 0
        var y = 0.0
        var step = 0
        while y < maxY {
            y = min(maxY, y + 137)
            cv.contentOffset = Point(x: 0, y: y)
            cv.layoutIfNeeded(at: 0)
            maxLive = max(maxLive, cv.visibleCells.count)
            XCTAssertEqual(h.delegate.displayedCells.count, cv.visibleCells.count, "balanced at step \(step)")
            XCTAssertTrue(h.delegate.unbalanced.isEmpty)
            step += 1
            if step % 50 == 0 { h.assertConsistent("step \(step)") }
        }
        // And back up part of the way, fast.
        for _ in 0..<40 {
            y = max(0, y - 900)
            cv.contentOffset = Point(x: 0, y: y)
            cv.layoutIfNeeded(at: 0)
            maxLive = max(maxLive, cv.visibleCells.count)
        }
        h.assertConsistent("end")
        // 400-pt viewport + 64-pt margins with 50-pt rows: at most 12 rows of 4.
        XCTAssertLessThanOrEqual(maxLive, 48)
        XCTAssertLessThanOrEqual(cv.renderersCreated, maxLive + 8,
                                 "renderers made: \(cv.renderersCreated), largest live set: \(maxLive)")
        XCTAssertEqual(h.dataSource.recycledWithoutPrepare, 0, "a recycled renderer was handed out without prepareForReuse")
        XCTAssertGreaterThan(h.dataSource.cellRequests, 9_000, "every item was shown on the way down")
        XCTAssertEqual(cv.renderersCreated, cv.visibleCells.count + cv.pooledRendererCount)
    }

    func testRenderersAreToldWhenTheyEnterThePool() {
        let h = Harness(sections: [Array(0..<2_000)])
        h.cv.layoutIfNeeded(at: h.clock.now)
        let before = h.cv.visibleCells.values.compactMap { $0 as? TestCell }
        XCTAssertFalse(before.isEmpty)
        XCTAssertTrue(before.allSatisfy { !$0.isPooled })
        h.cv.contentOffset = Point(x: 0, y: 10_000)
        h.cv.layoutIfNeeded(at: h.clock.now)
        let now = h.cv.visibleCells.values.compactMap { $0 as? TestCell }
        XCTAssertTrue(now.allSatisfy { !$0.isPooled }, "a shown renderer is not marked pooled")
        // Every renderer shown before left its element: each went through the pool (and was told) whether it
        // waits there now or shows another element.
        XCTAssertTrue(before.allSatisfy { $0.poolEntries == 1 }, "\(before.map(\.poolEntries))")
    }

    func testInvalidationsPrepareOnceBeforeNextFrame() {
        let h = Harness(sections: [Array(0..<20)])
        let before = h.layout.prepareCount
        for _ in 0..<5 { h.cv.invalidateLayout() }
        XCTAssertEqual(h.layout.prepareCount, before, "invalidate returns without preparing")
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.layout.prepareCount, before + 1)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.layout.prepareCount, before + 1)
    }

    func testBoundsChangesConsultTheLayout() {
        let h = Harness(sections: [Array(0..<200)])
        let p0 = h.layout.prepareCount
        h.cv.contentOffset = Point(x: 0, y: 100)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.layout.prepareCount, p0, "a pure scroll keeps the default layout")
        h.cv.size = Size(width: 300, height: 400)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.layout.prepareCount, p0 + 1, "a size change re-prepares")
        h.layout.alwaysInvalidateOnScroll = true
        h.cv.contentOffset = Point(x: 0, y: 150)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.layout.prepareCount, p0 + 2, "a layout asking for it is re-prepared on scroll")
        h.assertConsistent("after")
    }

    func testSupplementaryAndDecorationViews() {
        let layout = TestGridLayout(headerHeight: 30)
        layout.decorationKind = "emblem"
        layout.registerDecoration(TestDecoration.self, forKind: "emblem")
        let h = Harness(sections: [Array(0..<20), Array(20..<40), Array(40..<80)], layout: layout)
        let kinds = h.cv.displayList.map(\.key.category)
        XCTAssertEqual(kinds.filter { $0 == .supplementary }.count, 2)
        XCTAssertTrue(kinds.contains(.decoration), "decoration made from the layout's registration (within the margin above)")
        h.assertConsistent("headers")
        h.cv.contentOffset = Point(x: 0, y: 690)   // the end of the content
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.cv.contentOffset.y, 690)
        XCTAssertFalse(h.cv.displayList.contains { $0.key.category == .decoration }, "decoration recycled when far away")
        XCTAssertTrue(h.delegate.displayedSupplementary.isEmpty)
    }

    func testReloadDataRecyclesEverythingAndRereadsCounts() {
        let h = Harness(sections: [Array(0..<10)])
        h.dataSource.sections = [Array(100..<103), Array(200..<205)]
        h.dataSource.sectionIDs = [0, 1]
        h.cv.reloadData()
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.cv.numberOfSections, 2)
        XCTAssertEqual(h.cv.numberOfItems(inSection: 1), 5)
        XCTAssertEqual(h.cv.visibleCells.count, 8)
        h.assertConsistent("after reload")
    }

    func testTemplateCellsLoadFromJSON() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmpl-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("cell.json")
        try Data("""
        { "background": [0.2, 0.4, 0.8, 1], "cornerRadius": 6, "borderWidth": 1, "borderColor": [1, 1, 1, 1],
          "label": { "format": "{section}.{item}", "fontSize": 14, "textColor": [1, 1, 1, 1] } }
        """.utf8).write(to: good)
        let template = try CellTemplate.load(from: good)
        XCTAssertEqual(template.cornerRadius, 6)
        XCTAssertEqual(template.label?.fontSize, 14)

        final class DS: CollectionViewDataSource {
            func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
            func collectionView(_ cv: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableView {
                cv.dequeueReusableCell(withReuseIdentifier: "t", for: indexPath)
            }
        }
        let ds = DS()
        let cv = CollectionView(size: Size(width: 200, height: 200), layout: TestGridLayout())
        cv.register(template: template, forCellWithReuseIdentifier: "t")
        cv.dataSource = ds
        cv.layoutIfNeeded(at: 0)
        let cell = try XCTUnwrap(cv.cellForItem(at: IndexPath(item: 5, section: 0)) as? TemplateCellView)
        XCTAssertEqual(cell.template, template)
        XCTAssertEqual(cell.labelText, "0.5")

        let badColour = dir.appendingPathComponent("bad.json")
        try Data(#"{ "background": [2, 0, 0] }"#.utf8).write(to: badColour)
        XCTAssertThrowsError(try CellTemplate.load(from: badColour)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("bad.json") && text.contains("background"), text)
        }
        let wrongType = dir.appendingPathComponent("type.json")
        try Data(#"{ "cornerRadius": "round" }"#.utf8).write(to: wrongType)
        XCTAssertThrowsError(try CellTemplate.load(from: wrongType)) { error in
            XCTAssertTrue(String(describing: error).contains("cornerRadius"), String(describing: error))
        }
        XCTAssertThrowsError(try CellTemplate.load(fromPath: dir.appendingPathComponent("missing.json").path)) { error in
            XCTAssertTrue(String(describing: error).contains("cannot read cell template"), String(describing: error))
        }
        let garbage = dir.appendingPathComponent("garbage.json")
        try Data("{ not json".utf8).write(to: garbage)
        XCTAssertThrowsError(try CellTemplate.load(from: garbage)) { error in
            XCTAssertTrue(String(describing: error).contains("not valid JSON"), String(describing: error))
        }
    }

    func testSelectionSingleAndMultiple() {
        let h = Harness(sections: [Array(0..<20)])
        let cv = h.cv
        XCTAssertEqual(cv.handleTap(at: Point(x: 60, y: 10)), IndexPath(item: 1, section: 0))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [IndexPath(item: 1, section: 0)])
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 1, section: 0))!.isSelected)
        cv.handleTap(at: Point(x: 10, y: 60))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [IndexPath(item: 4, section: 0)])
        XCTAssertFalse(cv.cellForItem(at: IndexPath(item: 1, section: 0))!.isSelected)
        XCTAssertEqual(h.delegate.deselected, [IndexPath(item: 1, section: 0)])
        cv.allowsMultipleSelection = true
        cv.handleTap(at: Point(x: 10, y: 10))
        XCTAssertEqual(Set(cv.indexPathsForSelectedItems), [IndexPath(item: 4, section: 0), IndexPath(item: 0, section: 0)])
        cv.handleTap(at: Point(x: 10, y: 10))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [IndexPath(item: 4, section: 0)], "tapping a selected item toggles it off")
        cv.selectItem(at: IndexPath(item: 7, section: 0))
        try? cv.performBatchUpdates({ u in
            h.dataSource.sections[0].remove(at: 0)
            u.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }, animated: false)
        XCTAssertEqual(Set(cv.indexPathsForSelectedItems), [IndexPath(item: 3, section: 0), IndexPath(item: 6, section: 0)],
                       "selection follows the items")
        cv.layoutIfNeeded(at: 0)
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 6, section: 0))!.isSelected)
        XCTAssertFalse(cv.cellForItem(at: IndexPath(item: 7, section: 0))!.isSelected)
    }
}
