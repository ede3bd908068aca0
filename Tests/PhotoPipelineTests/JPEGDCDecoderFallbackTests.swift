import Foundation
import XCTest
@testable import PhotoPipeline

/// Files the 1/8-scale DC decoder does not take, or gives up on half-way, must reach libjpeg unchanged: the
/// same picture, warnings, truncation flag and errors as a decode with the DC decoder switched off, from memory
/// and from a descriptor (the source is rewound after the DC decoder read part of the scan).
final class JPEGDCDecoderFallbackTests: XCTestCase {
    var helper: JPEGDCTestFiles!

    override func setUpWithError() throws { helper = try JPEGDCTestFiles() }
    override func tearDown() { helper.remove() }

    /// Decodes `bytes` at 1/8 with and without the DC decoder, from memory and from a file, and asserts the
    /// DC decoder did not produce the picture and every result equals libjpeg's. Returns libjpeg's result.
    @discardableResult
    func assertFallsBack(_ bytes: [UInt8], _ what: String, file: StaticString = #filePath,
                         line: UInt = #line) throws -> Result<JPEGDecodeOutput, DecodeError> {
        let lib = JPEGCodec.decode(bytes, targetLongestSide: 1, limits: DecodeLimits(), dcDecoder: false)
        let path = helper.dir + "/fallback.jpg"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let safe = try SafeFile.open(PhotoPath(path), kind: .photo, maxBytes: 1 << 30).get()
        let fromFile = JPEGCodec.decode(file: safe, targetLongestSide: 1, limits: DecodeLimits())
        let fromMemory = JPEGCodec.decode(bytes, targetLongestSide: 1, limits: DecodeLimits())
        for (how, result) in [("file", fromFile), ("memory", fromMemory)] {
            switch (result, lib) {
            case (.success(let out), .success(let expected)):
                XCTAssertFalse(out.dcDecoded, "\(what) (\(how)): should have been left to libjpeg", file: file, line: line)
                XCTAssertEqual(out.truncated, expected.truncated, "\(what) (\(how))", file: file, line: line)
                XCTAssertEqual(out.warnings, expected.warnings, "\(what) (\(how))", file: file, line: line)
                let (worst, _) = helper.assertClose(out.image, expected.image, "\(what) (\(how))", file: file, line: line)
                XCTAssertEqual(worst, 0, "\(what) (\(how)): libjpeg's own picture", file: file, line: line)
                DecodeBudget.release(out.reservedBytes)
            case (.failure(let error), .failure(let expected)):
                XCTAssertEqual("\(error)", "\(expected)", "\(what) (\(how))", file: file, line: line)
            default:
                XCTFail("\(what) (\(how)): \(result) but libjpeg alone gives \(lib)", file: file, line: line)
            }
        }
        if case .success(let out) = lib { DecodeBudget.release(out.reservedBytes) }
        return lib
    }

    func baseline(_ arguments: [String] = [], name: String = "b.jpg") throws -> [UInt8] {
        try helper.convert(helper.sourcePNG(width: 301, height: 203, seed: 3), ["-quality", "90"] + arguments, to: name)
    }

    /// Index of the first entropy-coded byte (after the SOS segment).
    func scanStart(_ b: [UInt8]) throws -> Int {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { break }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if b[i + 1] == 0xDA { return i + 2 + length }
            i += 2 + length
        }
        throw FormatTestFiles.ToolError(text: "no SOS")
    }

    func testProgressiveAndCMYKAreLeftToLibjpeg() throws {
        try assertFallsBack(try baseline(["-interlace", "JPEG"], name: "p.jpg"), "progressive")
        try assertFallsBack(try baseline(["-colorspace", "CMYK"], name: "c.jpg"), "CMYK")
    }

    func testTruncatedScanFallsBackAndStaysMarkedTruncated() throws {
        let bytes = try baseline()
        let start = try scanStart(bytes)
        for cut in [start + 1, start + (bytes.count - start) / 2, bytes.count - 40] {
            let result = try assertFallsBack(Array(bytes[..<cut]), "cut at \(cut) of \(bytes.count)")
            if case .success(let out) = result { XCTAssertTrue(out.truncated, "cut at \(cut)") }
        }
    }

    func testBadHuffmanCodeFallsBack() throws {
        var bytes = try baseline()
        let middle = try scanStart(bytes) + (bytes.count - (try scanStart(bytes))) / 2
        // Stuffed 0xFF bytes: 512 one bits (longer than any symbol), and an all-ones code is never valid.
        bytes.replaceSubrange(middle..<middle + 128, with: Array(repeating: [UInt8(0xFF), 0x00], count: 64).flatMap { $0 })
        let result = try assertFallsBack(bytes, "bad code")
        if case .success(let out) = result { XCTAssertFalse(out.warnings.isEmpty, "libjpeg warns about the corrupt data") }
    }

    func testWrongRestartMarkerFallsBack() throws {
        let ppm = try helper.sourcePPM(width: 301, height: 203, seed: 3)
        var bytes = try helper.cjpeg(ppm, ["-quality", "90", "-restart", "2B"], to: "r.jpg")
        var found = 0
        for i in try scanStart(bytes)..<(bytes.count - 1) where bytes[i] == 0xFF && (0xD0...0xD7).contains(bytes[i + 1]) {
            found += 1
            if found == 3 { bytes[i + 1] = 0xD0 + (bytes[i + 1] - 0xD0 + 4) % 8; break }
        }
        XCTAssertEqual(found, 3, "the file has restart markers")
        try assertFallsBack(bytes, "RST out of sequence")
    }

    /// A second scan after the first: libjpeg refuses the file ("Didn't expect more than one scan"); so must
    /// the decode with the DC decoder (found by the jpegdc fuzz harness).
    func testSecondScanIsRefusedAsLibjpegRefusesIt() throws {
        let bytes = try baseline()
        let start = try scanStart(bytes)
        var sos = start - 1
        while !(bytes[sos] == 0xFF && bytes[sos + 1] == 0xDA) { sos -= 1 }
        let doubled = Array(bytes[..<(bytes.count - 2)]) + Array(bytes[sos...])
        let result = try assertFallsBack(doubled, "two scans")
        guard case .failure = result else { return XCTFail("libjpeg should refuse two scans in a baseline file") }
    }
}
