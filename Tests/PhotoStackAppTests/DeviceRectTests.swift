import XCTest
@testable import PhotoStackApp

/// The share of a frame redrawn counts each pixel once, however many changed elements' rectangles cover it.
final class DeviceRectTests: XCTestCase {
    func testUnionAreaCountsOverlapsOnce() {
        let a = DeviceRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(DeviceRect.unionArea([]), 0)
        XCTAssertEqual(DeviceRect.unionArea([a]), 100)
        XCTAssertEqual(DeviceRect.unionArea([a, a, a]), 100, "the same rectangle (an element's old and new place)")
        XCTAssertEqual(DeviceRect.unionArea([a, DeviceRect(x: 5, y: 5, width: 10, height: 10)]), 175)
        XCTAssertEqual(DeviceRect.unionArea([a, DeviceRect(x: 20, y: 0, width: 5, height: 4)]), 120, "apart")
        XCTAssertEqual(DeviceRect.unionArea([a, DeviceRect(x: 2, y: 2, width: 3, height: 3)]), 100, "inside")
        XCTAssertEqual(DeviceRect.unionArea([a, DeviceRect(x: 3, y: 3, width: 0, height: 9)]), 100, "empty")
        // A cross: two bars sharing their middle.
        XCTAssertEqual(DeviceRect.unionArea([DeviceRect(x: 0, y: 4, width: 10, height: 2), DeviceRect(x: 4, y: 0, width: 2, height: 10)]), 36)
    }
}
