import XCTest
@testable import StackEngine

final class LineLayoutTests: XCTestCase {
    private func make(offset: Double = 0) -> (LineLayout, FakeLayoutHost) {
        let host = FakeLayoutHost(bounds: Rect(x: offset, y: 0, width: 1000, height: 800), counts: [60])
        return (LineLayout().installed(in: host), host)
    }

    func testGeometryIsAHorizontalLineOf200PointItems() {
        let (layout, _) = make()
        XCTAssertEqual(layout.itemsPerLine, 1)
        XCTAssertEqual(layout.frameForItem(at: IndexPath(item: 0, section: 0)), Rect(x: 0, y: 200, width: 200, height: 200))
        XCTAssertEqual(layout.frameForItem(at: IndexPath(item: 3, section: 0)), Rect(x: 750, y: 200, width: 200, height: 200))
        XCTAssertEqual(layout.contentSize, Size(width: 60 * 200 + 59 * 50, height: 800))
        XCTAssertTrue(layout.shouldInvalidate(forBoundsChange: Rect(x: 5, y: 0, width: 1000, height: 800)), "a pure scroll invalidates")
    }

    func testZoomFallsOffWithDistanceFromTheViewportCentre() {
        let (layout, host) = make()
        func attrs(_ i: Int) -> LayoutAttributes { layout.layoutAttributesForItem(at: IndexPath(item: i, section: 0))! }
        // Viewport centre x = 500. Item 2 centre 600 (d = 100), item 1 centre 350 (d = 150), item 0 centre 100 (d = 400).
        XCTAssertEqual(attrs(2).transform.scale, 1.15, accuracy: 1e-12)
        XCTAssertEqual(attrs(2).zIndex, 1)
        XCTAssertEqual(attrs(1).transform.scale, 1.075, accuracy: 1e-12)
        XCTAssertEqual(attrs(0).transform, .identity)
        XCTAssertEqual(attrs(0).zIndex, 0)
        host.bounds.origin.x = 100 // centre 600: item 2 exactly centred
        layout.invalidate(); layout.prepareIfNeeded()
        XCTAssertEqual(attrs(2).transform.scale, 1.3, accuracy: 1e-12)
        XCTAssertEqual(attrs(3).transform, .identity, "item 3 centre 850 is 250 pt away")
        XCTAssertEqual(attrs(1).transform, .identity, "item 1 centre 350 is 250 pt away")
        XCTAssertEqual(LineLayout.zoom(atDistance: -200), 1)
    }

    func testRectQueryReturnsZoomedAttributesIncludingOverhang() {
        let (layout, host) = make(offset: 100)
        let found = layout.layoutAttributesForElements(in: host.bounds)
        XCTAssertEqual(Set(found.map(\.indexPath.item)), [0, 1, 2, 3, 4])
        for a in found { XCTAssertEqual(a, layout.layoutAttributesForItem(at: a.indexPath)) }
        // Item 2 zoomed to 1.3 reaches 30 pt above its frame (y 170…200).
        let strip = layout.layoutAttributesForElements(in: Rect(x: 0, y: 175, width: 1000, height: 10))
        XCTAssertEqual(strip.map(\.indexPath.item), [2])
    }

    func testSnappingCentresTheNearestItem() {
        let (layout, _) = make()
        let none = Point.zero
        XCTAssertEqual(layout.targetContentOffset(forProposed: Point(x: 130, y: 0), velocity: none).x, 100)
        XCTAssertEqual(layout.targetContentOffset(forProposed: Point(x: 0, y: 0), velocity: none).x, 100)
        XCTAssertEqual(layout.targetContentOffset(forProposed: Point(x: 1270, y: 0), velocity: none).x, 1350, "item 7 centre 1850")
        XCTAssertEqual(layout.targetContentOffset(forProposed: Point(x: 13900, y: 0), velocity: none).x, 13850)
        XCTAssertEqual(layout.targetContentOffset(forProposed: Point(x: 14000, y: 0), velocity: none).x, 14100,
                       "past the end: the last item centred (the scroller clamps to its range, which insets may extend)")
    }
}
