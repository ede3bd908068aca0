import XCTest

/// Issue 12: opening (and closing) an album of 2,000 photos — symbolic links to the sample photos, a cold
/// thumbnail cache — costs what its first screenful costs: the fly-out starts in the frame after the click,
/// and memory grows by what is shown, not by the album's size.
final class BigAlbumEndToEndTests: XCTestCase {
    func testOpeningA2000PhotoAlbumStartsAtOnceAndStaysSmall() throws {
        let library = try TestLibrary.symlinked(albums: 1, photosPerAlbum: 2_000)
        defer { library.remove() }
        let s = try AppSession(arguments: [library.root], width: 1024, height: 768)
        defer { s.stop() }
        let rest = try s.expectState("the albums screen at rest, loaded", timeout: 20) { st in
            st.screen == "albums" && !st.animating && st.bool("scanning") == false
                && st.photos.allSatisfy { $0["status"] as? String == "loaded" }
        }
        let stack = try XCTUnwrap(rest.cells.first { $0.section == 0 && $0.item == 0 })
        XCTAssertTrue(s.resetAppPeakMemory(), "peak RSS can be reset (root or own process)")
        let before = try XCTUnwrap(s.appMemory("VmRSS"))
        try s.click(x: stack.centerX, y: stack.centerY - rest.offsetY)
        try s.expectState("the album screen at rest, its first screenful loaded", timeout: 30) { st in
            st.screen == "album" && !st.animating && !st.photos.isEmpty
                && st.photos.allSatisfy { $0["status"] as? String == "loaded" }
        }
        let peak = try XCTUnwrap(s.appMemory("VmHWM"))
        XCTAssertLessThan(peak - before, 50 << 20, "peak RSS grew by \((peak - before) >> 20) MB over \(before >> 20) MB")

        // The frame log: the click, then at once the first frame of the fly-out.
        let frames = try XCTUnwrap(s.waitForFrames(timeout: 5) { f in f.contains { $0.screen == "album" } })
        let click = try XCTUnwrap(frames.lastIndex { $0.time(of: "up") != nil && $0.screen == "album" }
                                  ?? frames.lastIndex { $0.time(of: "up") != nil })
        let clickTime = try XCTUnwrap(frames[click].time(of: "up"))
        let firstAlbumFrame = try XCTUnwrap(frames.first { $0.screen == "album" })
        XCTAssertLessThan(firstAlbumFrame.t - clickTime, 0.25, "the fly-out began \(firstAlbumFrame.t - clickTime) s after the click")
        let flight = frames.filter { $0.screen == "album" && $0.t <= firstAlbumFrame.t + 0.45 }
        XCTAssertGreaterThanOrEqual(flight.count, 3, "the fly-out is animated frame by frame: \(flight.map(\.t))")
        XCTAssertLessThan(flight.map(\.cpuMs).max() ?? 0, 200, "no frame of the fly-out does work for every photo")
        // Issue 14: after its first frame (the unrotated cards of the pile's photos), the fly-out and the grid it
        // lands in build no card on the UI thread and never wait for one: exact cards come from the builders while
        // the cards already made stand in.
        let openFrames = frames.filter { $0.screen == "album" && $0.t > firstAlbumFrame.t }
        let uiWork = openFrames.filter { ($0.work["uiCards"] ?? 0) + ($0.work["uiUnrotatedCards"] ?? 0) + ($0.work["cardWaits"] ?? 0) > 0 }
        XCTAssertEqual(uiWork.map(\.work), [], "card work on the UI thread after the first frame of the fly-out")
        print("figure: fly-out of 2,000 photos: first frame \(firstAlbumFrame.cpuMs) ms CPU \(firstAlbumFrame.work), "
              + "then max \(openFrames.map(\.cpuMs).max() ?? 0) ms over \(openFrames.count) frames")

        // Closing flies the photos on screen back, also without a stall.
        XCTAssertTrue(s.resetAppPeakMemory())
        let open = try XCTUnwrap(s.appMemory("VmRSS"))
        let framesBeforeClose = s.frames().count
        try s.key("Escape")
        try s.expectState("back on the albums screen at rest", timeout: 20) { st in st.screen == "albums" && !st.animating }
        XCTAssertLessThan(try XCTUnwrap(s.appMemory("VmHWM")) - open, 50 << 20)
        // The fly-back builds no card on the UI thread: the photos fly as the unrotated cards they have, and the
        // stack they land in is drawn from cards kept or built in the background.
        let closing = try XCTUnwrap(s.waitForFrames(timeout: 5) { $0.count > framesBeforeClose && $0.last?.screen == "albums" })
        let closeFrames = Array(closing[framesBeforeClose...])
        XCTAssertGreaterThanOrEqual(closeFrames.count, 3, "the fly-back is animated frame by frame")
        XCTAssertEqual(closeFrames.filter { ($0.work["uiCards"] ?? 0) + ($0.work["uiUnrotatedCards"] ?? 0) > 0 }.map(\.work), [],
                       "card work on the UI thread while closing")
        print("figure: fly-back: max \(closeFrames.map(\.cpuMs).max() ?? 0) ms CPU over \(closeFrames.count) frames")
    }
}
