import Foundation
import XCTest

/// `photostack` asked for a live window when there is no X display: one clear line on stderr and a
/// non-zero exit status, never a hang or a crash dump.
final class NoDisplayEndToEndTests: XCTestCase {
    /// Runs the binary with `display` as DISPLAY (nil: unset); returns status, stdout and stderr.
    func run(_ args: [String], display: String?) throws -> (status: Int32, out: String, err: String) {
        guard FileManager.default.isExecutableFile(atPath: AppSession.binary) else {
            throw XCTSkip("\(AppSession.binary) is missing: run `swift build` first")
        }
        let r = try AppSession.execute(AppSession.binary, args, display: display)
        XCTAssertFalse(r.endedBySignal, "ended by a signal")
        return (r.status, r.out, r.err)
    }

    func assertOneLineError(_ r: (status: Int32, out: String, err: String), mentions: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotEqual(r.status, 0, file: file, line: line)
        XCTAssertEqual(r.out, "", file: file, line: line)
        XCTAssertTrue(r.err.hasSuffix("\n"), r.err, file: file, line: line)
        let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 1, "one line: \(r.err)", file: file, line: line)
        XCTAssertTrue(r.err.hasPrefix("photostack: "), r.err, file: file, line: line)
        XCTAssertTrue(r.err.contains(mentions), r.err, file: file, line: line)
        XCTAssertTrue(r.err.contains("--snapshot"), "says how to render without a display: \(r.err)", file: file, line: line)
    }

    func testWithoutDISPLAYTheWindowCommandFailsWithOneLine() throws {
        assertOneLineError(try run(["--size", "800x600"], display: nil), mentions: "DISPLAY is not set")
        assertOneLineError(try run(["demo", "line"], display: nil), mentions: "DISPLAY is not set")
    }

    func testAnUnreachableDisplayFailsWithOneLineNamingIt() throws {
        // A display number with no socket and no lock file: nothing listens there.
        let n = try XCTUnwrap((700...899).first {
            !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
        })
        assertOneLineError(try run([], display: ":\(n)"), mentions: "':\(n)'")
    }

    func testSnapshotNeedsNoDisplay() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-nodisplay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("main.png").path
        let r = try run(["--snapshot", png, "--size", "640x400"], display: nil)
        XCTAssertEqual(r.status, 0, r.err)
        let data = try XCTUnwrap(FileManager.default.contents(atPath: png))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16...23.
        let be = { (o: Int) in data[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(be(16), 640)
        XCTAssertEqual(be(20), 400)
    }
}
