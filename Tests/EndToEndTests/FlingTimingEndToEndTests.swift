import XCTest

/// Issue 19: a flick released soon after launch (cold thumbnail cache, the loader busy) starts coasting in
/// the first frames after the release — event times are never mapped into the future.
final class FlingTimingEndToEndTests: XCTestCase {
    func testAFlickSoonAfterLaunchCoastsFromTheFirstFramesAfterTheRelease() throws {
        let library = try TestLibrary.symlinked(albums: 60, photosPerAlbum: 3)
        defer { library.remove() }
        // The screen is larger than the window, so the pointer (at the screen's centre) starts outside it and
        // the first event with a server time the app sees is the one sent below.
        let s = try AppSession(arguments: [library.root], width: 800, height: 600, screen: (1600, 1200))
        defer { s.stop() }
        try s.expectState("the albums screen at rest, scanned", timeout: 15) { st in
            st.screen == "albums" && !st.animating && st.bool("scanning") == false
        }
        // The app's first timestamped event reaches it 0.3–0.6 s late, as when it is busy starting up: it is held
        // (SIGSTOP) while the pointer enters the window, then let go.
        let pid = try XCTUnwrap(s.appProcess?.processIdentifier)
        kill(pid, SIGSTOP)
        try s.xdotool(s.move(400, 300) + ["sleep", "0.25"])
        kill(pid, SIGCONT)
        _ = try XCTUnwrap(s.waitForFrames(timeout: 5) { !$0.isEmpty }, "no frame logged")
        // A quick upward flick: 300 points in about 60 ms, released while moving.
        var chain = s.move(400, 500) + ["mousedown", "1"]
        for y in stride(from: 470, through: 200, by: -30) { chain += ["sleep", "0.006"] + s.move(400, Double(y)) }
        chain += ["mouseup", "1"]
        try s.xdotool(chain)

        // The frame that handled the release, and 0.3 s of frames after it.
        func releaseIndex(_ f: [FrameReading]) -> Int? { f.lastIndex { $0.time(of: "up") != nil } }
        let frames = try XCTUnwrap(s.waitForFrames(timeout: 5) { f in
            guard let i = releaseIndex(f) else { return false }
            return f.last!.t >= f[i].t + 0.3
        }, "no frames 0.3 s after the release in the frame log")
        let i = try XCTUnwrap(releaseIndex(frames))
        let release = frames[i]
        let upTime = try XCTUnwrap(release.time(of: "up"))
        XCTAssertLessThanOrEqual(upTime, release.t + 1e-3, "the release was stamped after the frame that handled it")
        // The frames after the release coast from it at once (the bug: they stayed at the release offset for as
        // long as the first event had been late). Frame pacing depends on the machine's load, so the check is on
        // the first frames drawn, whenever they came.
        let after = Array(frames[(i + 1)...])
        let trace = frames[i...].prefix(12).map { String(format: "%.3f:%.1f", $0.t - release.t, $0.y) }
        let first = try XCTUnwrap(after.first, "no frame after the release")
        XCTAssertGreaterThan(first.y, release.y + 1, "the first frame after the release already coasts: \(trace)")
        let later = try XCTUnwrap(after.first { $0.t >= release.t + 0.1 })
        XCTAssertGreaterThan(later.y, release.y + 50, "coasting fast 0.1 s after the release: \(trace)")
    }
}
