import Foundation
import XCTest
@testable import PhotoPipeline

/// What the DC decoder tests share: a temporary folder, generated photo-like JPEGs (ImageMagick's `convert`),
/// the decode at scale 1/8 with and without the DC decoder, and the comparison with its tolerance: every
/// channel of every pixel within 1, the mean difference per channel at most 0.01.
final class JPEGDCTestFiles {
    let dir: String

    init() throws {
        dir = NSTemporaryDirectory() + "jpeg-dc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: dir) }

    /// A photo-like source: smooth colour gradients, hard colour edges (what chroma subsampling and the 2x2
    /// chroma IDCT of 4:2:0 are sensitive to) and noise (long AC runs, many symbols per block).
    func sourcePNG(width: Int, height: Int, seed: UInt64) -> String {
        var state = seed
        let image = PixelImage(width: width, height: height) { x, y in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let noise = Int(state >> 59) - 16
            let edge = (x / 13 + y / 11) % 3
            let r = min(255, max(0, x * 255 / max(1, width) + noise + (edge == 0 ? 60 : 0)))
            let g = min(255, max(0, y * 255 / max(1, height) - noise + (edge == 1 ? 90 : 0)))
            let b = min(255, max(0, (x + y) % 256 + (edge == 2 ? -80 : 10)))
            return 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
        let path = dir + "/src-\(width)x\(height)-\(seed).png"
        XCTAssertNil(PNGCodec.write(image, to: PhotoPath(path), texts: [], compressionLevel: 1))
        return path
    }

    /// The same picture as `sourcePNG` as a binary PPM (cjpeg's input).
    func sourcePPM(width: Int, height: Int, seed: UInt64) throws -> String {
        let png = sourcePNG(width: width, height: height, seed: seed)
        let ppm = png.replacingOccurrences(of: ".png", with: ".ppm")
        try FormatTestFiles.run("convert", [png, ppm])
        return ppm
    }

    /// Encodes with libjpeg-turbo's cjpeg (libjpeg-turbo-progs): the encoder that writes restart intervals
    /// (`-restart N` MCU rows, `-restart NB` MCUs) and any sampling factors (`-sample HxV`).
    func cjpeg(_ source: String, _ arguments: [String], to name: String) throws -> [UInt8] {
        let out = dir + "/" + name
        return try FormatTestFiles.encode("cjpeg", arguments + ["-outfile", out, source], output: out)
    }

    /// The number of RSTn markers in the entropy-coded data of `bytes`.
    static func restartMarkers(_ bytes: [UInt8]) -> Int {
        guard let sos = (0..<(bytes.count - 1)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else { return 0 }
        return (sos..<(bytes.count - 1)).filter { bytes[$0] == 0xFF && (0xD0...0xD7).contains(bytes[$0 + 1]) }.count
    }

    func convert(_ source: String, _ arguments: [String], to name: String) throws -> [UInt8] {
        let out = dir + "/" + name
        return try FormatTestFiles.encode("convert", [source] + arguments + [out], output: out)
    }

    /// Decodes `bytes` at scale 1/8 both ways; returns (DC decoder's result, libjpeg's result).
    func decodeBoth(_ bytes: [UInt8], target: Int = 1, downscale: Int = 0,
                    file: StaticString = #filePath, line: UInt = #line) throws -> (JPEGDecodeOutput, JPEGDecodeOutput) {
        let dc = try JPEGCodec.decode(bytes, targetLongestSide: target, limits: DecodeLimits(),
                                      downscaleLongestSide: downscale, dcDecoder: true).get()
        let lib = try JPEGCodec.decode(bytes, targetLongestSide: target, limits: DecodeLimits(),
                                       downscaleLongestSide: downscale, dcDecoder: false).get()
        DecodeBudget.release(dc.reservedBytes)
        DecodeBudget.release(lib.reservedBytes)
        XCTAssertEqual(dc.scaleDenominator, lib.scaleDenominator, file: file, line: line)
        XCTAssertFalse(lib.dcDecoded, file: file, line: line)
        return (dc, lib)
    }

    /// Asserts the tolerance of the type's comment; returns (max, mean) difference per channel.
    @discardableResult
    func assertClose(_ a: PixelImage?, _ b: PixelImage?, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) -> (Int, Double) {
        guard let a, let b else { XCTFail("\(what): no pixels", file: file, line: line); return (0, 0) }
        XCTAssertEqual(a.width, b.width, what, file: file, line: line)
        XCTAssertEqual(a.height, b.height, what, file: file, line: line)
        guard a.width == b.width, a.height == b.height else { return (0, 0) }
        var worst = 0, sum = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                for shift in stride(from: 0, through: 24, by: 8) {
                    let d = abs(Int(p >> UInt32(shift) & 0xFF) - Int(q >> UInt32(shift) & 0xFF))
                    worst = max(worst, d)
                    sum += d
                }
            }
        }
        let mean = Double(sum) / Double(a.width * a.height * 4)
        XCTAssertLessThanOrEqual(worst, 1, "\(what): max channel difference", file: file, line: line)
        XCTAssertLessThanOrEqual(mean, 0.01, "\(what): mean channel difference", file: file, line: line)
        return (worst, mean)
    }
}
