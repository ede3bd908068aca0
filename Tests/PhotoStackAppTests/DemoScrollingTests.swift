import StackEngine
import XCTest
@testable import PhotoStackApp

/// The line demo always rests centred; the paging demo's indicators follow the offset in every frame.
final class DemoScrollingTests: XCTestCase {
    func lineDriver() -> (DemoTestDriver, LineDemoScreen) {
        let d = DemoTestDriver { LineDemoScreen() }
        return (d, d.screen as! LineDemoScreen)
    }

    func assertCentred(_ screen: LineDemoScreen, file: StaticString = #filePath, line: UInt = #line) {
        let n = screen.nearestToCentre()!
        XCTAssertEqual(n.distance, 0, accuracy: 0.5, file: file, line: line)
        XCTAssertEqual(n.scale, 1.3, accuracy: 0.01, file: file, line: line)
    }

    func testLineStartsCentredAndAFlingRestsWithACellExactlyCentredWithoutAJump() {
        let (d, screen) = lineDriver()
        assertCentred(screen)
        let start = screen.collectionView.contentOffset.x
        d.drag(from: Point(x: 800, y: 300), to: Point(x: 500, y: 300), duration: 0.1, steps: 6)
        XCTAssertTrue(d.screen.isAnimating, "a fast release coasts")
        var last = screen.collectionView.contentOffset.x, maxStep = 0.0, frames = 0
        d.settle { let x = screen.collectionView.contentOffset.x; maxStep = max(maxStep, abs(x - last)); last = x; frames += 1 }
        XCTAssertGreaterThan(frames, 10)
        XCTAssertGreaterThan(screen.collectionView.contentOffset.x - start, 300, "coasted past the pointer travel")
        XCTAssertLessThan(maxStep, 3000.0 / 60 * 1.5, "continuous from the release velocity")
        assertCentred(screen)
    }

    func testLineSlowDragAndWheelSequenceRestCentred() {
        let (d, screen) = lineDriver()
        d.drag(from: Point(x: 600, y: 300), to: Point(x: 490, y: 300), duration: 1, steps: 20, hold: 0.3)
        d.settle()
        assertCentred(screen)
        let before = screen.collectionView.contentOffset.x
        for _ in 0..<5 { d.wheel(notches: 1); d.advance(0.03) }
        d.settle()
        XCTAssertGreaterThan(screen.collectionView.contentOffset.x, before, "a vertical wheel scrolls the line sideways")
        assertCentred(screen)
    }

    func testEachWheelNotchOrArrowKeyMovesExactlyOneCellAndABurstAccumulates() {
        let (d, screen) = lineDriver()
        XCTAssertEqual(screen.nearestToCentre()?.item, 0, "starts with the first cell centred")
        d.wheel(notches: 1)
        d.settle()
        XCTAssertEqual(screen.nearestToCentre()?.item, 1)
        assertCentred(screen)
        d.key(.right, "Right")
        d.settle()
        XCTAssertEqual(screen.nearestToCentre()?.item, 2)
        // Five notches 20 ms apart, faster than the 0.3 s move: one smooth motion five cells on.
        var last = screen.collectionView.contentOffset.x, monotone = true
        for _ in 0..<5 { d.wheel(notches: 1); d.advance(0.02) { let x = screen.collectionView.contentOffset.x; monotone = monotone && x >= last - 0.01; last = x } }
        d.settle { let x = screen.collectionView.contentOffset.x; monotone = monotone && x >= last - 0.01; last = x }
        XCTAssertTrue(monotone)
        XCTAssertEqual(screen.nearestToCentre()?.item, 7)
        assertCentred(screen)
        d.key(.left, "Left")
        d.settle()
        XCTAssertEqual(screen.nearestToCentre()?.item, 6)
        assertCentred(screen)
        // A click on the next cell to the right brings it to the centre.
        let next = screen.collectionView.presentedAttributes(for: .cell(IndexPath(item: 7, section: 0)))!.center
        let offset = screen.collectionView.contentOffset
        d.click(next.x - offset.x, next.y - offset.y)
        d.settle()
        XCTAssertEqual(screen.nearestToCentre()?.item, 7)
        assertCentred(screen)
    }

    func testFirstAndLastCellsCanRestCentredAtAnyWindowWidth() {
        for width in [640.0, 800, 1024, 1500] {
            let d = DemoTestDriver({ LineDemoScreen() }, width: width, height: 600)
            let screen = d.screen as! LineDemoScreen
            // Fling far to the right (content moves left) several times: the last cell ends centred.
            for _ in 0..<15 {
                d.drag(from: Point(x: width - 50, y: 300), to: Point(x: 50, y: 300), duration: 0.05, steps: 5)
                d.advance(0.2)
            }
            d.settle()
            XCTAssertEqual(screen.nearestToCentre()?.item, LineDemoScreen.itemCount - 1, "width \(width)")
            assertCentred(screen)
            for _ in 0..<15 {
                d.drag(from: Point(x: 50, y: 300), to: Point(x: width - 50, y: 300), duration: 0.05, steps: 5)
                d.advance(0.2)
            }
            d.settle()
            XCTAssertEqual(screen.nearestToCentre()?.item, 0, "width \(width)")
            assertCentred(screen)
            // A resize keeps the centred cell.
            d.wheel(notches: 4)
            d.settle()
            d.screen.resize(width: width + 123, height: 500, scale: 1, at: d.now)
            XCTAssertEqual(screen.nearestToCentre()?.item, 4)
            assertCentred(screen)
        }
    }

    func testPagingIndicatorsMatchTheOffsetInEveryFrameOfAFastFling() {
        let d = DemoTestDriver { PagingDemoScreen() }
        let screen = d.screen as! PagingDemoScreen
        var samples = 0, sawBothOn = false
        func check() {
            let s = d.screen.state()
            let x = s.contentOffset.x
            XCTAssertEqual(s.layout["indicatorLeft"], .bool(x > 0.5), "offset \(x)")
            XCTAssertEqual(s.layout["indicatorRight"], .bool(x + 1024 < s.contentSize.width - 0.5), "offset \(x)")
            if x > 0.5 && x + 1024 < s.contentSize.width - 0.5 { sawBothOn = true }
            samples += 1
        }
        check()
        XCTAssertEqual(d.screen.state().layout["indicatorLeft"], .bool(false))
        d.drag(from: Point(x: 900, y: 400), to: Point(x: 300, y: 400), duration: 0.08, steps: 5, each: check)
        d.settle(each: check)
        XCTAssertGreaterThan(samples, 20)
        XCTAssertTrue(sawBothOn)
        XCTAssertEqual(screen.currentPage, 1, "a fling moves one page")
        XCTAssertEqual(screen.collectionView.contentOffset.x, 1024, accuracy: 0.5)
        // Wheel burst to the end, then a drag back past the start: indicators right at every frame.
        for _ in 0..<30 { d.wheel(notches: 1); d.advance(0.01, each: check) }
        d.settle(each: check)
        XCTAssertEqual(d.screen.state().layout["indicatorRight"], .bool(false))
        XCTAssertEqual(d.screen.state().layout["page"], .int(screen.strip.pageCount - 1))
        d.drag(from: Point(x: 200, y: 400), to: Point(x: 900, y: 400), duration: 0.5, steps: 20, each: check)
        d.settle(each: check)
    }
}

/// The collection screen does not ask for frames while a drag holds still (indicators are steady then).
final class DemoDragHoldTests: XCTestCase {
    func testAHeldDragIsNotAnimatingButItsReleaseIs() {
        let d = DemoTestDriver { SectionsDemoScreen(seed: 1) }
        d.press(400, 300)
        for i in 1...5 { d.clock.advance(by: 0.016); d.move(400, 300 - Double(i) * 20) }
        d.advance(0.3)
        XCTAssertFalse(d.screen.isAnimating, "holding still needs no frames")
        XCTAssertEqual(d.screen.state().layout["pointerDown"], .bool(true))
        // The drag starts at the first move past the 3.5-point threshold (y 280), then follows 1:1.
        XCTAssertEqual(d.screen.state().contentOffset.y, 80, accuracy: 0.01, "followed the pointer 1:1")
        d.release(400, 200)
        XCTAssertTrue(d.screen.isAnimating, "the indicators fade after release")
        XCTAssertEqual(d.screen.state().layout["pointerDown"], .bool(false))
        d.settle()
        XCTAssertFalse(d.screen.isAnimating)
    }
}
