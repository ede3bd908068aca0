import XCTest

/// The line, circle, calendar and paging demos under Xvfb, driven with xdotool and read through --state.
final class DemoLayoutsEndToEndTests: XCTestCase {
    /// xdotool arguments for a horizontal press–move–release from x0 to x1 at height y in `steps` moves
    /// `pause` seconds apart (fast: a fling; slow with a final hold: a drag that stops before release).
    func horizontalDrag(_ s: AppSession, from x0: Double, to x1: Double, y: Double, steps: Int, pause: Double,
                        holdBeforeRelease: Double = 0) -> [String] {
        var chain = s.move(x0, y) + ["mousedown", "1"]
        for i in 1...steps {
            chain += ["sleep", String(pause)] + s.move(x0 + (x1 - x0) * Double(i) / Double(steps), y)
        }
        if holdBeforeRelease > 0 { chain += ["sleep", String(holdBeforeRelease)] }
        return chain + ["mouseup", "1"]
    }

    func testLineRestsWithACentredCellAfterAFlingAndAfterADrag() throws {
        let s = try AppSession(arguments: ["demo", "line"])
        defer { s.stop() }
        let start = try XCTUnwrap(s.waitForState { $0.screen == "demo:line" && !$0.animating })
        XCTAssertEqual(try XCTUnwrap(start.double("centreDistance")), 0, accuracy: 0.5)
        // Fling to the left: the content moves right, coasts, and snaps continuously.
        try s.xdotool(horizontalDrag(s, from: 850, to: 350, y: 300, steps: 8, pause: 0.008))
        let flung = s.sample(timeout: 10) { $0.isAtRest && $0.offsetX > start.offsetX + 1 }
        let afterFling = try XCTUnwrap(flung.last)
        XCTAssertFalse(afterFling.animating)
        XCTAssertGreaterThan(afterFling.offsetX - start.offsetX, 500, "coasted beyond the pointer travel")
        XCTAssertEqual(try XCTUnwrap(afterFling.double("centreDistance")), 0, accuracy: 0.5, "a cell rests exactly centred")
        XCTAssertEqual(try XCTUnwrap(afterFling.double("centredScale")), 1.3, accuracy: 0.01)
        XCTAssertGreaterThan(flung.filter(\.animating).count, 1, "it moved over several frames after release")
        // A slow drag that stops before the release: it still settles with a cell centred.
        try s.xdotool(horizontalDrag(s, from: 300, to: 500, y: 300, steps: 10, pause: 0.03, holdBeforeRelease: 0.2))
        let dragged = try XCTUnwrap(s.waitForState { $0.isAtRest && abs($0.offsetX - afterFling.offsetX) > 1 })
        XCTAssertEqual(try XCTUnwrap(dragged.double("centreDistance")), 0, accuracy: 0.5)
        XCTAssertLessThan(dragged.offsetX, afterFling.offsetX, "dragging right moves back")
        // Wheel notches (vertical wheel) scroll sideways and also rest centred.
        try s.xdotool(s.move(500, 300) + ["click", "--repeat", "4", "--delay", "25", "5"])
        let wheeled = try XCTUnwrap(s.waitForState { !$0.animating && $0.offsetX > dragged.offsetX + 1 })
        XCTAssertEqual(try XCTUnwrap(wheeled.double("centreDistance")), 0, accuracy: 0.5)
        XCTAssertEqual(wheeled.int("centredItem"), dragged.int("centredItem").map { $0 + 4 }, "one cell per notch")
    }

    func testCircleDeletesOnACellClickAndInsertsOnEmptySpaceAnimated() throws {
        let s = try AppSession(arguments: ["demo", "circle"])
        defer { s.stop() }
        let start = try XCTUnwrap(s.waitForState { $0.screen == "demo:circle" && !$0.animating })
        XCTAssertEqual(start.int("count"), 20)
        XCTAssertEqual(start.cells.count, 20)
        let target = try XCTUnwrap(start.cells.first { $0.item == 5 })
        try s.xdotool(s.move(target.centerX, target.centerY) + ["click", "1"])
        let deleting = s.sample(timeout: 5) { !$0.animating && $0.int("count") == 19 }
        XCTAssertTrue(deleting.contains { $0.animating && $0.int("count") == 19 }, "animating in between")
        let afterDelete = try XCTUnwrap(deleting.last)
        XCTAssertEqual(afterDelete.int("count"), 19)
        XCTAssertEqual(afterDelete.cells.count, 19)
        XCTAssertTrue(afterDelete.cells.allSatisfy { $0.alpha == 1 })
        // Empty space: the middle of the circle.
        try s.xdotool(s.move(512, 384) + ["click", "1"])
        let inserting = s.sample(timeout: 5) { !$0.animating && $0.int("count") == 20 }
        XCTAssertTrue(inserting.contains { $0.animating && $0.int("count") == 20 }, "animating in between")
        let afterInsert = try XCTUnwrap(inserting.last)
        XCTAssertEqual(afterInsert.int("count"), 20)
        XCTAssertEqual(afterInsert.cells.count, 20)
        // A burst of clicks faster than the animations: the app survives and model and view agree.
        var burst: [String] = []
        for i in 0..<12 {
            let c = afterInsert.cells[(i * 7) % afterInsert.cells.count]
            burst += (i % 3 == 2 ? s.move(512, 384) : s.move(c.centerX, c.centerY)) + ["click", "1", "sleep", "0.03"]
        }
        try s.xdotool(burst)
        let settled = try XCTUnwrap(s.waitForState(timeout: 10) { !$0.animating && $0.json["animating"] != nil && $0.raw != afterInsert.raw })
        XCTAssertTrue(s.appIsRunning)
        XCTAssertEqual(settled.int("count"), settled.int("viewCount"))
        XCTAssertEqual(settled.cells.count, settled.int("count"))
        XCTAssertTrue(settled.cells.allSatisfy { $0.alpha == 1 })
    }

    func testCalendarShowsHeadersAndEventsAndScrollsOnTheWheel() throws {
        let s = try AppSession(arguments: ["demo", "calendar"])
        defer { s.stop() }
        let start = try XCTUnwrap(s.waitForState { $0.screen == "demo:calendar" && !$0.animating })
        XCTAssertEqual(start.int("events"), 20)
        XCTAssertEqual(start.visible.filter { $0.kind == "dayHeader" }.count, 7)
        XCTAssertGreaterThan(start.visible.filter { $0.kind == "hourHeader" }.count, 10)
        XCTAssertFalse(start.cells.isEmpty, "events on screen")
        XCTAssertEqual(start.contentHeight, 1240)
        try s.xdotool(s.move(500, 400) + ["click", "--repeat", "5", "--delay", "30", "5"])
        let scrolled = try XCTUnwrap(s.waitForState { !$0.animating && $0.offsetY > 0 })
        XCTAssertEqual(scrolled.offsetY, 5 * 53, accuracy: 1)
        XCTAssertEqual(scrolled.offsetX, 0, "no horizontal scrolling")
        // Scrolled past the header row: events and hour headers only.
        XCTAssertEqual(scrolled.visible.filter { $0.kind == "dayHeader" }.count, 0)
        XCTAssertGreaterThan(scrolled.visible.filter { $0.kind == "hourHeader" }.count, 10)
    }

    func testPagingIndicatorsMatchTheOffsetAtEverySampleDuringAFastFling() throws {
        let s = try AppSession(arguments: ["demo", "paging"])
        defer { s.stop() }
        let start = try XCTUnwrap(s.waitForState { $0.screen == "demo:paging" && !$0.animating })
        XCTAssertEqual(start.bool("indicatorLeft"), false)
        XCTAssertEqual(start.bool("indicatorRight"), true)
        var all: [AppStateReading] = []
        for fling in 0..<3 {
            let before = try XCTUnwrap(s.state())
            try s.xdotool(horizontalDrag(s, from: 900, to: 300, y: 384, steps: 6, pause: 0.006))
            let samples = s.sample(interval: 0.002, timeout: 8) { $0.isAtRest && $0.offsetX > before.offsetX + 1 }
            XCTAssertGreaterThan(samples.filter(\.animating).count, 1, "fling \(fling): sampled while moving")
            let end = try XCTUnwrap(samples.last)
            XCTAssertEqual(end.offsetX.truncatingRemainder(dividingBy: 1024), 0, accuracy: 0.5, "rests on a page")
            XCTAssertEqual(end.int("page"), Int((end.offsetX / 1024).rounded()))
            all += samples
        }
        // A fast drag back to the start (past it: the rubber band) — sampled too.
        try s.xdotool(horizontalDrag(s, from: 100, to: 1000, y: 384, steps: 6, pause: 0.006))
        all += s.sample(interval: 0.002, timeout: 8) { $0.isAtRest && $0.int("page") == 2 }
        XCTAssertGreaterThan(all.count, 15)
        for st in all {
            XCTAssertEqual(st.bool("indicatorLeft"), st.offsetX > 0.5, "offset \(st.offsetX)")
            XCTAssertEqual(st.bool("indicatorRight"), st.offsetX + 1024 < st.contentWidth - 0.5, "offset \(st.offsetX)")
        }
        XCTAssertTrue(all.contains { $0.bool("indicatorLeft") == true && $0.bool("indicatorRight") == true })
    }
}
