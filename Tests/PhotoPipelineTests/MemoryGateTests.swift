import CDecodeOut
import XCTest
@testable import PhotoPipeline

/// The bookkeeping of a test memory gate (C callbacks cannot capture: they reach it through this global).
final class TestGate: @unchecked Sendable {
    static let shared = TestGate()
    private let lock = NSLock()
    private var inUse = 0, peak = 0, requests = 0
    var limit = Int.max

    func reserve(_ bytes: Int) -> Int32 {
        lock.lock(); defer { lock.unlock() }
        requests += 1
        if bytes > limit { return Int32(PS_DECODE_GATE_TOO_LARGE) }
        inUse += bytes
        peak = max(peak, inUse)
        return Int32(PS_DECODE_GATE_OK)
    }

    func release(_ bytes: Int) { lock.lock(); inUse -= bytes; lock.unlock() }

    func reset(limit: Int) { lock.lock(); inUse = 0; peak = 0; requests = 0; self.limit = limit; lock.unlock() }

    var figures: (inUse: Int, peak: Int, requests: Int) { lock.lock(); defer { lock.unlock() }; return (inUse, peak, requests) }
}

/// Every format shim asks the memory gate (the hook for a shared decode memory budget) before allocating
/// pixel memory, and every byte granted is given back after the decode.
final class MemoryGateTests: XCTestCase {
    var dir = ""
    override func setUp() {
        dir = TestImages.temporaryDirectory("gate")
        LibraryDecode.setMemoryGate(reserve: { Int32(TestGate.shared.reserve(Int($0))) },
                                    release: { TestGate.shared.release(Int($0)) })
    }

    override func tearDown() {
        LibraryDecode.setMemoryGate(reserve: nil, release: nil)
        try? FileManager.default.removeItem(atPath: dir)
    }

    func files() throws -> [(String, [UInt8])] {
        let png = FormatTestFiles.quadrantPNG(in: dir, name: "source.png", width: 300, height: 200)
        var out: [(String, [UInt8])] = []
        for (name, tool, args) in [("p.webp", "cwebp", ["-quiet", png, "-o"]), ("p.heic", "heif-enc", [png, "-o"]),
                                   ("p.gif", "convert", [png]), ("p.tif", "convert", [png])] {
            out.append((name, try FormatTestFiles.encode(tool, args + [dir + "/" + name], output: dir + "/" + name)))
        }
        out.append(("p.dng", RawTestFiles.dng(preview: TestImages.quadrantJPEG(width: 300, height: 200),
                                              previewWidth: 300, previewHeight: 200)))
        return out
    }

    func testEveryFormatReservesBeforeAllocatingAndGivesEverythingBack() throws {
        for (name, bytes) in try files() {
            TestGate.shared.reset(limit: .max)
            let decoded = try ImageDecoder().decode(bytes: bytes, targetSize: 64, downscaleTo: 64)
            XCTAssertEqual(decoded.image.width, 64, name)
            let figures = TestGate.shared.figures
            XCTAssertGreaterThan(figures.requests, 0, "\(name) asked the gate")
            switch name {
            case "p.webp": XCTAssertEqual(figures.peak, 64 * 43 * 4, "libwebp scales while decoding: only the output")
            case "p.dng": XCTAssertGreaterThan(figures.peak, 0, "the preview's copies")
            default: XCTAssertGreaterThanOrEqual(figures.peak, 300 * 200 * 4, "\(name): the full-size buffer was reserved")
            }
            XCTAssertEqual(figures.inUse, 0, "\(name): everything given back")
        }
    }

    func testARefusingGateStopsTheDecodeAsTooLarge() throws {
        for (name, bytes) in try files() {
            TestGate.shared.reset(limit: 1000)
            XCTAssertThrowsError(try ImageDecoder().decode(bytes: bytes, targetSize: 64), name) { error in
                guard case .tooLarge(let why)? = error as? DecodeError else { return XCTFail("\(name): \(error)") }
                XCTAssertTrue(why.contains("decode memory budget"), why)
            }
            XCTAssertEqual(TestGate.shared.figures.inUse, 0, name)
        }
    }
}
