import Foundation
import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 14 item 4: previous/next slide horizontally; a drag or touchpad swipe moves the photo with the finger and a
/// flick turns the page, with the scroller's release-velocity rules and the paging rule (docs/motion.md); a slow
/// drag springs back; rubber bands at the first and last photo.
final class PhotoViewPagingTests: XCTestCase {
    let width = 1280.0

    func harness(count: Int = 5) throws -> BrowserHarness {
        BrowserHarness(root: try PhotoViewTest.library(count: count, case: self), width: width, height: 800)
    }

    func testAFlickWithTheMouseGoesToTheNextPhoto() throws {
        let h = try harness()
        let photo = try PhotoViewTest.openPhoto(h)
        XCTAssertEqual(PhotoViewTest.pagerX(h.browser), 0)
        // 60 pt per frame to the left (3,600 pt/s), released while moving.
        let xs = PhotoViewTest.drag(h, from: Point(x: 900, y: 400), by: Point(x: -240, y: 0), steps: 4)
        XCTAssertEqual(xs.last ?? 0, 180, accuracy: 0.5, "the photo follows the finger past the 3.5 pt slop: \(xs)")
        XCTAssertEqual(photo.index, 1, "the flick turns the page")
        let path = h.frames(while: { h.browser.isAnimating }) { PhotoViewTest.pagerX(h.browser) }
        XCTAssertGreaterThan(path.count, 5)
        for (a, b) in zip(path, path.dropFirst()) { XCTAssertGreaterThanOrEqual(b, a - 1e-9, "one way: \(path)") }
        XCTAssertLessThanOrEqual(path.max() ?? 0, width + 1e-9, "never past the page")
        XCTAssertEqual(PhotoViewTest.pagerX(h.browser), width, accuracy: 1e-9)
        XCTAssertEqual(PhotoViewTest.number(h.browser, "page"), 1)
        XCTAssertEqual(photo.imageRect.minX, (width - 1024) / 2, accuracy: 0.5, "the next photo rests centred")
    }

    func testATouchpadSwipeGoesToTheNextPhotoAndBack() throws {
        let h = try harness()
        let b = h.browser
        let photo = try PhotoViewTest.openPhoto(h)
        for _ in 0..<8 {
            h.clock.advance(by: 1.0 / 60)
            h.handle(.wheel(WheelEvent(deltaX: 0.5, deltaY: 0, isPrecise: true, x: 600, y: 400, time: h.clock.now)))
            h.update()
            h.draw()
        }
        XCTAssertEqual(PhotoViewTest.pagerX(b), 8 * 0.5 * 53, accuracy: 1e-6, "1:1 with the fingers")
        XCTAssertEqual(b.state().layout["dragging"], .bool(true))
        h.settle()   // the fingers lift: 80 ms without an event
        XCTAssertEqual(photo.index, 1)
        XCTAssertEqual(PhotoViewTest.pagerX(b), width, accuracy: 1e-9)
        for _ in 0..<8 {
            h.clock.advance(by: 1.0 / 60)
            h.handle(.wheel(WheelEvent(deltaX: -0.5, deltaY: 0, isPrecise: true, x: 600, y: 400, time: h.clock.now)))
            h.update()
        }
        h.settle()
        XCTAssertEqual(photo.index, 0)
        XCTAssertEqual(PhotoViewTest.pagerX(b), 0, accuracy: 1e-9)
    }

    func testASlowDragSpringsBackAndASlowDragPastHalfTurnsThePage() throws {
        let h = try harness()
        let photo = try PhotoViewTest.openPhoto(h)
        // 300 pt in 1 s, then held still for 0.1 s: released at no speed, short of half a page.
        let xs = PhotoViewTest.drag(h, from: Point(x: 900, y: 400), by: Point(x: -300, y: 0), steps: 60, hold: 0.1)
        XCTAssertEqual(xs.last ?? 0, 295, accuracy: 0.5, "held where the finger is")
        XCTAssertEqual(photo.index, 0, "springs back")
        let back = h.frames(while: { h.browser.isAnimating }) { PhotoViewTest.pagerX(h.browser) }
        for (a, b) in zip(back, back.dropFirst()) { XCTAssertLessThanOrEqual(b, a + 1e-9, "straight back: \(back)") }
        XCTAssertEqual(PhotoViewTest.pagerX(h.browser), 0, accuracy: 1e-9)
        // 700 pt slowly: past half a page, it rests on the next one.
        PhotoViewTest.drag(h, from: Point(x: 1000, y: 400), by: Point(x: -700, y: 0), steps: 120, hold: 0.1)
        XCTAssertEqual(photo.index, 1)
        h.settle()
        XCTAssertEqual(PhotoViewTest.pagerX(h.browser), width, accuracy: 1e-9)
    }

    func testRubberBandsAtTheLastAndFirstPhoto() throws {
        let h = try harness()
        let photo = try PhotoViewTest.openPhoto(h, photo: 4)
        XCTAssertEqual(PhotoViewTest.pagerX(h.browser), 4 * width)
        let xs = PhotoViewTest.drag(h, from: Point(x: 1000, y: 400), by: Point(x: -400, y: 0), steps: 20, hold: 0.1, release: false)
        let pulled = (xs.last ?? 0) - 4 * width
        XCTAssertGreaterThan(pulled, 50, "pulled past the last photo")
        XCTAssertLessThan(pulled, 300, "with resistance (rubber band): \(pulled) for 396 pt")
        h.handle(.pointerUp(PointerEvent(button: .left, x: 600, y: 400, time: h.clock.now)))
        XCTAssertEqual(photo.index, 4)
        h.settle()
        XCTAssertEqual(PhotoViewTest.pagerX(h.browser), 4 * width, accuracy: 1e-9)
        // And before the first: a flick to the right from photo 0 stays on it.
        h.key(.home)
        h.settle()
        PhotoViewTest.drag(h, from: Point(x: 300, y: 400), by: Point(x: 240, y: 0), steps: 4)
        XCTAssertEqual(photo.index, 0)
        let path = h.frames(while: { h.browser.isAnimating }) { PhotoViewTest.pagerX(h.browser) }
        XCTAssertLessThan(path.min() ?? 0, -1, "overscrolled before the first photo")
        XCTAssertEqual(PhotoViewTest.pagerX(h.browser), 0, accuracy: 1e-9)
    }

    func testKeysAndTheWheelSlideTheNeighbourInFromTheSide() throws {
        let h = try harness()
        let b = h.browser
        let photo = try PhotoViewTest.openPhoto(h)
        let rest = photo.imageRect
        h.key(.right)
        XCTAssertEqual(photo.index, 1, "the photo shown is the one coming")
        h.frame(); h.frame()
        let leaving = try XCTUnwrap(PhotoViewTest.frame(b, item: 0))
        let coming = try XCTUnwrap(PhotoViewTest.frame(b, item: 1))
        XCTAssertLessThan(leaving.minX, rest.minX - 1, "photo 0 slides out to the left")
        XCTAssertGreaterThan(coming.minX, rest.minX + 1, "photo 1 comes in from the right")
        XCTAssertLessThan(coming.minX, width)
        XCTAssertEqual(coming.minX - leaving.minX, width, accuracy: 1e-6, "side by side")
        XCTAssertEqual(coming.minY, rest.minY, accuracy: 1e-9, "horizontally")
        h.settle()
        XCTAssertEqual(PhotoViewTest.pagerX(b), width, accuracy: 1e-9)
        // A wheel notch, then a burst of keys retargeting the slide: one page each, clamped at the last photo.
        h.handle(.wheel(WheelEvent(deltaX: 0, deltaY: 1, isPrecise: false, x: 600, y: 400, time: h.clock.now)))
        XCTAssertEqual(photo.index, 2)
        h.frame()
        for _ in 0..<4 { h.key(.right); h.frame() }
        XCTAssertEqual(photo.index, 4)
        let path = h.frames(while: { b.isAnimating }) { PhotoViewTest.pagerX(b) }
        for (a, c) in zip(path, path.dropFirst()) { XCTAssertGreaterThanOrEqual(c, a - 1e-9, "one way: \(path)") }
        XCTAssertEqual(PhotoViewTest.pagerX(b), 4 * width, accuracy: 1e-9)
        h.key(.left)
        XCTAssertEqual(photo.index, 3)
    }
}
