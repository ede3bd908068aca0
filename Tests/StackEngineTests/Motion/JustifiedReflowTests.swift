import XCTest
@testable import StackEngine

/// Issue 32 (whole photos) in a collection view: a zoom step (a new target row height) and a resize reflow the
/// justified rows with the photo under the pointer kept at the pointer's height, all the way; aspect ratios that
/// arrive after the first layout reflow the rows with an animation.
final class JustifiedReflowTests: XCTestCase {
    private func collectionView(_ layout: JustifiedLayout, items: Int, offset: Double) -> (CollectionView, ModelDataSource) {
        let ds = ModelDataSource(sections: [Array(0..<items)])
        let cv = CollectionView(size: Size(width: 1920, height: 1080), layout: layout)
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = ds
        cv.layoutIfNeeded(at: 0)
        cv.contentOffset = Point(x: 0, y: offset)
        cv.layoutIfNeeded(at: 0)
        return (cv, ds)
    }

    private func justified(_ table: RatioTable) -> JustifiedLayout {
        let layout = JustifiedLayout(targetRowHeight: 200, spacing: 22, inset: EdgeInsets(top: 64, left: 28, bottom: 28, right: 28))
        layout.aspectRatios = table
        return layout
    }

    /// Runs frames every 1/240 s from `start` to `end`; at `stepTime` keeps the cell under `pointer` there through
    /// `change`. Returns the anchored point's worst and last vertical distance from the pointer, points.
    private func run(_ cv: CollectionView, pointer: Point, from start: Double, to end: Double,
                     steps: [(time: Double, change: () -> Void)]) throws -> (worst: Double, last: Double, cell: IndexPath) {
        let cell = try XCTUnwrap(cv.anchorCell(near: pointer))
        let f = try XCTUnwrap(cv.presentedAttributes(for: .cell(cell))?.frame)
        let content = cv.contentPoint(fromViewport: pointer)
        let uy = (content.y - f.minY) / f.height
        var pending = steps
        var worst = 0.0, last = 0.0
        var k = 0
        while true {
            let t = start + Double(k) / 240
            guard t <= end else { break }
            while let s = pending.first, s.time <= t {
                pending.removeFirst()
                cv.zoomLayout(keeping: cell, under: pointer, at: t, change: s.change)
            }
            cv.layoutIfNeeded(at: t)
            let g = try XCTUnwrap(cv.presentedAttributes(for: .cell(cell))?.frame, "the anchor stays live")
            last = abs(g.minY + uy * g.height - cv.contentOffset.y - pointer.y)
            worst = max(worst, last)
            k += 1
        }
        XCTAssertFalse(cv.isAnimating, "settled")
        return (worst, last, cell)
    }

    func testAZoomStepKeepsThePhotoUnderThePointer() throws {
        let table = RatioTable.random(counts: [2000], seed: 21)
        let layout = justified(table)
        let (cv, _) = collectionView(layout, items: 2000, offset: 9000)
        let pointer = Point(x: 700, y: 450)
        let r = try run(cv, pointer: pointer, from: 1, to: 3,
                        steps: [(1, { layout.targetRowHeight = 260 }), (1.12, { layout.targetRowHeight = 330 }),
                                (2, { layout.targetRowHeight = 150 })])
        XCTAssertLessThanOrEqual(r.last, 1)
        XCTAssertLessThanOrEqual(r.worst, 1)
        XCTAssertEqual(layout.targetRowHeight, 150)
        XCTAssertEqual(layout.rows(inSection: 0).last!.height, 150)
    }

    /// A resize (1920 → 1100 wide) with the photo at the top left of the window kept at its height.
    func testAResizeKeepsTheAnchorPhotoAtItsHeight() throws {
        let table = RatioTable.random(counts: [2000], seed: 22)
        let layout = justified(table)
        let (cv, _) = collectionView(layout, items: 2000, offset: 12000)
        let pointer = Point(x: 40, y: 30)
        let r = try run(cv, pointer: pointer, from: 1, to: 2.5,
                        steps: [(1, { cv.size = Size(width: 1100, height: 1000) }), (1.1, { cv.size = Size(width: 1500, height: 900) })])
        XCTAssertLessThanOrEqual(r.last, 1)
        XCTAssertLessThanOrEqual(r.worst, 1)
        let f = try XCTUnwrap(layout.frameForItem(at: r.cell))
        XCTAssertEqual(layout.contentSize.width, 1500)
        XCTAssertLessThanOrEqual(f.maxX, 1500 - 28 + 1e-9)
    }

    /// Ratios unknown at the first layout (squares), then known: one call reflows the rows with an animation that
    /// starts at the collection view's time and ends at the new ratios; a second call with nothing new does nothing.
    func testArrivingAspectRatiosReflowAnimated() throws {
        let table = RatioTable()
        let layout = justified(table)
        let (cv, _) = collectionView(layout, items: 60, offset: 0)
        let first = IndexPath(item: 0, section: 0)
        XCTAssertEqual(try XCTUnwrap(cv.presentedAttributes(for: .cell(first))).frame.width,
                       try XCTUnwrap(cv.presentedAttributes(for: .cell(first))).frame.height, accuracy: 1e-9)
        XCTAssertFalse(layout.aspectRatiosDidChange(), "nothing new")
        for i in 0..<60 { table.ratios[IndexPath(item: i, section: 0)] = i % 3 == 0 ? 0.667 : 1.5 }
        XCTAssertTrue(layout.hasNewAspectRatios)
        XCTAssertFalse(layout.needsPrepare, "asking invalidates nothing (a zoom step can read the anchor's frame first)")
        cv.layoutIfNeeded(at: 1)
        XCTAssertTrue(layout.aspectRatiosDidChange())
        _ = cv.contentSize   // a query before the next frame (the scroll indicators' drawing) does not skip the animation
        cv.layoutIfNeeded(at: 1.05)
        XCTAssertTrue(cv.elementsAreAnimating, "animated")
        let mid = try XCTUnwrap(cv.presentedAttributes(for: .cell(first))).frame
        XCTAssertNotEqual(mid.width / mid.height, 0.667, accuracy: 0.01, "on its way")
        for k in 0..<240 { cv.layoutIfNeeded(at: 1.05 + Double(k) / 120) }
        XCTAssertFalse(cv.elementsAreAnimating)
        let end = try XCTUnwrap(cv.presentedAttributes(for: .cell(first))).frame
        XCTAssertEqual(end.width / end.height, 0.667, accuracy: 1e-6)
        XCTAssertFalse(layout.aspectRatiosDidChange(), "nothing new")
    }
}
