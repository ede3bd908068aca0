import StackEngine
import XCTest
@testable import PhotoStackApp

final class DemoCircleTests: XCTestCase {
    func makeDriver() -> (DemoTestDriver, CircleDemoScreen) {
        let d = DemoTestDriver { CircleDemoScreen() }
        return (d, d.screen as! CircleDemoScreen)
    }

    /// Viewport centre of the live cell at `item` (the circle never scrolls).
    func centre(of item: Int, in screen: CircleDemoScreen) -> Point {
        screen.collectionView.presentedAttributes(for: .cell(IndexPath(item: item, section: 0)))!.center
    }

    /// Model and view agree: counts, and every live cell shows the model's id at its index path.
    func assertConsistent(_ screen: CircleDemoScreen, file: StaticString = #filePath, line: UInt = #line) {
        let cv = screen.collectionView
        XCTAssertEqual(cv.numberOfItems(inSection: 0), screen.ids.count, file: file, line: line)
        for (path, view) in cv.visibleCells {
            XCTAssertTrue(screen.ids.indices.contains(path.item), "\(path)", file: file, line: line)
            if screen.ids.indices.contains(path.item) {
                XCTAssertEqual(view.itemIdentity, AnyHashable(screen.ids[path.item]), "\(path)", file: file, line: line)
            }
        }
        XCTAssertEqual(screen.failedUpdates, 0, file: file, line: line)
    }

    /// At rest: exactly the model's cells, each at its layout place, opaque, nothing fading out.
    func assertAtRest(_ screen: CircleDemoScreen, file: StaticString = #filePath, line: UInt = #line) {
        let list = screen.collectionView.displayList
        XCTAssertFalse(list.contains { $0.isDisappearing }, file: file, line: line)
        XCTAssertEqual(list.filter { $0.attributes.category == .cell }.count, screen.ids.count, file: file, line: line)
        let layout = screen.collectionView.collectionViewLayout
        for item in list {
            let target = layout.layoutAttributes(for: item.key)!
            XCTAssertEqual(item.attributes.center.x, target.center.x, accuracy: 0.01, file: file, line: line)
            XCTAssertEqual(item.attributes.center.y, target.center.y, accuracy: 0.01, file: file, line: line)
            XCTAssertEqual(item.attributes.alpha, 1, file: file, line: line)
        }
        assertConsistent(screen, file: file, line: line)
    }

    func testClickOnACellDeletesItAnimatedAndOnEmptySpaceInsertsAtIndexZero() {
        let (d, screen) = makeDriver()
        XCTAssertEqual(screen.ids.count, 20)
        let p = centre(of: 3, in: screen)
        d.click(p.x, p.y)
        XCTAssertEqual(screen.ids.count, 19)
        XCTAssertFalse(screen.ids.contains(3))
        XCTAssertTrue(d.screen.isAnimating)
        d.advance(0.15)
        // Half-way: the deleted cell shrinks towards the centre, fading.
        let leaving = screen.collectionView.displayList.filter { $0.isDisappearing }
        XCTAssertEqual(leaving.count, 1)
        XCTAssertLessThan(leaving[0].attributes.alpha, 1)
        XCTAssertLessThan(leaving[0].attributes.transform.scale, 1)
        XCTAssertEqual(d.screen.state().layout["count"], .int(19))
        d.settle()
        XCTAssertFalse(d.screen.isAnimating)
        assertAtRest(screen)

        // Empty space: the middle of the circle.
        d.click(512, 384)
        XCTAssertEqual(screen.ids.count, 20)
        XCTAssertEqual(screen.ids[0], 20, "a new id at index 0")
        XCTAssertTrue(d.screen.isAnimating)
        d.advance(0.05)
        let grown = screen.collectionView.presentedAttributes(for: .cell(IndexPath(item: 0, section: 0)))!
        XCTAssertLessThan(grown.alpha, 1)
        XCTAssertLessThan(grown.center.distance(to: Point(x: 512, y: 384)), screen.circleLayout.radius / 2,
                          "the inserted cell grows out of the centre")
        d.settle()
        assertAtRest(screen)
    }

    func testABurstOfClicksFasterThanTheAnimationsKeepsModelAndViewConsistent() {
        let (d, screen) = makeDriver()
        var rng = SplitMix64(seed: 99)
        for i in 0..<60 {
            // Click a live (possibly moving) cell, or the centre, every 20–50 ms.
            let cells = screen.collectionView.displayList.filter { !$0.isDisappearing && $0.attributes.category == .cell }
            if i % 3 != 2, !cells.isEmpty {
                let target = cells[Int(rng.next(below: UInt64(cells.count)))].attributes.center
                d.click(target.x, target.y)
            } else {
                d.click(512, 384)
            }
            assertConsistent(screen)
            d.advance(0.01 + Double(rng.next(below: 30)) / 1000)
            if i == 30 { d.key(.character("g"), "g", text: "g") }
        }
        XCTAssertTrue(d.screen.isAnimating)
        d.settle()
        XCTAssertFalse(d.screen.isAnimating)
        assertAtRest(screen)
        XCTAssertEqual(Set(screen.ids).count, screen.ids.count, "ids stay unique")
    }

    func testLayoutSwitchIsAnimatedAndReversibleMidWay() {
        let (d, screen) = makeDriver()
        let start = centre(of: 5, in: screen)
        d.key(.tab, "Tab")
        XCTAssertTrue(screen.showsGrid)
        XCTAssertTrue(d.screen.isAnimating)
        d.advance(0.15 - 1.0 / 60)
        let beforeMid = centre(of: 5, in: screen)
        d.advance(1.0 / 60)
        let mid = centre(of: 5, in: screen)
        let gridTarget = screen.gridLayout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))!.center
        XCTAssertGreaterThan(mid.distance(to: start), 1)
        XCTAssertGreaterThan(mid.distance(to: gridTarget), 1)
        // Reverse: the cell turns back from where it is and as fast as it was going — no jump, and no stop (issue 15:
        // a retargeted transition keeps the velocity; it used to restart from rest).
        d.key(.character("g"), "g", text: "g")
        XCTAssertFalse(screen.showsGrid)
        d.advance(1.0 / 60)
        let after = centre(of: 5, in: screen)
        let stepBefore = Point(x: mid.x - beforeMid.x, y: mid.y - beforeMid.y), stepAfter = Point(x: after.x - mid.x, y: after.y - mid.y)
        XCTAssertLessThan(stepAfter.distance(to: stepBefore), 0.25 * stepBefore.distance(to: .zero) + 1,
                          "the first frame after reversing moves about as the frame before did")
        d.settle()
        assertAtRest(screen)
        XCTAssertEqual(centre(of: 5, in: screen).distance(to: start), 0, accuracy: 0.01)
        XCTAssertEqual(d.screen.state().layout["mode"], .string("circle"))
    }
}
