import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// The scroll indicator is a light bar with a dark edge: seen on the dark background.
final class ScrollIndicatorLookTests: XCTestCase {
    func testTheIndicatorIsALightBarWithADarkEdge() throws {
        let h = BrowserHarness(width: 1280, height: 500)
        let screen = h.browser.albums
        _ = h.browser.handle(.wheel(WheelEvent(deltaX: 0, deltaY: 2, isPrecise: false, x: 600, y: 300, time: h.clock.now)), at: h.clock.now)
        for _ in 0..<6 { h.frame() }
        let image = h.draw()
        let thumb = try XCTUnwrap(screen.indicators.thumbRect(.vertical, geometry: screen.scroller.geometry, offset: screen.collectionView.contentOffset))
        let c = image.pixel(x: Int(thumb.midX), y: Int(thumb.midY))
        let background = image.pixel(x: Int(thumb.minX) - 6, y: Int(thumb.midY))
        func luma(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double { (0.3 * Double(p.r) + 0.59 * Double(p.g) + 0.11 * Double(p.b)) / 255 }
        XCTAssertGreaterThan(luma(c), 0.6, "a light bar")
        XCTAssertGreaterThan(luma(c) - luma(background), 0.35, "far lighter than the dark background beside it")
        let edge = image.pixel(x: Int(thumb.midX), y: Int(thumb.minY.rounded(.down)))
        XCTAssertLessThan(luma(edge), luma(c) - 0.2, "a darker edge")
    }
}
