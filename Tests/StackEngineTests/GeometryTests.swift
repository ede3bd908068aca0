import XCTest
@testable import StackEngine

final class GeometryTests: XCTestCase {
    func testRectIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(a.intersects(Rect(x: 5, y: 5, width: 10, height: 10)))
        XCTAssertFalse(a.intersects(Rect(x: 10, y: 0, width: 10, height: 10)), "touching edges do not intersect")
        XCTAssertEqual(a.intersection(Rect(x: 5, y: -5, width: 10, height: 10)), Rect(x: 5, y: 0, width: 5, height: 5))
    }

    func testTransformInverseRoundTrips() throws {
        let t = AffineTransform(rotation: 0.3, scale: 2, translation: Point(x: 5, y: -7))
        let p = Point(x: 3, y: 4)
        let back = try XCTUnwrap(t.inverted()).apply(to: t.apply(to: p))
        XCTAssertEqual(back.x, p.x, accuracy: 1e-9)
        XCTAssertEqual(back.y, p.y, accuracy: 1e-9)
        XCTAssertEqual(t.rotation, 0.3, accuracy: 1e-12)
        XCTAssertEqual(t.scale, 2, accuracy: 1e-12)
    }

    func testRotatedAttributesHitTestTheirCorners() {
        var attrs = LayoutAttributes.cell(IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 100, height: 100))
        attrs.transform = AffineTransform(rotationAngle: .pi / 4)
        // The rotated square reaches past its untransformed frame at the middle of each edge…
        XCTAssertTrue(attrs.contains(Point(x: 50, y: -15)))
        // …and no longer covers the untransformed corners.
        XCTAssertFalse(attrs.contains(Point(x: 2, y: 2)))
        XCTAssertEqual(attrs.boundingBox.width, 100 * 2.0.squareRoot(), accuracy: 1e-9)
    }
}
