import Foundation
import XCTest

/// `photostack demo` from the command line: --list, --snapshot/--state without a display, F2 in the window.
final class DemoCommandEndToEndTests: XCTestCase {
    /// Runs the binary without DISPLAY; returns exit status and stdout.
    func run(_ args: [String]) throws -> (Int32, String) {
        try AppSession.requireTools()
        let r = try AppSession.execute(AppSession.binary, args, display: nil)
        return (r.status, r.out)
    }

    func testListNamesTheSixDemos() throws {
        let (status, out) = try run(["demo", "--list"])
        XCTAssertEqual(status, 0)
        let names = out.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        XCTAssertEqual(names, ["sections", "line", "circle", "calendar", "paging", "justified"])
        let (bad, _) = try run(["demo", "nosuch"])
        XCTAssertNotEqual(bad, 0)
    }

    func testSnapshotAndStateWorkForEveryDemoWithoutADisplay() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["sections", "line", "circle", "calendar", "paging", "justified"] {
            let png = dir.appendingPathComponent("\(name).png").path, json = dir.appendingPathComponent("\(name).json").path
            let (status, _) = try run(["demo", name, "--snapshot", png, "--state", json, "--size", "640x480"])
            XCTAssertEqual(status, 0, name)
            let data = try XCTUnwrap(FileManager.default.contents(atPath: json), name)
            let state = AppStateReading(json: try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
            XCTAssertEqual(state.screen, "demo:\(name)")
            XCTAssertEqual(state.layout["demo"] as? String, name)
            XCTAssertFalse(state.cells.isEmpty, name)
            let pngData = try XCTUnwrap(FileManager.default.contents(atPath: png), name)
            XCTAssertEqual(Array(pngData.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(name): a PNG")
        }
    }

    func testF2AndShiftF2CycleTheDemosInTheWindow() throws {
        let s = try AppSession(arguments: ["demo", "calendar"], width: 800, height: 600)
        defer { s.stop() }
        _ = try XCTUnwrap(s.waitForState { $0.screen == "demo:calendar" })
        try s.xdotool(s.move(400, 300) + ["key", "F2"])
        XCTAssertNotNil(s.waitForState { $0.screen == "demo:paging" && !$0.cells.isEmpty })
        try s.xdotool(["key", "F2"])
        XCTAssertNotNil(s.waitForState { $0.screen == "demo:justified" && !$0.cells.isEmpty })
        try s.xdotool(["key", "F2"])
        XCTAssertNotNil(s.waitForState { $0.screen == "demo:sections" })
        try s.xdotool(["key", "shift+F2", "key", "shift+F2", "key", "shift+F2"])
        XCTAssertNotNil(s.waitForState { $0.screen == "demo:calendar" })
    }
}
