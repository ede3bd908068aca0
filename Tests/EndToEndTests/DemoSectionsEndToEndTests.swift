import XCTest

/// `photostack demo sections` under Xvfb, read through --state.
final class DemoSectionsEndToEndTests: XCTestCase {
    func testThreeSectionsOf20To40ItemsBothRegistrationsShown() throws {
        let s = try AppSession(arguments: ["demo", "sections", "--seed", "4"], width: 1024, height: 1400)
        defer { s.stop() }
        let state = try XCTUnwrap(s.waitForState { $0.screen == "demo:sections" && !$0.animating })
        XCTAssertEqual(state.int("sections"), 3)
        for i in 0..<3 {
            let n = try XCTUnwrap(state.int("items\(i)"))
            XCTAssertTrue((20...40).contains(n), "section \(i) has \(n) items")
        }
        XCTAssertEqual(state.bool("templateLoaded"), true, "the template file was read at run time")
        // Cells of all three sections are on screen (the window is tall), with a header per section.
        XCTAssertEqual(Set(state.cells.map(\.section)), [0, 1, 2])
        XCTAssertEqual(state.visible.filter { $0.kind == "header" }.count, 3)
        // The same seed gives the same counts in another run.
        let counts = (0..<3).map { state.int("items\($0)") }
        s.stop()
        let again = try AppSession(arguments: ["demo", "sections", "--seed", "4"], width: 600, height: 400)
        defer { again.stop() }
        let second = try XCTUnwrap(again.waitForState { $0.screen == "demo:sections" })
        XCTAssertEqual((0..<3).map { second.int("items\($0)") }, counts)
    }
}
