import XCTest

/// Issue 4's end-to-end acceptance against a vertical collection screen (the sections demo): wheel,
/// kinetic drag release, and rubber-band overscroll at the top, through xdotool and --state.
final class ScrollEndToEndTests: XCTestCase {
    func session() throws -> AppSession {
        try AppSession(arguments: ["demo", "sections", "--seed", "1"], width: 800, height: 500)
    }

    func testWheelScrollsDown() throws {
        let s = try session()
        defer { s.stop() }
        let start = try XCTUnwrap(s.waitForState { !$0.animating })
        XCTAssertEqual(start.offsetY, 0)
        try s.xdotool(s.move(400, 250) + ["click", "--repeat", "3", "--delay", "30", "5"])
        let end = try XCTUnwrap(s.waitForState { !$0.animating && $0.offsetY > 0 })
        XCTAssertEqual(end.offsetY, 3 * 53, accuracy: 1, "three notches of 53 points")
        try s.xdotool(["click", "4"])
        let back = try XCTUnwrap(s.waitForState { !$0.animating && $0.offsetY < end.offsetY })
        XCTAssertEqual(back.offsetY, 2 * 53, accuracy: 1)
    }

    func testDragReleaseKeepsCoastingAfterTheButtonIsUpThenStops() throws {
        let s = try session()
        defer { s.stop() }
        _ = try XCTUnwrap(s.waitForState { !$0.animating })
        // A quick upward flick: 300 points in about 60 ms, then release while moving.
        var chain = s.move(400, 420) + ["mousedown", "1"]
        for y in stride(from: 390, through: 120, by: -30) { chain += ["sleep", "0.006"] + s.move(400, Double(y)) }
        chain += ["mouseup", "1"]
        try s.xdotool(chain)
        // xdotool has sent the release, but a busy app may still be handling the drag: a drag is not at rest
        // (pointerDown), so sample until the button is up and the coast has ended.
        let afterSend = try XCTUnwrap(s.state())
        let samples = s.sample(timeout: 8) { $0.isAtRest && $0.offsetY > afterSend.offsetY + 1 }
        // The release point: the first write the app made with the button up.
        let released = Array(samples.drop { $0.bool("pointerDown") != false })
        let releaseY = try XCTUnwrap(released.first, "never saw the button up: \(samples.map(\.offsetY))").offsetY
        let offsets = released.map(\.offsetY)
        XCTAssertGreaterThanOrEqual(Set(offsets).count, 3, "the offset kept changing after release: \(offsets)")
        let final = try XCTUnwrap(samples.last)
        XCTAssertFalse(final.animating)
        // Well past the release point, or to the end of the content when the release came within 100 points of it
        // (a busy app may take in more of the drag before it sees the button go up).
        let bottom = final.contentHeight - final.windowHeight
        XCTAssertGreaterThan(final.offsetY, min(releaseY + 100, bottom - 1), "coasted well past the release point (end \(bottom))")
        // It has stopped: the state stays put.
        XCTAssertNil(s.waitForState(timeout: 0.5) { $0.offsetY != final.offsetY }, "still moving after rest")
        // Monotone while it coasts; if the coast reached the bottom it overshoots and springs back to the edge (issue 15:
        // it used to stop dead there).
        let peak = offsets.firstIndex(of: offsets.max()!)!
        let coast = Array(offsets[...peak]), back = Array(offsets[peak...])
        XCTAssertEqual(zip(coast, coast.dropFirst()).filter { $1 < $0 - 0.5 }.count, 0, "monotone coast: \(offsets)")
        if back.count > 1 {
            XCTAssertEqual(zip(back, back.dropFirst()).filter { $1 > $0 + 0.5 }.count, 0, "one way back: \(offsets)")
            XCTAssertEqual(final.offsetY, final.contentHeight - 500, accuracy: 0.5, "came back to the bottom edge: \(offsets)")
        }
    }

    func testDraggingDownAtTheTopOverscrollsAndSpringsBackToZero() throws {
        let s = try session()
        defer { s.stop() }
        _ = try XCTUnwrap(s.waitForState { !$0.animating && $0.offsetY == 0 })
        var chain = s.move(400, 100) + ["mousedown", "1"]
        for y in stride(from: 120, through: 300, by: 20) { chain += ["sleep", "0.02"] + s.move(400, Double(y)) }
        try s.xdotool(chain)
        // Held: pulled past the top with resistance (less than the 200 points dragged).
        let held = try XCTUnwrap(s.waitForState(timeout: 5) { $0.offsetY < -20 && !$0.animating })
        XCTAssertGreaterThan(held.offsetY, -200, "rubber band resists")
        // Still held a little later: it stays overscrolled while the button is down.
        XCTAssertNil(s.waitForState(timeout: 0.3) { $0.offsetY > held.offsetY + 0.5 }, "sprang back while held")
        try s.xdotool(["mouseup", "1"])
        let samples = s.sample(timeout: 5) { !$0.animating && abs($0.offsetY) < 0.01 }
        let final = try XCTUnwrap(samples.last)
        XCTAssertEqual(final.offsetY, 0, accuracy: 0.01, "sprang back to 0")
        XCTAssertFalse(final.animating)
        XCTAssertTrue(samples.allSatisfy { $0.offsetY <= 0.5 }, "no crossing past the edge: \(samples.map(\.offsetY))")
    }
}
