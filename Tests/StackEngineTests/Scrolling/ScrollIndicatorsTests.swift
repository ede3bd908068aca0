import XCTest
@testable import StackEngine

final class ScrollIndicatorsTests: XCTestCase {
    let geometry = ScrollGeometry(viewportSize: Size(width: 800, height: 600), contentSize: Size(width: 800, height: 6000))
    let indicators = ScrollIndicators()

    func testThumbGeometry() throws {
        XCTAssertNil(indicators.trackRect(.horizontal, geometry: geometry), "horizontal axis does not scroll")
        let track = try XCTUnwrap(indicators.trackRect(.vertical, geometry: geometry))
        XCTAssertEqual(track, Rect(x: 791, y: 3, width: 6, height: 594))
        let top = try XCTUnwrap(indicators.thumbRect(.vertical, geometry: geometry, offset: .zero))
        XCTAssertEqual(top.minY, 3)
        XCTAssertEqual(top.height, 594 * 600 / 6000, accuracy: 1e-9)
        let bottom = try XCTUnwrap(indicators.thumbRect(.vertical, geometry: geometry, offset: Point(x: 0, y: 5400)))
        XCTAssertEqual(bottom.maxY, track.maxY, accuracy: 1e-9)
        let over = try XCTUnwrap(indicators.thumbRect(.vertical, geometry: geometry, offset: Point(x: 0, y: -30)))
        XCTAssertLessThan(over.height, top.height, "shrinks when overscrolled")
        XCTAssertEqual(over.minY, 3)
        let short = ScrollGeometry(viewportSize: Size(width: 800, height: 600), contentSize: Size(width: 800, height: 500000))
        XCTAssertEqual(try XCTUnwrap(indicators.thumbRect(.vertical, geometry: short, offset: .zero)).height, 32, "minimum length")
    }

    func testFadeIsAFunctionOfTime() {
        XCTAssertEqual(indicators.alpha(timeSinceLastMovement: 0), 1)
        XCTAssertEqual(indicators.alpha(timeSinceLastMovement: 0.6), 1)
        XCTAssertEqual(indicators.alpha(timeSinceLastMovement: 0.85), 0.5, accuracy: 1e-9)
        XCTAssertEqual(indicators.alpha(timeSinceLastMovement: 1.2), 0)
        let c = ScrollController(geometry: geometry)
        c.wheel(notches: 3, axis: .vertical, time: 10)
        XCTAssertEqual(indicators.alpha(timeSinceLastMovement: c.timeSinceLastMovement(at: 10.1)), 1, "visible while scrolling")
        var t = 10.0
        while c.tick(now: t).isAnimating { t += 1.0 / 60 }
        XCTAssertEqual(indicators.alpha(timeSinceLastMovement: c.timeSinceLastMovement(at: t + 2)), 0, "gone after it stops")
        XCTAssertEqual(indicators.alpha(timeSinceLastMovement: c.timeSinceLastMovement(at: t + 0.2)), 1)
    }

    func testThumbDragAndTrackClick() throws {
        let offset = Point(x: 0, y: 2700)  // halfway
        let thumb = try XCTUnwrap(indicators.thumbRect(.vertical, geometry: geometry, offset: offset))
        XCTAssertEqual(indicators.hitTest(Point(x: thumb.midX, y: thumb.midY), geometry: geometry, offset: offset), .thumb(.vertical))
        XCTAssertEqual(indicators.hitTest(Point(x: 788, y: thumb.minY - 20), geometry: geometry, offset: offset),
                       .track(.vertical, direction: -1), "slop left of the track still hits")
        XCTAssertEqual(indicators.hitTest(Point(x: 795, y: 590), geometry: geometry, offset: offset), .track(.vertical, direction: 1))
        XCTAssertNil(indicators.hitTest(Point(x: 400, y: 300), geometry: geometry, offset: offset))
        let travel = 594 - thumb.height
        let moved = indicators.offset(forThumbDragFrom: offset, pointerDelta: Point(x: 5, y: travel / 4), axis: .vertical, geometry: geometry)
        XCTAssertEqual(moved, Point(x: 0, y: 2700 + 5400 / 4))
        let far = indicators.offset(forThumbDragFrom: offset, pointerDelta: Point(x: 0, y: 1000), axis: .vertical, geometry: geometry)
        XCTAssertEqual(far.y, 5400, "clamped")
    }
}
