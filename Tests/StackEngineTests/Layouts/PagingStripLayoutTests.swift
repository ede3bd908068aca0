import XCTest
@testable import StackEngine

final class PagingStripLayoutTests: XCTestCase {
    private func make(offset: Double = 0) -> (PagingStripLayout, FakeLayoutHost) {
        let host = FakeLayoutHost(bounds: Rect(x: offset, y: 0, width: 500, height: 120), counts: [23])
        return (PagingStripLayout().installed(in: host), host)
    }

    func testPagesAndCells() {
        let (layout, _) = make()
        XCTAssertEqual(layout.pageCount, 5)
        XCTAssertEqual(layout.cellWidth, 100)
        XCTAssertEqual(layout.contentSize, Size(width: 2500, height: 120))
        XCTAssertEqual(layout.pageRect(1), Rect(x: 500, y: 0, width: 500, height: 120))
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 7, section: 0))?.frame, Rect(x: 700, y: 10, width: 100, height: 100))
        XCTAssertNil(layout.layoutAttributesForItem(at: IndexPath(item: 23, section: 0)))
        let page1 = layout.layoutAttributesForElements(in: layout.pageRect(1))
        XCTAssertEqual(page1.map(\.indexPath.item), [5, 6, 7, 8, 9])
        let last = layout.layoutAttributesForElements(in: layout.pageRect(4))
        XCTAssertEqual(last.map(\.indexPath.item), [20, 21, 22])
    }

    func testIndicatorsFollowTheOffset() {
        let (layout, _) = make()
        typealias I = PagingStripLayout.Indicators
        XCTAssertEqual(layout.indicators(forContentOffset: Point(x: 0, y: 0)), I(showsLeft: false, showsRight: true))
        XCTAssertEqual(layout.indicators(forContentOffset: Point(x: 250, y: 0)), I(showsLeft: true, showsRight: true))
        XCTAssertEqual(layout.indicators(forContentOffset: Point(x: 1999, y: 0)), I(showsLeft: true, showsRight: true))
        XCTAssertEqual(layout.indicators(forContentOffset: Point(x: 2000, y: 0)), I(showsLeft: true, showsRight: false))
        XCTAssertEqual(layout.indicators(forContentOffset: Point(x: -30, y: 0)), I(showsLeft: false, showsRight: true), "rubber band at the start")
    }

    func testSinglePageShowsNoIndicators() {
        let host = FakeLayoutHost(width: 500, height: 120, counts: [4])
        let layout = PagingStripLayout().installed(in: host)
        XCTAssertEqual(layout.indicators(forContentOffset: .zero), PagingStripLayout.Indicators(showsLeft: false, showsRight: false))
    }

    func testSnapsToPageBoundariesOnePageAtATime() {
        let (layout, _) = make(offset: 500)
        func target(_ x: Double, _ v: Double = 0) -> Double { layout.targetContentOffset(forProposed: Point(x: x, y: 0), velocity: Point(x: v, y: 0)).x }
        XCTAssertEqual(target(740), 500)
        XCTAssertEqual(target(760), 1000)
        XCTAssertEqual(target(2400, 3000), 1000, "at most one page per fling")
        XCTAssertEqual(target(520, 500), 1000, "a fast fling moves on")
        XCTAssertEqual(target(520, -500), 0)
        let (first, _) = make()
        XCTAssertEqual(first.targetContentOffset(forProposed: Point(x: -80, y: 0), velocity: Point(x: -900, y: 0)).x, 0)
    }
}
