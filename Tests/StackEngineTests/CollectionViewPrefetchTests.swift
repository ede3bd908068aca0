import XCTest
@testable import StackEngine

final class CollectionViewPrefetchTests: XCTestCase {
    func testPrefetchLooksAheadInTheScrollDirectionAndCancels() {
        // 1 column of 100-pt rows, viewport 400 pt: 4 rows a screen.
        let layout = TestGridLayout(columns: 1, itemSize: Size(width: 200, height: 100))
        let h = Harness(sections: [Array(0..<200)], layout: layout)
        h.cv.displayMargin = 0
        h.cv.contentOffset = Point(x: 0, y: 4000)
        h.cv.layoutIfNeeded(at: h.clock.now)
        let first = h.delegate.prefetched.last ?? []
        XCTAssertEqual(first.first?.item, 44, "nearest ahead announced first")
        XCTAssertEqual(first.last?.item, 36, "farthest behind announced last")
        h.cv.contentOffset = Point(x: 0, y: 4010)     // scrolling down
        h.cv.layoutIfNeeded(at: h.clock.now)
        var items = h.cv.prefetchedIndexPaths.map(\.item)
        let visible = Set(h.cv.indexPathsForVisibleItems.map(\.item))
        XCTAssertTrue(Set(items).isDisjoint(with: visible), "visible items are not prefetched")
        XCTAssertEqual(items.filter { $0 > 44 }.count, 8, "2 screens ahead (rows 45…52)")
        XCTAssertEqual(items.filter { $0 < 40 }.count, 4, "1 screen behind (rows 36…39)")
        // Reverse: now 2 screens above and 1 below.
        h.delegate.cancelled.removeAll()
        h.cv.contentOffset = Point(x: 0, y: 4000)
        h.cv.layoutIfNeeded(at: h.clock.now)
        items = h.cv.prefetchedIndexPaths.map(\.item)
        XCTAssertEqual(items.filter { $0 < 40 }.count, 8, "2 screens ahead going up (rows 32…39)")
        XCTAssertEqual(items.filter { $0 > 43 }.count, 4, "1 screen behind going up (rows 44…47)")
        let cancelled = Set(h.delegate.cancelled.flatMap { $0 }.map(\.item))
        XCTAssertEqual(cancelled, [48, 49, 50, 51, 52], "items that left the range are cancelled")
        // Jump far away: everything cancelled except what is visible.
        h.delegate.cancelled.removeAll()
        h.cv.contentOffset = Point(x: 0, y: 10000)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(Set(h.delegate.cancelled.flatMap { $0 }.map(\.item)), Set(items))
        XCTAssertTrue(h.cv.prefetchedIndexPaths.allSatisfy { $0.item >= 96 })
    }

    func testPrefetchDistanceIsConfigurable() {
        let layout = TestGridLayout(columns: 1, itemSize: Size(width: 200, height: 100))
        let h = Harness(sections: [Array(0..<200)], layout: layout)
        h.cv.displayMargin = 0
        h.cv.prefetchViewportsAhead = 1
        h.cv.prefetchViewportsBehind = 0.5
        h.cv.contentOffset = Point(x: 0, y: 4000)
        h.cv.layoutIfNeeded(at: h.clock.now)
        h.cv.contentOffset = Point(x: 0, y: 4010)     // scrolling down: rows 40…44 visible
        h.cv.layoutIfNeeded(at: h.clock.now)
        let items = Set(h.cv.prefetchedIndexPaths.map(\.item))
        XCTAssertEqual(items.filter { $0 > 44 }.sorted(), [45, 46, 47, 48], "1 screen ahead")
        XCTAssertEqual(items.filter { $0 < 40 }.sorted(), [38, 39], "half a screen behind")
        // Widening the range takes effect without a scroll.
        h.cv.prefetchViewportsAhead = 2
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.cv.prefetchedIndexPaths.filter { $0.item > 44 }.count, 8)
    }
}
