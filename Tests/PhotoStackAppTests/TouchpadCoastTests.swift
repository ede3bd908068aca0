import Foundation
import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// A touchpad swipe (XInput 2 smooth scrolling: precise wheel deltas, no explicit end) coasts after the fingers
/// leave, like a drag release: the end is only noticed 80 ms after the last event, so the release velocity must be
/// the one at that last event (80 ms later the tracker sees a pause and reads a stop).
final class TouchpadCoastTests: XCTestCase {
    func testATouchpadSwipeOnTheAlbumsScreenCoastsAfterTheFingersLeave() throws {
        let h = BrowserHarness(width: 1024, height: 600)
        let b = h.browser
        h.waitUntilReady()
        // Ten events one frame apart, a fifth of a line each (XInput 2 valuator units), then nothing.
        let line = b.albums.scroller.lineStep
        for _ in 0..<10 {
            h.handle(.wheel(WheelEvent(deltaX: 0, deltaY: 0.2, isPrecise: true, x: 500, y: 300, modifiers: [], time: h.clock.now)))
            h.frame()
        }
        let atLastEvent = b.albums.collectionView.contentOffset.y
        XCTAssertEqual(atLastEvent, 2 * line, accuracy: 0.5, "the content followed the fingers")
        // The end is noticed 80 ms later; the content then coasts on.
        for _ in 0..<6 { h.frame() }
        let noticed = b.albums.collectionView.contentOffset.y
        for _ in 0..<20 { h.frame() }
        let later = b.albums.collectionView.contentOffset.y
        XCTAssertGreaterThan(later - noticed, 40, "it coasts after the swipe: \(atLastEvent) → \(noticed) → \(later)")
    }
}
