import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 15, row 3 in the paging demo: paging is the layout's rule, so a medium flick turns the page.
final class PagingDemoFlickTests: XCTestCase {
    /// A 100 pt drag, then a flick at `speed` px/s (samples every 8 ms), released at once; returns the page it rests on.
    private func page(afterFlickAt speed: Double) -> Int {
        let d = DemoTestDriver { PagingDemoScreen() }
        let screen = d.screen as! PagingDemoScreen
        d.drag(from: Point(x: 700, y: 400), to: Point(x: 600, y: 400), duration: 0.4, steps: 20)
        // `drag` released at x = 600; press again there and flick (a new gesture continues from the page shown).
        d.press(600, 400)
        var x = 600.0
        for _ in 0..<6 { d.clock.advance(by: 0.008); x -= speed * 0.008; d.move(x, 400); d.screen.update(at: d.now) }
        d.release(x, 400)
        d.settle()
        return screen.currentPage
    }

    func testAMediumFlickAfterAShortDragTurnsThePage() {
        for speed in [200.0, 350, 500] {
            XCTAssertEqual(page(afterFlickAt: speed), 1, "\(speed) px/s")
        }
    }
}
