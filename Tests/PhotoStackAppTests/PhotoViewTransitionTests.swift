import Canvas
import Foundation
import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 14 item 4: opening a photo grows it out of its grid cell (the grid fading behind), closing returns it into
/// the cell of the photo shown (scrolled into view first), and a close during the opening starts from where and how
/// fast the photo moves.
final class PhotoViewTransitionTests: XCTestCase {
    func testOpeningGrowsThePhotoOutOfItsCellWithTheGridBehind() throws {
        let h = BrowserHarness(root: try PhotoViewTest.library(count: 8, case: self), width: 1280, height: 800)
        let grid = try PhotoViewTest.openGrid(h)
        let cell = try XCTUnwrap(grid.windowFrame(ofItem: 2))
        h.click(x: cell.midX, y: cell.midY)
        let photo = try XCTUnwrap(h.browser.top as? PhotoScreen)
        XCTAssertEqual(h.browser.state().layout["transition"], .string("opening"))
        h.frame()
        let first = try XCTUnwrap(PhotoViewTest.frame(h.browser, item: 2))
        for (a, b) in [(first.minX, cell.minX), (first.minY, cell.minY), (first.width, cell.width), (first.height, cell.height)] {
            XCTAssertEqual(a, b, accuracy: 1, "the first frame shows the photo at its cell \(cell): \(first)")
        }
        // The grid shows behind it: a corner of the window is the grid's background, not the view's.
        let viewBackground = (r: 18, g: 19, b: 22)
        let corner = h.host.surface.pixel(x: 6, y: 790)
        XCTAssertGreaterThan(abs(Int(corner.b) - viewBackground.b) + abs(Int(corner.g) - viewBackground.g), 15,
                            "the grid beneath shows: \(corner)")
        var frames = [first]
        frames += h.frames(while: { photo.isTransitioning }) { PhotoViewTest.frame(h.browser, item: 2) ?? .zero }
        XCTAssertGreaterThan(frames.count, 12, "it moves over several frames")
        XCTAssertNil(h.browser.state().layout["transition"])
        let end = photo.imageRect
        XCTAssertEqual(end.width, 1024, accuracy: 1e-9, "a 1024 px photo in a 1280×800 window rests at 100 %")
        // Monotone towards the view: no edge ever moves away from where it ends.
        for (a, b) in zip(frames, frames.dropFirst()) {
            for (from, to, goal) in [(a.minX, b.minX, end.minX), (a.minY, b.minY, end.minY), (a.maxX, b.maxX, end.maxX), (a.maxY, b.maxY, end.maxY)] {
                XCTAssertLessThanOrEqual(abs(to - goal), abs(from - goal) + 1e-6, "\(a) → \(b) towards \(end)")
            }
        }
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last.minX, end.minX, accuracy: 1e-6)
        XCTAssertEqual(last.width, end.width, accuracy: 1e-6)
        let rest = h.host.surface.pixel(x: 6, y: 790)
        XCTAssertLessThanOrEqual(abs(Int(rest.r) - viewBackground.r) + abs(Int(rest.g) - viewBackground.g) + abs(Int(rest.b) - viewBackground.b), 3,
                                 "at rest the view covers the grid: \(rest)")
    }

    func testClosingLandsInTheCellOfThePhotoShownScrolledIntoView() throws {
        let h = BrowserHarness(root: try PhotoViewTest.library(count: 40, case: self), width: 1280, height: 800)
        let b = h.browser
        let grid = try PhotoViewTest.openGrid(h)
        let cell0 = try XCTUnwrap(grid.windowFrame(ofItem: 0))
        h.click(x: cell0.midX, y: cell0.midY)
        h.settle()
        let photo = try XCTUnwrap(b.top as? PhotoScreen)
        h.key(.end)
        h.settle()
        XCTAssertEqual(photo.index, 39)
        let below = try XCTUnwrap(grid.collectionView.collectionViewLayout.layoutAttributesForItem(at: StackEngine.IndexPath(item: 39, section: 0))).frame
        XCTAssertGreaterThan(below.minY - grid.collectionView.contentOffset.y, 800, "photo 39's cell is below the window")

        h.key(.escape)
        XCTAssertEqual(b.state().layout["transition"], .string("closing"))
        let target = try XCTUnwrap(grid.windowFrame(ofItem: 39))
        XCTAssertGreaterThanOrEqual(target.minY, 0, "scrolled so the cell is in view: \(target)")
        XCTAssertLessThanOrEqual(target.maxY, 800, "scrolled so the cell is in view: \(target)")
        // Sampled while the photo view is on top (the frame that pops it leaves the grid's state, in content points).
        let frames = h.frames(while: { b.top === photo }) { b.top === photo ? PhotoViewTest.frame(b, item: 39) : nil }.compactMap { $0 }
        XCTAssertEqual(b.name, "album")
        let landed = try XCTUnwrap(frames.last)
        let cell = try XCTUnwrap(grid.windowFrame(ofItem: 39))
        XCTAssertEqual(cell, target, "the grid did not move while the photo flew back")
        for (a, c) in [(landed.minX, cell.minX), (landed.minY, cell.minY), (landed.width, cell.width), (landed.height, cell.height)] {
            XCTAssertEqual(a, c, accuracy: 1, "the photo lands in its cell \(cell): \(landed)")
        }
        XCTAssertGreaterThan(frames.count, 12)
        XCTAssertEqual(grid.selectedItem, 39)
        let view = try XCTUnwrap(grid.collectionView.cellForItem(at: StackEngine.IndexPath(item: 39, section: 0)) as? PhotoCell)
        XCTAssertTrue(view.isDrawn, "the cell is drawn again")
    }

    func testClosingDuringTheOpeningStartsFromWhereAndHowFastThePhotoMoves() throws {
        let h = BrowserHarness(root: try PhotoViewTest.library(count: 8, case: self), width: 1280, height: 800)
        let b = h.browser
        let grid = try PhotoViewTest.openGrid(h)
        let cell = try XCTUnwrap(grid.windowFrame(ofItem: 1))
        h.click(x: cell.midX, y: cell.midY)
        var widths: [Double] = []
        for _ in 0..<7 { h.frame(); widths.append(try XCTUnwrap(PhotoViewTest.frame(b, item: 1)).width) }
        let step = widths[6] - widths[5]
        XCTAssertGreaterThan(step, 10, "growing fast when the close comes: \(widths)")
        h.key(.escape)
        XCTAssertEqual(b.state().layout["transition"], .string("closing"))
        h.frame()
        let after = try XCTUnwrap(PhotoViewTest.frame(b, item: 1)).width
        // Its speed is carried over: it goes on growing for a moment (a restart from rest would shrink at once),
        // never faster than before, and never jumps.
        XCTAssertGreaterThan(after, widths[6], "keeps its momentum: \(widths) then \(after)")
        XCTAssertLessThan(after - widths[6], step + 1)
        var previous = after
        var grew = true
        let rest = h.frames(while: { b.top is PhotoScreen }) { PhotoViewTest.frame(b, item: 1)?.width }.compactMap { $0 }
        for w in rest {
            XCTAssertLessThan(abs(w - previous), 80, "no jump")
            if w < previous { grew = false } else { XCTAssertTrue(grew, "turns back once: \(rest)") }
            previous = w
        }
        XCTAssertEqual(b.name, "album")
        XCTAssertEqual(try XCTUnwrap(rest.last), cell.width, accuracy: 1)
    }

    func testAClickOnTheBackgroundClosesIntoTheCellAndAClickOnThePhotoDoesNot() throws {
        let h = BrowserHarness(root: try PhotoViewTest.library(count: 8, case: self), width: 1280, height: 800)
        let b = h.browser
        let grid = try PhotoViewTest.openGrid(h)
        let cell = try XCTUnwrap(grid.windowFrame(ofItem: 3))
        h.click(x: cell.midX, y: cell.midY)
        h.settle()
        let photo = try XCTUnwrap(b.top as? PhotoScreen)
        let r = photo.imageRect
        h.click(x: r.midX, y: r.midY)
        h.settle()
        XCTAssertTrue(b.top === photo, "a click on the photo keeps the view")
        XCTAssertNil(b.state().layout["transition"])
        h.click(x: 8, y: r.midY)   // left of the photo: the background
        XCTAssertEqual(b.state().layout["transition"], .string("closing"))
        let frames = h.frames(while: { b.top === photo }) { b.top === photo ? PhotoViewTest.frame(b, item: 3) : nil }.compactMap { $0 }
        XCTAssertEqual(b.name, "album")
        let landed = try XCTUnwrap(frames.last)
        XCTAssertEqual(landed.minX, cell.minX, accuracy: 1, "into its cell")
        XCTAssertEqual(landed.width, cell.width, accuracy: 1)
    }
}
