import Foundation
import XCTest

/// Issue 15: live resize under a real window manager (openbox, started by the test on its own Xvfb). The window
/// manager resizes the window step by step (Alt + right-button drag, as dragging an edge), sending
/// `_NET_WM_SYNC_REQUEST` before each step; the test captures the window after every step.
final class LiveResizeEndToEndTests: XCTestCase {
    /// `albums` folders of two generated photos each: plasma noise between mid colours (no pure black or white, no
    /// flat areas), so anything flat or black in a capture is not the app's drawing.
    static func plasmaLibrary(albums: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-plasma-\(UUID().uuidString)")
        for a in 1...albums {
            let dir = root.appendingPathComponent(String(format: "Album %02d", a))
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for p in 1...2 {
                let file = dir.appendingPathComponent("photo-\(p).jpg").path
                let r = try AppSession.execute("/usr/bin/convert", ["-size", "360x270", "-seed", String(a * 10 + p),
                                                                   "plasma:tomato-steelblue", "+noise", "Uniform",
                                                                   "+level", "12%,88%", file], display: nil)
                guard r.status == 0 else { throw XCTSkip("convert failed: \(r.err)") }
            }
        }
        return root
    }

    /// The first album whose top card's centre is below the top of the window (the album the user is looking at;
    /// the app reports the same as `albumAtTop`).
    static func albumAtTop(_ st: AppStateReading) -> Int? {
        st.cells.filter { $0.item == 0 && $0.centerY > st.offsetY }.map(\.section).min()
    }

    func testLiveResizeShowsNoGarbageAndKeepsTheAlbumAtTheTop() throws {
        try AppSession.requireWindowManager()
        try AppSession.requireScreenshotTools()
        let library = try Self.plasmaLibrary(albums: 24)
        defer { try? FileManager.default.removeItem(at: library) }
        let s = try AppSession(arguments: [library.path], width: 900, height: 700, screen: (1600, 1200), windowManager: true)
        defer { s.stop() }
        XCTAssertTrue(try s.xprop(["WM_PROTOCOLS"]).contains("_NET_WM_SYNC_REQUEST"), "takes part in the sync protocol")
        XCTAssertTrue(try s.xprop(["_NET_WM_SYNC_REQUEST_COUNTER"]).contains("CARDINAL"), "publishes its counter")
        try s.expectState("the albums, loaded, at rest", timeout: 20) { st in
            st.int("albums") == 24 && st.isAtRest && !st.photos.isEmpty && st.photos.allSatisfy { $0["status"] as? String == "loaded" }
        }
        XCTAssertEqual(try s.capture(named: "start").garbage(), [])
        // Scroll a few rows down: the album at the top is then one in the middle of the library.
        try s.click(x: 450, y: 350, button: 5)
        try s.click(x: 450, y: 350, button: 5)
        try s.key("Next")
        let scrolled = try s.expectState("scrolled, at rest") { $0.isAtRest && $0.offsetY > 300 }
        let anchor = try XCTUnwrap(Self.albumAtTop(scrolled))
        XCTAssertGreaterThan(anchor, 2)

        // Ten live resizes, growing and shrinking (so the window ends at its first size), captured after every step.
        var captured = 0
        for r in 0..<10 {
            let grow = r % 2 == 0
            try s.dragResize(dx: grow ? 280 : -280, dy: grow ? 180 : -180, steps: 4) {
                let c = try s.capture(named: String(format: "resize-%02d-%03d", r, captured))
                XCTAssertEqual(c.garbage(), [], "resize \(r), capture \(captured) (\(c.width)×\(c.height))")
                captured += 1
            }
        }
        let end = try s.expectState("back at 900×700, at rest", timeout: 15) { $0.windowWidth == 900 && $0.isAtRest }
        if let reported = end.int("albumAtTop") { XCTAssertEqual(reported, Self.albumAtTop(end)) }
        XCTAssertEqual(Self.albumAtTop(end), anchor, "the same album at the top after ten resizes")
        XCTAssertEqual(try s.capture(named: "end").garbage(), [])
    }
}
