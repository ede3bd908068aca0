import Foundation
import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 14, item 1 through the albums screen: bounded stacks at desktop sizes; Ctrl+wheel, Ctrl+plus/minus/0 and
/// pinches give 2k / 3k columns (k = 1…4); every step animates and keeps the stack under the pointer at the
/// pointer's height.
final class AlbumsZoomTests: XCTestCase {
    typealias Z = ZoomTestSupport

    /// 1920 × 1080 (also as 3840 × 2160 pixels at scale 2) and 3840 × 2160 at scale 1: three columns of 360 pt stacks,
    /// and the second row's titles are on screen.
    func testTwoFullRowsOfThreeAtDesktopSizes() throws {
        let root = try Z.library(albums: 12, photos: 3, in: self)
        for (w, h, scale) in [(1920.0, 1080.0, 1.0), (1920, 1080, 2), (3840, 2160, 1)] {
            let b = Z.browser(root: root, width: w, height: h, scale: scale)
            XCTAssertEqual(Z.int(b, "columns"), 3, "\(w)×\(h)@\(scale)")
            XCTAssertEqual(Z.double(b, "stackSide"), 360, "\(w)×\(h)@\(scale)")
            let titles = b.browser.state().visible.filter { $0.kind == PhotoStackLayout.titleKind }
            for s in 0..<6 {
                let t = try XCTUnwrap(titles.first { $0.section == s }, "title \(s) on screen")
                XCTAssertLessThanOrEqual(t.frame[1] + t.frame[3], h, "title \(s) whole in the window")
            }
        }
    }

    /// Ctrl+wheel down three notches: 3 → 6 → 9 → 12 columns, and no further; Ctrl+plus, Ctrl+= and keypad plus
    /// back up; Ctrl+minus (keypad minus) down; Ctrl+0 to the default; a touchpad's fractional notches add up. Every
    /// step animates. Portrait: 2, 4, 6, 8.
    func testZoomStepsMultiplyTheColumnsKeepingTheRule() throws {
        let root = try Z.library(albums: 12, photos: 3, in: self)
        for (w, h, base) in [(1920.0, 1080.0, 3), (1080, 1920, 2)] {
            let b = Z.browser(root: root, width: w, height: h)
            let p = Point(x: w / 2, y: h / 2)
            var seen = [Z.int(b, "columns")]
            for i in 0..<4 {
                Z.ctrlWheel(b, 1, at: p)
                XCTAssertEqual(Z.moving(b), i < 3, "a step animates; past k = 4 nothing happens")
                XCTAssertTrue(b.browser.state().layout["zoomLevel"] != nil)
                Z.settle(b)
                seen.append(Z.int(b, "columns"))
            }
            XCTAssertEqual(seen, [base, 2 * base, 3 * base, 4 * base, 4 * base], "\(w)×\(h)")
            XCTAssertEqual(Z.int(b, "zoomLevel"), -3)
            b.key(.plus, modifiers: .control); Z.settle(b)
            XCTAssertEqual(Z.int(b, "columns"), 3 * base, "Ctrl+plus")
            b.key(.character("="), modifiers: .control); Z.settle(b)
            XCTAssertEqual(Z.int(b, "columns"), 2 * base, "Ctrl+=")
            b.key(.minus, modifiers: .control); Z.settle(b)
            XCTAssertEqual(Z.int(b, "columns"), 3 * base, "Ctrl+minus")
            b.key(.character("0"), modifiers: .control); Z.settle(b)
            XCTAssertEqual(Z.int(b, "columns"), base, "Ctrl+0")
            XCTAssertEqual(Z.int(b, "zoomLevel"), 0)
            b.key(.plus, modifiers: .control); Z.settle(b)
            XCTAssertEqual(Z.int(b, "columns"), base, "the default is the largest")
            b.key(.minus); Z.settle(b)
            XCTAssertEqual(Z.int(b, "columns"), base, "minus without Ctrl is no zoom")
            // A touchpad: 0.4 + 0.4 notch is not yet a step, the third makes one.
            Z.ctrlWheel(b, 0.4, at: p, precise: true); Z.ctrlWheel(b, 0.4, at: p, precise: true)
            Z.settle(b)
            XCTAssertEqual(Z.int(b, "columns"), base)
            Z.ctrlWheel(b, 0.4, at: p, precise: true); Z.settle(b)
            XCTAssertEqual(Z.int(b, "columns"), 2 * base)
            XCTAssertEqual(b.browser.albums.collectionView.contentOffset.x, 0)
        }
    }

    /// A notch with the pointer on a stack in the middle of a scrolled window, and a second notch 0.1 s later: the
    /// point of the stack under the pointer stays at the pointer's height in every frame (within 1 pt) and at the
    /// end; across, the stack glides to its new column without a jump.
    func testTheStackUnderThePointerStaysAtItsHeight() throws {
        let root = try Z.library(albums: 90, photos: 3, in: self)
        let b = Z.browser(root: root)
        let albums = b.browser.albums, cv = albums.collectionView
        cv.setContentOffset(Point(x: 0, y: 2600), animated: false)
        Z.settle(b)
        let section = try XCTUnwrap(albums.stackLayout.sectionForStack(at: Point(x: 1500, y: 2600 + 500)))
        let stack = albums.stackLayout.frameForStack(section: section)
        let pointer = Point(x: stack.minX + 0.7 * stack.width, y: stack.minY + 0.35 * stack.height - cv.contentOffset.y)
        b.handle(.pointerMoved(x: pointer.x, y: pointer.y, modifiers: [], time: b.clock.now))
        let cell = StackEngine.IndexPath(item: 0, section: section)
        let u = try Z.unitPoint(cv, cell: cell, pointer: pointer)
        Z.ctrlWheel(b, 1, at: pointer)
        let run = try Z.follow(b, cv, cell: cell, u: u, pointer: pointer, seconds: 1.2,
                               during: [12: { Z.ctrlWheel(b, 1, at: pointer) }])
        XCTAssertEqual(Z.int(b, "columns"), 9)
        XCTAssertFalse(Z.moving(b))
        XCTAssertLessThanOrEqual(run.lastY, 1, "at the pointer's height at the end")
        XCTAssertLessThanOrEqual(run.worstY, 1, "at the pointer's height in every frame")
        let travel = (run.xs.max() ?? 0) - (run.xs.min() ?? 0)
        XCTAssertLessThanOrEqual(Z.largestStep(run.xs), 2 * .pi / 0.35 * travel / 120 + 0.5, "no jump across")
    }

    /// Synthetic touchpad pinches (XInput 2.4 sends them; Xvfb does not): closing the fingers to 0.45 of their spread
    /// gives k = 2, to 0.3 k = 3; spreading them three times as far in a new pinch back to k = 1. Jitter around a
    /// boundary does not flip the level.
    func testPinchesZoom() throws {
        let root = try Z.library(albums: 12, photos: 3, in: self)
        let b = Z.browser(root: root)
        let p = Point(x: 900, y: 500)
        Z.pinch(b, .began, scale: 1, at: p)
        Z.pinch(b, .changed, scale: 0.8, at: p); Z.step(b)
        XCTAssertEqual(Z.int(b, "columns"), 3, "k = 1.25 is still 1")
        Z.pinch(b, .changed, scale: 0.45, at: p); Z.step(b)
        XCTAssertTrue(Z.moving(b))
        XCTAssertEqual(Z.int(b, "columns"), 6)
        Z.pinch(b, .changed, scale: 0.42, at: p); Z.pinch(b, .changed, scale: 0.46, at: p); Z.step(b)
        XCTAssertEqual(Z.int(b, "columns"), 6, "no flip near a boundary")
        Z.pinch(b, .changed, scale: 0.3, at: p); Z.step(b)
        XCTAssertEqual(Z.int(b, "columns"), 9)
        Z.pinch(b, .ended, scale: 0.3, at: p)
        Z.settle(b)
        Z.pinch(b, .began, scale: 1, at: p)
        Z.pinch(b, .changed, scale: 3, at: p)
        Z.pinch(b, .ended, scale: 3, at: p)
        Z.settle(b)
        XCTAssertEqual(Z.int(b, "columns"), 3)
        XCTAssertEqual(Z.int(b, "zoomLevel"), 0)
    }
}
