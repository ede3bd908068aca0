import XCTest
@testable import StackEngine

final class CircleLayoutTests: XCTestCase {
    func testTwentyItemsOnTheCircle() {
        let layout = CircleLayout().installed(in: FakeLayoutHost(width: 400, height: 300, counts: [20]))
        XCTAssertEqual(layout.radius, 120)
        XCTAssertEqual(layout.contentSize, Size(width: 400, height: 300))
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame, Rect(x: 285, y: 115, width: 70, height: 70))
        let quarter = layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))!.center
        XCTAssertEqual(quarter.x, 200, accuracy: 1e-9)
        XCTAssertEqual(quarter.y, 270, accuracy: 1e-9)
        let half = layout.layoutAttributesForItem(at: IndexPath(item: 10, section: 0))!.center
        XCTAssertEqual(half.x, 80, accuracy: 1e-9)
        XCTAssertEqual(half.y, 150, accuracy: 1e-9)
        XCTAssertNil(layout.layoutAttributesForItem(at: IndexPath(item: 20, section: 0)))
        XCTAssertEqual(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 400, height: 300)).count, 20)
    }

    func testNineteenItemsAreEvenlySpaced() {
        let layout = CircleLayout().installed(in: FakeLayoutHost(width: 300, height: 500, counts: [19]))
        XCTAssertEqual(layout.radius, 120)
        XCTAssertEqual(layout.center, Point(x: 150, y: 250))
        let centres = (0..<19).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.center }
        XCTAssertEqual(centres[0].x, 270, accuracy: 1e-9)
        XCTAssertEqual(centres[0].y, 250, accuracy: 1e-9)
        let chord = 2 * 120 * sin(Double.pi / 19)
        for i in 0..<19 {
            XCTAssertEqual(centres[i].distance(to: layout.center), 120, accuracy: 1e-9)
            XCTAssertEqual(centres[i].distance(to: centres[(i + 1) % 19]), chord, accuracy: 1e-9)
        }
        XCTAssertGreaterThan(centres[1].y, centres[0].y, "angles grow clockwise on screen (y down)")
    }

    func testInsertedItemsGrowFromTheCentreAndDeletedOnesShrinkIntoIt() {
        let layout = CircleLayout().installed(in: FakeLayoutHost(width: 400, height: 300, counts: [20]))
        layout.prepare(forUpdates: [.insertItem(IndexPath(item: 0, section: 0)), .deleteItem(IndexPath(item: 4, section: 0))])
        let appearing = layout.initialLayoutAttributesForAppearingElement(.cell(IndexPath(item: 0, section: 0)))
        XCTAssertEqual(appearing?.frame, Rect(x: 165, y: 115, width: 70, height: 70))
        XCTAssertEqual(appearing?.alpha, 0)
        XCTAssertNil(layout.initialLayoutAttributesForAppearingElement(.cell(IndexPath(item: 1, section: 0))))
        let leaving = layout.finalLayoutAttributesForDisappearingElement(.cell(IndexPath(item: 4, section: 0)))
        XCTAssertEqual(leaving?.center, Point(x: 200, y: 150))
        XCTAssertEqual(leaving?.alpha, 0)
        XCTAssertEqual(leaving?.transform.scale ?? 0, 0.1, accuracy: 1e-12)
        XCTAssertNil(layout.finalLayoutAttributesForDisappearingElement(.cell(IndexPath(item: 0, section: 0))))
        layout.finalizeUpdates()
        XCTAssertNil(layout.initialLayoutAttributesForAppearingElement(.cell(IndexPath(item: 0, section: 0))))
    }
}
