import Foundation
import XCTest
@testable import PhotoPipeline

/// The 1/8-scale DC-only JPEG decoder (CJPEG jpeg_dc_decoder.c) against libjpeg's own 1/8 decode of the same
/// files, made in the test by ImageMagick's `convert` (4:4:4, 4:2:2, 4:4:0, 4:2:0, grayscale, restart
/// intervals, sizes that are not multiples of 8 or 16) and by the project's encoder. Tolerance (JPEGDCTestFiles):
/// every channel of every pixel within 1, the mean difference per channel at most 0.01 (the decoder follows
/// libjpeg's integer arithmetic, so in practice the two pictures are identical). The files it must leave to
/// libjpeg: JPEGDCDecoderFallbackTests.
final class JPEGDCDecoderTests: XCTestCase {
    var files: JPEGDCTestFiles!

    override func setUpWithError() throws { files = try JPEGDCTestFiles() }
    override func tearDown() { files.remove() }

    func testEverySupportedLayoutMatchesLibjpeg() throws {
        let sizes = [(203, 131), (64, 48), (17, 9), (1, 1), (8, 200), (333, 250)]
        // ImageMagick (libjpeg's defaults, optimised Huffman tables) and cjpeg (standard tables, restarts).
        let layouts: [(String, [String])] = [
            ("444", ["-sampling-factor", "1x1"]), ("422", ["-sampling-factor", "2x1"]),
            ("440", ["-sampling-factor", "1x2"]), ("420", ["-sampling-factor", "2x2"]),
            ("gray", ["-colorspace", "Gray"]), ("420-q100", ["-sampling-factor", "2x2", "-quality", "100"]),
        ]
        let restartLayouts: [(String, [String])] = [
            ("420-rst1B", ["-sample", "2x2", "-restart", "1B"]), ("422-rst5B", ["-sample", "2x1", "-restart", "5B"]),
            ("440-rst1row", ["-sample", "1x2", "-restart", "1"]), ("444-q60-rst3B", ["-sample", "1x1", "-quality", "60", "-restart", "3B"]),
            ("gray-rst2B", ["-grayscale", "-restart", "2B"]), ("420-cjpeg", ["-sample", "2x2"]),
        ]
        for (i, (w, h)) in sizes.enumerated() {
            let source = files.sourcePNG(width: w, height: h, seed: UInt64(i + 1))
            let ppm = try files.sourcePPM(width: w, height: h, seed: UInt64(i + 1))
            var made: [(String, [UInt8])] = []
            for (name, arguments) in layouts {
                made.append((name, try files.convert(source, arguments + ["-quality", "90"], to: "\(name)-\(w)x\(h).jpg")))
            }
            for (name, arguments) in restartLayouts {
                let bytes = try files.cjpeg(ppm, ["-quality", "90"] + arguments, to: "\(name)-\(w)x\(h).jpg")
                if name.contains("rst") && w * h > 64 * 64 {
                    XCTAssertGreaterThan(JPEGDCTestFiles.restartMarkers(bytes), 2, "\(name) \(w)x\(h) has restart markers")
                }
                made.append((name, bytes))
            }
            for (name, bytes) in made {
                let (dc, lib) = try files.decodeBoth(bytes)
                let what = "\(name) \(w)x\(h)"
                XCTAssertTrue(dc.dcDecoded, "\(what): the DC decoder should take this file")
                XCTAssertEqual(dc.image?.width, (w + 7) / 8, what)
                XCTAssertEqual(dc.image?.height, (h + 7) / 8, what)
                files.assertClose(dc.image, lib.image, what)
            }
        }
    }

    func testTheProjectEncoderAndTheThumbnailPathMatchLibjpeg() throws {
        let (w, h) = (250, 170)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for i in 0..<(w * h) { rgb[i * 3] = UInt8(i % w); rgb[i * 3 + 1] = UInt8((i / w) % 256); rgb[i * 3 + 2] = UInt8((i * 7) % 256) }
        let gray = (0..<(w * h)).map { UInt8(($0 % w + $0 / w) % 256) }
        let encoded = [("420", JPEGCodec.encode(pixels: rgb, width: w, height: h, quality: 85)),
                     ("444", JPEGCodec.encode(pixels: rgb, width: w, height: h, quality: 95, subsample420: false)),
                     ("gray", JPEGCodec.encode(pixels: gray, width: w, height: h, kind: .gray))]
        for (name, encoded) in encoded {
            let bytes = try XCTUnwrap(encoded, name)
            let (dc, lib) = try files.decodeBoth(bytes)
            XCTAssertTrue(dc.dcDecoded, name)
            files.assertClose(dc.image, lib.image, name)
            // The thumbnail path: 1/8 scale (250 / 8 = 32 px covers 24) then the fused box downscale to 24.
            let (small, smallLib) = try files.decodeBoth(bytes, target: 24, downscale: 24)
            XCTAssertTrue(small.dcDecoded, name)
            XCTAssertEqual(small.image?.width, 24, name)
            files.assertClose(small.image, smallLib.image, "\(name) thumbnail")
        }
    }

    /// Scale 1/4 and larger never use it.
    func testOnlyScaleOneEighthUsesTheDCDecoder() throws {
        let bytes = try files.convert(files.sourcePNG(width: 320, height: 200, seed: 7), ["-quality", "90"], to: "s.jpg")
        let (quarter, lib) = try files.decodeBoth(bytes, target: 80)
        XCTAssertEqual(quarter.scaleDenominator, 4)
        XCTAssertFalse(quarter.dcDecoded)
        files.assertClose(quarter.image, lib.image, "1/4")
    }
}
