import Foundation
import XCTest

/// Issue 14 item 4 under Xvfb: opening a photo grows it out of its grid cell over several frames, a swipe with the
/// mouse (one xdotool process for the whole gesture) goes to the next photo, Escape flies it back into its cell; a
/// screenshot of the whole screen in the middle of an opening (`photo-view-opening.png`, kept in
/// `$PHOTOSTACK_TEST_PNG_DIR` when that is set: docs/screenshots/photo-view-opening.png comes from there).
final class PhotoViewEndToEndTests: XCTestCase {
    func testOpeningAnimatesFromTheCellAndASwipeGoesToTheNextPhoto() throws {
        try AppSession.requireScreenshotTools()
        let library = AppSession.root.appendingPathComponent("assets/library").path
        // Album 2 is "Geometry": six 1024×683 photos.
        let s = try AppSession(arguments: [library, "--open-album", "2"], width: 1024, height: 700)
        defer { s.stop() }
        let grid = try s.expectState("the Geometry grid, settled, loaded", timeout: 20) { st in
            st.screen == "album" && st.isAtRest && !st.cells.isEmpty && st.photos.allSatisfy { $0["status"] as? String == "loaded" }
        }
        let cell = try XCTUnwrap(grid.cells.first { $0.item == 1 })
        let cellFrame = [cell.frame[0], cell.frame[1] - grid.offsetY, cell.frame[2], cell.frame[3]]

        // Click photo 1: it grows out of its cell, frame after frame (the state is written every 0.1 s while
        // animating, so each state is a different frame of the opening).
        try s.click(x: cell.centerX, y: cell.centerY - grid.offsetY)
        let opening = s.sample(timeout: 15) { st in st.screen == "photo" && st.string("transition") == nil && st.isAtRest }
        let rest = try XCTUnwrap(opening.last)
        XCTAssertEqual(rest.int("index"), 1)
        let end = try XCTUnwrap(rest.cells.last { $0.item == 1 }).frame
        XCTAssertGreaterThan(end[2], cellFrame[2] * 2, "the photo at rest is much larger than its cell")
        let between = opening.filter { $0.string("transition") == "opening" }.compactMap { $0.cells.last { $0.item == 1 }?.frame }
            .filter { f in f[2] > cellFrame[2] + 2 && f[2] < end[2] - 2 }
        XCTAssertGreaterThanOrEqual(Set(between.map { $0.map { Int($0.rounded()) } }).count, 3,
                                    "several distinct frames between the cell \(cellFrame) and the view \(end): \(between)")
        for f in between {
            // Between the cell and the view: its centre on the way from one to the other.
            let cx = f[0] + f[2] / 2, from = cellFrame[0] + cellFrame[2] / 2, to = end[0] + end[2] / 2
            XCTAssertGreaterThanOrEqual(cx, min(from, to) - 2)
            XCTAssertLessThanOrEqual(cx, max(from, to) + 2)
        }

        // A swipe to the left with the mouse (one xdotool process: press, moves ~16 ms apart, release while moving):
        // the next photo slides in. It goes past half a page, so it turns the page even when the machine's load
        // delays xdotool long enough before the release for the hand to count as stopped (the flick itself, with its
        // release velocity, is tested with a scripted clock in PhotoViewPagingTests); never more than one page.
        try s.swipe(from: (900, 350), by: -600, steps: 10)
        let next = try s.expectState("photo 2, settled", timeout: 10) { st in st.int("index") == 2 && st.isAtRest }
        XCTAssertEqual(next.double("page") ?? 0, 2, accuracy: 1e-6, "the pager rests on page 2")
        XCTAssertEqual(next.string("photo"), "pattern-3.jpg")

        // Escape: the photo shown (2, not the one opened) flies back into its cell, then the grid.
        try s.key("Escape")
        let closing = s.sample(timeout: 10) { st in st.screen == "album" && st.isAtRest }
        XCTAssertTrue(closing.contains { $0.string("transition") == "closing" }, "a closing transition was seen")
        XCTAssertEqual(closing.last?.screen, "album")

        // Open photo 0 and capture the screen while it grows (for docs/screenshots/photo-view-opening.png).
        let back = try XCTUnwrap(closing.last)
        let first = try XCTUnwrap(back.cells.first { $0.item == 0 })
        try s.click(x: first.centerX, y: first.centerY - back.offsetY)
        let mid = try s.expectState("the opening under way", timeout: 10) { st in
            st.string("transition") == "opening" && (st.cells.last { $0.item == 0 }?.frame[2] ?? 0) > first.frame[2] * 1.3
        }
        let path = s.tempDir.appendingPathComponent("photo-view-opening.png").path
        try s.screenshotOfScreen(to: path)
        if let dir = ProcessInfo.processInfo.environment["PHOTOSTACK_TEST_PNG_DIR"] {
            _ = try? s.run("/bin/cp", [path, dir + "/photo-view-opening.png"])
        }
        XCTAssertNotNil(mid.cells.last { $0.item == 0 })
        try s.expectState("photo 0 at rest", timeout: 10) { st in st.screen == "photo" && st.int("index") == 0 && st.isAtRest }
    }
}

extension AppSession {
    /// A horizontal swipe with the left button as one xdotool process: press at `from` (window pixels), `steps`
    /// moves of `by / steps` pixels about 16 ms apart, release at the last one without a pause (a flick).
    func swipe(from: (x: Double, y: Double), by dx: Double, steps: Int) throws {
        var args = move(from.x, from.y) + ["mousedown", "1"]
        for i in 1...steps {
            args += ["sleep", "0.016"] + move(from.x + dx * Double(i) / Double(steps), from.y)
        }
        args += ["mouseup", "1"]
        try xdotool(args)
    }
}
