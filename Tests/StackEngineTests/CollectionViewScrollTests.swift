import XCTest
@testable import StackEngine

final class CollectionViewScrollTests: XCTestCase {
    func testRevealingOffsetsForEachPosition() {
        let h = Harness(sections: [Array(0..<100)])   // 25 rows of 50 pt, viewport 200 × 400
        let p = IndexPath(item: 40, section: 0)         // row 10: y 500…550
        XCTAssertEqual(h.cv.contentOffset(forRevealing: p, position: .top), Point(x: 0, y: 500))
        XCTAssertEqual(h.cv.contentOffset(forRevealing: p, position: .bottom), Point(x: 0, y: 150))
        XCTAssertEqual(h.cv.contentOffset(forRevealing: p, position: .centeredVertically), Point(x: 0, y: 325))
        XCTAssertEqual(h.cv.contentOffset(forRevealing: p, position: .nearest), Point(x: 0, y: 150))
        XCTAssertEqual(h.cv.contentOffset(forRevealing: IndexPath(item: 99, section: 0), position: .top), Point(x: 0, y: 850), "clamped to the end")
        XCTAssertEqual(h.cv.contentOffset(forRevealing: IndexPath(item: 1, section: 0), position: .centeredVertically), .zero, "clamped to the start")
        h.cv.contentOffset = Point(x: 0, y: 600)
        XCTAssertEqual(h.cv.contentOffset(forRevealing: p, position: .nearest), Point(x: 0, y: 500))
        XCTAssertEqual(h.cv.contentOffset(forRevealing: IndexPath(item: 50, section: 0), position: .nearest), Point(x: 0, y: 600), "already visible: no scroll")
    }

    /// An animated scroll is eased by the collection view's own scroller, from the time given, frame by frame.
    func testAnimatedScrollIsEasedByTheScroller() {
        let h = Harness(sections: [Array(0..<100)])
        h.cv.scrollToItem(at: IndexPath(item: 40, section: 0), position: .top, animated: true, at: h.clock.now)
        XCTAssertEqual(h.cv.contentOffset, .zero, "it moves at the next frame")
        XCTAssertEqual(h.cv.scroller.projectedRestOffset, Point(x: 0, y: 500))
        XCTAssertTrue(h.cv.isAnimating)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.cv.contentOffset, .zero)
        h.clock.advance(by: 0.15)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertGreaterThan(h.cv.contentOffset.y, 100)
        XCTAssertLessThan(h.cv.contentOffset.y, 500)
        h.clock.advance(by: 0.2)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.cv.contentOffset, Point(x: 0, y: 500))
        XCTAssertNotNil(h.cv.cellForItem(at: IndexPath(item: 40, section: 0)))
        h.cv.scrollToItem(at: IndexPath(item: 0, section: 0), position: .top, animated: false)
        XCTAssertEqual(h.cv.contentOffset, .zero)
        XCTAssertGreaterThan(h.delegate.scrolls, 2)
    }

    /// Keyboard selection reveals items with `.nearest` while an earlier reveal is still easing: the answer is
    /// taken from where the scroll is going, so a step back along the rows already on the way never pulls the
    /// scroll back or stops it short.
    func testNearestDuringAnEasedScrollStartsFromItsDestination() {
        let h = Harness(sections: [Array(0..<100)])   // 4 columns of 50 pt rows, viewport 200 × 400
        h.cv.scrollToItem(at: IndexPath(item: 40, section: 0), position: .nearest, animated: true, at: h.clock.now)
        h.cv.layoutIfNeeded(at: h.clock.now)
        h.clock.advance(by: 0.05)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertLessThan(h.cv.contentOffset.y, 100, "still on the way to 150")
        XCTAssertEqual(h.cv.contentOffset(forRevealing: IndexPath(item: 36, section: 0), position: .nearest), Point(x: 0, y: 150),
                       "row 9 (450…500) is shown at the destination: the scroll goes on")
        XCTAssertEqual(h.cv.contentOffset(forRevealing: IndexPath(item: 41, section: 0), position: .nearest), Point(x: 0, y: 150),
                       "the same row: the same destination")
        h.cv.scrollToItem(at: IndexPath(item: 36, section: 0), position: .nearest, animated: true, at: h.clock.now)
        h.clock.advance(by: 1)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(h.cv.contentOffset, Point(x: 0, y: 150))
    }
}
