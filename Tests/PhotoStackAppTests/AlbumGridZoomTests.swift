import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 14, item 2 through the album screen: a desktop grid (at least 6 columns at 1920 × 1080), zoomed by
/// Ctrl+wheel, Ctrl+plus/minus/0 and pinches between about 100 and 500 pt cells, every step an animated reflow that
/// keeps the photo under the pointer at the pointer's height.
final class AlbumGridZoomTests: XCTestCase {
    typealias Z = ZoomTestSupport

    /// A browser at `width` × `height` with album 0 (`photos` photos) open and settled.
    private func grid(photos: Int, width: Double = 1920, height: Double = 1080) throws -> (BrowserHarness, AlbumScreen) {
        let root = try Z.library(albums: 2, photos: photos, in: self)
        let b = Z.browser(root: root, width: width, height: height)
        let c = b.stackCenter(section: 0)
        b.click(x: c.x, y: c.y)
        Z.settle(b)
        let screen = try XCTUnwrap(b.browser.top as? AlbumScreen)
        return (b, screen)
    }

    /// The default grid at 1920 × 1080 has at least 6 columns; Ctrl+wheel up (larger) and down (smaller) reach cells
    /// of about 500 and 100 pt and stop there; every step that changes the columns animates; Ctrl+0 is the default.
    func testDefaultColumnsAndTheZoomRange() throws {
        let (b, screen) = try grid(photos: 60)
        let start = try XCTUnwrap(Z.int(b, "columns"))
        XCTAssertGreaterThanOrEqual(start, 6)
        XCTAssertEqual(Z.int(b, "zoomLevel"), 0)
        let p = Point(x: 960, y: 600)
        var columns = [start], sides = [try XCTUnwrap(Z.double(b, "cellSide"))]
        for _ in 0..<10 {
            let before = screen.zoomLevel
            Z.ctrlWheel(b, -1, at: p)   // up: larger
            XCTAssertEqual(Z.moving(b), screen.zoomLevel != before, "a step that changes the columns animates")
            Z.settle(b)
            columns.append(Z.int(b, "columns") ?? 0); sides.append(Z.double(b, "cellSide") ?? 0)
        }
        XCTAssertEqual(columns, columns.sorted(by: >), "larger cells, fewer columns: \(columns)")
        let largest = try XCTUnwrap(sides.max())
        XCTAssertGreaterThanOrEqual(largest, 400); XCTAssertLessThanOrEqual(largest, 560)
        b.key(.character("0"), modifiers: .control); Z.settle(b)
        XCTAssertEqual(Z.int(b, "columns"), start, "Ctrl+0")
        for _ in 0..<10 {
            b.key(.minus, modifiers: .control); Z.settle(b)
            sides.append(Z.double(b, "cellSide") ?? 0)
        }
        let smallest = try XCTUnwrap(sides.min())
        XCTAssertGreaterThanOrEqual(smallest, 85); XCTAssertLessThanOrEqual(smallest, 120)
        let densest = Z.int(b, "columns") ?? 0
        XCTAssertGreaterThanOrEqual(densest, 14)
        b.key(.plus, modifiers: .control); Z.settle(b)
        XCTAssertLessThan(Z.int(b, "columns") ?? 0, densest, "Ctrl+plus")
        XCTAssertTrue(b.browser.top === screen, "zoom never leaves the grid")
    }

    /// A narrow (phone-sized) window keeps the grid of before: two columns at 320 pt.
    func testANarrowWindowKeepsTwoColumns() throws {
        let (b, _) = try grid(photos: 6, width: 320, height: 568)
        XCTAssertEqual(Z.int(b, "columns"), 2)
    }

    /// A Ctrl+wheel notch with the pointer on a photo of a scrolled grid, and another 0.1 s later: the photo's point
    /// under the pointer stays at the pointer's height in every frame (within 1 pt) and at the end.
    func testThePhotoUnderThePointerStaysAtItsHeight() throws {
        let (b, screen) = try grid(photos: 400)
        let cv = screen.collectionView
        cv.setContentOffset(Point(x: 0, y: 3000), animated: false)
        Z.settle(b)
        let pointer = Point(x: 1210, y: 640)
        b.handle(.pointerMoved(x: pointer.x, y: pointer.y, modifiers: [], time: b.clock.now))
        let cell = try XCTUnwrap(cv.anchorCell(near: pointer))
        let u = try Z.unitPoint(cv, cell: cell, pointer: pointer)
        XCTAssertTrue((0...1).contains(u.x) && (0...1).contains(u.y), "the pointer is on the photo")
        let before = Z.int(b, "columns") ?? 0
        Z.ctrlWheel(b, -1, at: pointer)
        let run = try Z.follow(b, cv, cell: cell, u: u, pointer: pointer, seconds: 1.2,
                               during: [12: { Z.ctrlWheel(b, -1, at: pointer) }])
        XCTAssertLessThan(Z.int(b, "columns") ?? 0, before)
        XCTAssertFalse(Z.moving(b))
        XCTAssertLessThanOrEqual(run.lastY, 1, "at the pointer's height at the end")
        XCTAssertLessThanOrEqual(run.worstY, 1, "at the pointer's height in every frame")
    }

    /// Pinching out (fingers twice as far apart) makes the cells larger, pinching in smaller.
    func testPinchesZoomTheGrid() throws {
        let (b, _) = try grid(photos: 60)
        let p = Point(x: 700, y: 500)
        let start = Z.int(b, "columns") ?? 0
        Z.pinch(b, .began, scale: 1, at: p)
        Z.pinch(b, .changed, scale: 2, at: p)
        XCTAssertTrue(Z.moving(b))
        Z.pinch(b, .ended, scale: 2, at: p)
        Z.settle(b)
        XCTAssertLessThan(Z.int(b, "columns") ?? 0, start)
        Z.pinch(b, .began, scale: 1, at: p)
        Z.pinch(b, .changed, scale: 0.25, at: p)
        Z.pinch(b, .ended, scale: 0.25, at: p)
        Z.settle(b)
        XCTAssertGreaterThan(Z.int(b, "columns") ?? 0, start)
    }
}
