import Foundation
import XCTest
@testable import PhotoStackApp

/// The state file: written atomically off the caller's thread, always ending on the latest state asked for, and not
/// rewritten for an equal state.
final class StateFileWriterTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("state-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func state(offsetY: Double) -> AppState {
        AppState(screen: "albums", window: WindowState(width: 800, height: 600, scale: 1), animating: offsetY > 0,
                 screenState: ScreenState(contentOffset: StatePoint(x: 0, y: offsetY)))
    }

    private func read(_ path: String) throws -> AppState {
        try JSONDecoder().decode(AppState.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testABurstOfStatesEndsOnTheLatest() throws {
        let path = dir.appendingPathComponent("state.json").path
        let writer = StateFileWriter(path: path)
        for i in 0..<200 { writer.write(state(offsetY: Double(i)), at: Double(i) / 60) }
        writer.flush()
        XCTAssertEqual(try read(path), state(offsetY: 199))
        XCTAssertEqual(writer.lastWriteTime, 199.0 / 60)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "state.json" }
        XCTAssertEqual(leftovers, [], "no temporary file is left behind")
    }

    func testAnEqualStateIsNotRewrittenADifferentOneIs() throws {
        let path = dir.appendingPathComponent("state.json").path
        let writer = StateFileWriter(path: path)
        writer.write(state(offsetY: 5), at: 1)
        writer.flush()
        try FileManager.default.removeItem(atPath: path)
        writer.write(state(offsetY: 5), at: 2)
        writer.flush()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "an equal state is not written again")
        XCTAssertEqual(writer.lastWriteTime, 2, "the time of the last request is kept even when nothing is written")
        writer.write(state(offsetY: 6), at: 3)
        writer.flush()
        XCTAssertEqual(try read(path), state(offsetY: 6))
    }
}
