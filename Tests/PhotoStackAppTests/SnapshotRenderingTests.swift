import Canvas
import Foundation
import XCTest
@testable import PhotoStackApp
import PhotoStackCLI

/// Headless rendering of the main screen (`photostack --snapshot`): no X server, exact pixel size for the
/// requested points × scale, a picture with real content, and the state written once.
final class SnapshotRenderingTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Runs the default command (`photostack ARGS`) in-process and loads the PNG it wrote.
    func snapshot(_ args: [String]) throws -> (ImageSurface, [String: Any]) {
        let png = dir.appendingPathComponent("out.png").path, state = dir.appendingPathComponent("state.json").path
        var command = try XCTUnwrap(try PhotoStackCommand.parseAsRoot(args + ["--snapshot", png, "--state", state]))
        try command.run()
        let image = try ImageSurface(contentsOfPNG: png)
        let data = try XCTUnwrap(FileManager.default.contents(atPath: state))
        return (image, try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    /// A JSON number as a Double, whatever Foundation decoded it as.
    func number(_ any: Any?) -> Double? {
        (any as? NSNumber)?.doubleValue ?? (any as? Double) ?? (any as? Int).map(Double.init)
    }

    /// Distinct colours in a grid of samples every `step` pixels.
    func distinctColours(_ s: ImageSurface, step: Int = 4) -> Int {
        var seen = Set<UInt32>()
        for y in stride(from: 0, to: s.pixelHeight, by: step) {
            for x in stride(from: 0, to: s.pixelWidth, by: step) {
                let p = s.pixel(x: x, y: y)
                seen.insert(UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a))
            }
        }
        return seen.count
    }

    func testSnapshotHasTheRequestedSizeAndRealContent() throws {
        let (image, state) = try snapshot(["--size", "640x400"])
        XCTAssertEqual(image.pixelWidth, 640)
        XCTAssertEqual(image.pixelHeight, 400)
        // Photos, text and a texture: far more than a flat fill or a few shapes would give.
        XCTAssertGreaterThan(distinctColours(image), 500)
        // Opaque everywhere: the window has no transparent holes.
        for (x, y) in [(0, 0), (639, 0), (0, 399), (639, 399), (320, 200)] {
            XCTAssertEqual(image.pixel(x: x, y: y).a, 255, "pixel \(x),\(y)")
        }
        let window = try XCTUnwrap(state["window"] as? [String: Any])
        XCTAssertEqual(number(window["width"]), 640)
        XCTAssertEqual(number(window["height"]), 400)
        XCTAssertEqual(state["animating"] as? Bool, false)
        XCTAssertFalse((state["visible"] as? [Any] ?? []).isEmpty, "the state lists what is drawn")
    }

    func testScaleMultipliesThePixelSizeButNotThePointSize() throws {
        let (image, state) = try snapshot(["--size", "500x700", "--scale", "2"])
        XCTAssertEqual(image.pixelWidth, 1000)
        XCTAssertEqual(image.pixelHeight, 1400)
        XCTAssertGreaterThan(distinctColours(image), 500)
        let window = try XCTUnwrap(state["window"] as? [String: Any])
        XCTAssertEqual(number(window["width"]), 500)
        XCTAssertEqual(number(window["height"]), 700)
        XCTAssertEqual(number(window["scale"]), 2)
    }

    func testTheNoDisplayMessageIsOneLineWithTheWayOut() {
        let m = Launcher.noDisplayMessage(.cannotOpenDisplay(""))
        XCTAssertFalse(m.contains("\n"))
        XCTAssertTrue(m.contains("DISPLAY is not set"), m)
        XCTAssertTrue(m.contains("--snapshot"), m)
    }
}
