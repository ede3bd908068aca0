import XCTest
@testable import StackEngine

/// `PageSnapping` through `PagingScrollTarget` on a `ScrollController` without a layout (the photo view's pager), and
/// a touchpad sequence whose end is noticed only after a pause (`smoothScrollEnded(time:sampledAt:)`).
final class PageSnappingTests: XCTestCase {
    /// Five 1000 pt pages in a 1000 pt viewport, resting on `page`.
    func pager(page: Int = 0) -> ScrollController {
        let c = ScrollController(geometry: ScrollGeometry(viewportSize: Size(width: 1000, height: 600),
                                                          contentSize: Size(width: 5000, height: 600), axes: .horizontal))
        c.targetProvider = PagingScrollTarget(snapping: PageSnapping(pageWidth: 1000, pageCount: 5))
        c.setOffset(Point(x: Double(page) * 1000, y: 0))
        return c
    }

    func testAFlickTurnsOnePageAndASlowReleaseRestsOnTheNearest() {
        let c = pager(page: 1)
        // 100 pt in 0.1 s to the left (1000 pt/s): the next page, however short the drag.
        c.pointerDown(at: Point(x: 800, y: 300), time: 0)
        for i in 1...6 { c.pointerMoved(to: Point(x: 800 - Double(i) * 20, y: 300), time: Double(i) / 60) }
        c.pointerUp(at: Point(x: 680, y: 300), time: 6.0 / 60)
        XCTAssertEqual(c.projectedRestOffset.x, 2000)
        XCTAssertEqual(c.offset(at: 5).x, 2000)
        // 400 pt slowly then still for 0.1 s: back to the page it started on; 600 pt: the next one.
        for (distance, page) in [(400.0, 2.0), (600.0, 3.0)] {
            c.pointerDown(at: Point(x: 900, y: 300), time: 10)
            for i in 1...60 { c.pointerMoved(to: Point(x: 900 - distance * Double(i) / 60, y: 300), time: 10 + Double(i) / 60) }
            c.pointerUp(at: Point(x: 900 - distance, y: 300), time: 11.1)
            XCTAssertEqual(c.offset(at: 15).x, page * 1000, "\(distance) pt slowly")
            c.scroll(to: Point(x: 2000, y: 0), animated: false, time: 15)
        }
    }

    func testATouchpadSwipeEndedAfterAPauseKeepsItsSpeedWhenSampledAtItsLastEvent() {
        for sampled in [false, true] {
            let c = pager()
            var t = 0.0
            for _ in 0..<8 { t += 1.0 / 60; c.smoothScroll(delta: Point(x: 25, y: 0), time: t) }   // 1500 pt/s, 200 pt
            // The end is noticed 80 ms after the last event (XInput 2 sends none).
            c.smoothScrollEnded(time: t + 0.08, sampledAt: sampled ? t : nil)
            XCTAssertEqual(c.offset(at: t + 5).x, sampled ? 1000 : 0, sampled ? "a swipe turns the page" : "a stopped hand does not")
        }
    }
}
