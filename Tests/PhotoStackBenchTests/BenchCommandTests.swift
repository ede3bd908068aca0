import Foundation
import XCTest
import PhotoStackApp
@testable import PhotoStackBench

/// The bench command parses its scenarios and options, and each in-process scenario prints one well-formed
/// JSON object with the machine facts, on tiny inputs (no timing is asserted).
final class BenchCommandTests: XCTestCase {
    private func object(_ line: String, file: StaticString = #filePath, line l: UInt = #line) throws -> [String: Any] {
        XCTAssertFalse(line.contains("\n"), "one line per scenario", file: file, line: l)
        let o = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], file: file, line: l)
        XCTAssertEqual(o["cores"] as? Int, ProcessInfo.processInfo.activeProcessorCount, file: file, line: l)
        XCTAssertTrue(["debug", "release"].contains(o["build"] as? String ?? ""), file: file, line: l)
        return o
    }

    func testParsesScenariosAndOptions() throws {
        let c = try BenchCommand.parse(["frames", "thumbnails", "--dir", "/x", "--warm", "--scales", "2", "--albums", "7"])
        XCTAssertEqual(c.scenarios, [.frames, .thumbnails])
        XCTAssertEqual(c.dir, "/x")
        XCTAssertTrue(c.warm)
        XCTAssertEqual(c.scales, [2])
        XCTAssertEqual(c.albums, 7)
        XCTAssertEqual(try BenchCommand.parse([]).chosen, [.frames, .layout, .memory, .idle])
        XCTAssertEqual(try BenchCommand.parse(["--dir", "/x"]).chosen, [.frames, .layout, .thumbnails, .memory, .idle])
        XCTAssertThrowsError(try BenchCommand.parse(["thumbnails"]))            // needs --dir
        XCTAssertThrowsError(try BenchCommand.parse(["--cold", "--warm", "--dir", "/x"]))
        XCTAssertThrowsError(try BenchCommand.parse(["nonsense"]))
    }

    func testFramesScrollsToTheBottomAndReportsEveryFrame() throws {
        let c = try BenchCommand.parse(["frames", "--albums", "12", "--scales", "1", "--size", "480x320", "--no-paced"])
        let o = try object(try c.line(for: .frames))
        XCTAssertEqual(o["scenario"] as? String, "frames")
        let s1 = try XCTUnwrap(o["scale1"] as? [String: Any])
        XCTAssertEqual(s1["reachedBottom"] as? Bool, true)
        XCTAssertEqual(s1["albums"] as? Int, 12)
        XCTAssertGreaterThanOrEqual(s1["flings"] as? Int ?? 0, 1)
        let cpu = try XCTUnwrap(s1["cpu"] as? [String: Any])
        XCTAssertGreaterThan(cpu["frames"] as? Int ?? 0, 10)
        XCTAssertLessThanOrEqual(cpu["p50Milliseconds"] as? Double ?? .nan, cpu["maxMilliseconds"] as? Double ?? .nan)
    }

    func testLayoutReportsBothLayoutsAndTheRatio() throws {
        let c = try BenchCommand.parse(["layout", "--layout-max", "10000", "--layout-queries", "20"])
        let o = try object(try c.line(for: .layout))
        let results = try XCTUnwrap(o["results"] as? [[String: Any]])
        XCTAssertEqual(Set(results.map { $0["layout"] as? String ?? "" }), ["FlowLayout", "PhotoStackLayout"])
        XCTAssertEqual(Set(results.map { $0["items"] as? Int ?? 0 }), [1_000, 10_000])
        XCTAssertNotNil((o["queryRatioLargestVs1000"] as? [String: Double])?["PhotoStackLayout"])
    }

    func testThumbnailsReportsTheFiguresTheComparisonScriptReads() throws {
        let library = try BenchLibrary.jpegs(albums: 1, photosPerAlbum: 6, width: 64, height: 48, distinct: 2)
        defer { library.remove() }
        let c = try BenchCommand.parse(["thumbnails", "--dir", library.root, "--warm", "--first-screen", "2"])
        let o = try object(try c.line(for: .thumbnails))
        XCTAssertEqual(o["mode"] as? String, "warm")
        XCTAssertEqual((o["detail"] as? [String: Any])?["photos"] as? Int, 6)
        XCTAssertEqual((o["detail"] as? [String: Any])?["failures"] as? Int, 0)
        for key in ["firstScreenSeconds", "allSeconds", "peakRSSBytes"] { XCTAssertNotNil(o[key], key) }
    }

    func testMemoryBrowsesTheWholeGeneratedLibrary() throws {
        let c = try BenchCommand.parse(["memory", "--photos", "60", "--size", "480x320"])
        let o = try object(try c.line(for: .memory))
        XCTAssertEqual(o["photos"] as? Int, 60)
        XCTAssertEqual(o["reachedBottom"] as? Bool, true)
        // Every stack's three drawn cards were decoded (each decode writes one thumbnail).
        XCTAssertEqual(o["thumbnailsWritten"] as? Int, 18)
        XCTAssertGreaterThan(o["peakRSSBytes"] as? Int ?? 0, 0)
    }
}
