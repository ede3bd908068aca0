import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// The justified demo (issue 32): cells at their own proportions fill each row, zoom keys change the row height with
/// the cell under the pointer kept in place, `r` reflows to new proportions with an animation.
final class DemoJustifiedTests: XCTestCase {
    private func demo() -> (DemoTestDriver, JustifiedDemoScreen) {
        let d = DemoTestDriver({ JustifiedDemoScreen(seed: 4) }, width: 1200, height: 800)
        return (d, d.screen as! JustifiedDemoScreen)
    }

    func testCellsKeepTheirProportionsAndRowsFillTheWidth() {
        let (d, screen) = demo()
        let cells = d.screen.state().visible.filter { $0.category == "cell" }
        XCTAssertGreaterThan(cells.count, 10)
        for c in cells {
            XCTAssertEqual(c.frame[2] / c.frame[3], screen.aspectRatios[c.section][c.item], accuracy: 1e-6)
        }
        for row in screen.layout.rows(inSection: 0).dropLast() {
            XCTAssertEqual(screen.layout.frameForItem(at: IndexPath(item: row.items.upperBound - 1, section: 0))!.maxX, 1200 - 16, accuracy: 1)
        }
        XCTAssertEqual(d.screen.state().visible.filter { $0.category == "supplementary" }.first?.kind, JustifiedLayout.headerKind)
    }

    func testZoomKeepsTheCellUnderThePointerAndRDealsNewProportions() throws {
        let (d, screen) = demo()
        screen.collectionView.contentOffset = Point(x: 0, y: 900)
        d.advance(0.1)
        let pointer = Point(x: 600, y: 400)
        d.move(pointer.x, pointer.y)
        let cell = try XCTUnwrap(screen.collectionView.anchorCell(near: pointer))
        let before = try XCTUnwrap(screen.collectionView.presentedAttributes(for: .cell(cell))).frame
        let uy = (pointer.y + 900 - before.minY) / before.height
        d.send(.wheel(WheelEvent(deltaX: 0, deltaY: -1, isPrecise: false, x: pointer.x, y: pointer.y, modifiers: .control, time: d.now)))
        XCTAssertEqual(screen.layout.targetRowHeight, JustifiedDemoScreen.rowHeight(level: 1))
        d.settle()
        let after = try XCTUnwrap(screen.collectionView.presentedAttributes(for: .cell(cell))).frame
        XCTAssertEqual(after.minY + uy * after.height - screen.collectionView.contentOffset.y, pointer.y, accuracy: 1)
        XCTAssertEqual(d.screen.state().layout["zoomLevel"], .int(1))

        d.key(.character("r"), "r")
        XCTAssertEqual(d.screen.state().layout["deals"], .int(1))
        d.advance(0.05)
        XCTAssertTrue(screen.collectionView.elementsAreAnimating, "the rows reflow, animated")
        d.settle()
        for c in d.screen.state().visible.filter({ $0.category == "cell" }) {
            XCTAssertEqual(c.frame[2] / c.frame[3], screen.aspectRatios[c.section][c.item], accuracy: 1e-6)
        }
    }
}
