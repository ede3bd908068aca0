import XCTest
@testable import StackEngine

final class ScrollGeometryTests: XCTestCase {
    func testInsetsRevealDecorationAboveContent() {
        // A header decoration at y = −130 sits in the top inset: the resting range starts at −130.
        let g = ScrollGeometry(viewportSize: Size(width: 800, height: 600), contentSize: Size(width: 800, height: 2000),
                               contentInset: EdgeInsets(top: 130, left: 0, bottom: 20, right: 0))
        XCTAssertEqual(g.minOffset, Point(x: 0, y: -130))
        XCTAssertEqual(g.maxOffset, Point(x: 0, y: 1420))
        let c = ScrollController(geometry: g)
        XCTAssertEqual(c.offset(at: 0).y, -130)
        c.pointerDown(at: Point(x: 0, y: 100), time: 0)
        c.pointerMoved(to: Point(x: 0, y: 104), time: 0.01)
        c.pointerMoved(to: Point(x: 0, y: 204), time: 0.02)
        XCTAssertEqual(c.offset(at: 0.02).y, -130 - 51, accuracy: 1, "rubber band past the inset edge")
        _ = c.pointerUp(at: Point(x: 0, y: 204), time: 0.2)
        XCTAssertEqual(c.offset(at: 3).y, -130)
        // Content shorter than the viewport still bounces but rests at the minimum.
        let short = ScrollGeometry(viewportSize: Size(width: 800, height: 600), contentSize: Size(width: 800, height: 100))
        XCTAssertEqual(short.maxOffset, short.minOffset)
    }

    func testTwoAxisDragAndDiagonalFling() {
        let g = ScrollGeometry(viewportSize: Size(width: 800, height: 600), contentSize: Size(width: 5000, height: 5000), axes: .both)
        let c = ScrollController(geometry: g, offset: Point(x: 1000, y: 1000))
        c.pointerDown(at: Point(x: 400, y: 300), time: 0)
        for i in 1...10 { c.pointerMoved(to: Point(x: 400 - 12 * Double(i), y: 300 - 8 * Double(i)), time: Double(i) * 0.008) }
        guard case .dragEnded(let v) = c.pointerUp(at: Point(x: 280, y: 220), time: 0.08) else { return XCTFail("drag") }
        XCTAssertEqual(v.x, 1500, accuracy: 5)
        XCTAssertEqual(v.y, 1000, accuracy: 5)
        let start = c.offset(at: 0.08), end = c.offset(at: 10)
        XCTAssertEqual(end.x - start.x, 1500 * 0.4995, accuracy: 2)
        XCTAssertEqual(end.y - start.y, 1000 * 0.4995, accuracy: 2)
    }
}
