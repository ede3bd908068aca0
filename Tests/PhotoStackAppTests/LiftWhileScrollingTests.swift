import Foundation
import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Stacks do not lift while the content scrolls under the pointer; the one under it lifts once the content rests.
final class LiftWhileScrollingTests: XCTestCase {
    func testNoStackLiftsWhileTheContentScrollsUnderThePointer() throws {
        let h = BrowserHarness(width: 1024, height: 600)
        let b = h.browser
        h.waitUntilReady()
        let c = h.stackCenter(section: 0)
        h.handle(.pointerMoved(x: c.x, y: c.y, modifiers: [], time: h.clock.now))
        h.settle()
        XCTAssertEqual(b.albums.lift(section: 0, at: h.clock.now), 1, accuracy: 1e-9, "hovered at rest: lifted")
        // A flick upwards: the content coasts on under the pointer after the release.
        h.handle(.pointerDown(PointerEvent(button: .left, x: c.x, y: c.y, time: h.clock.now)))
        for i in 1...5 {
            h.clock.advance(by: 1.0 / 60)
            h.handle(.pointerMoved(x: c.x, y: c.y - 30 * Double(i), modifiers: [], time: h.clock.now))
            h.update()
        }
        h.handle(.pointerUp(PointerEvent(button: .left, x: c.x, y: c.y - 150, time: h.clock.now)))
        var liftedWhileMoving = 0
        var movingFrames = 0
        for i in 0..<30 {
            h.frame()
            // Once the lift has eased down (0.16 s), while the content still moves.
            if Double(i) / 60 > LiftAnimation.duration, b.albums.scroller.isMoving(at: h.clock.now) {
                movingFrames += 1
                liftedWhileMoving += (0..<b.albums.collectionView.numberOfSections).filter { b.albums.lift(section: $0, at: h.clock.now) > 0 }.count
            }
        }
        XCTAssertGreaterThan(movingFrames, 0)
        XCTAssertEqual(liftedWhileMoving, 0, "no stack stays lifted while the content moves")
        h.settle()
        let under = try XCTUnwrap(b.albums.hoveredSection, "at rest, the stack now under the pointer is hovered")
        XCTAssertEqual(b.albums.lift(section: under, at: h.clock.now), 1, accuracy: 1e-9)
    }

    /// A stack lifted under the pointer drops at once when a drag starts to move the content (not over the lift's 0.16 s,
    /// frames of a stack resampled while it scrolls), and the stack under the pointer lifts again once the content rests.
    func testALiftedStackDropsAtOnceWhenTheContentStartsToMove() throws {
        let h = BrowserHarness(width: 1024, height: 600)
        let b = h.browser
        h.waitUntilReady()
        let c = h.stackCenter(section: 0)
        h.handle(.pointerMoved(x: c.x, y: c.y, modifiers: [], time: h.clock.now))
        h.settle()
        XCTAssertEqual(b.albums.lift(section: 0, at: h.clock.now), 1, accuracy: 1e-9, "hovered at rest: lifted")
        h.handle(.pointerDown(PointerEvent(button: .left, x: c.x, y: c.y, time: h.clock.now)))
        var firstMovingFrame: Double?
        for i in 1...5 {
            h.clock.advance(by: 1.0 / 60)
            h.handle(.pointerMoved(x: c.x, y: c.y - 30 * Double(i), modifiers: [], time: h.clock.now))
            h.update()
            if firstMovingFrame == nil, b.albums.scroller.isTracking {
                firstMovingFrame = b.albums.lift(section: 0, at: h.clock.now)
                let lifted = (0..<b.albums.collectionView.numberOfSections).filter { b.albums.lift(section: $0, at: h.clock.now) > 0 }
                XCTAssertEqual(lifted, [], "no stack lifted or dropping in the first frame the content moves")
            }
        }
        XCTAssertEqual(try XCTUnwrap(firstMovingFrame, "the drag moved the content"), 0, "dropped at once")
        h.handle(.pointerUp(PointerEvent(button: .left, x: c.x, y: c.y - 150, time: h.clock.now)))
        h.settle()
        let under = try XCTUnwrap(b.albums.hoveredSection, "at rest, the stack now under the pointer is hovered")
        XCTAssertEqual(b.albums.lift(section: under, at: h.clock.now), 1, accuracy: 1e-9, "and lifted again")
    }
}
