import Foundation
import XCTest
@testable import PhotoPipeline

/// Test files of the library formats, made in the test by each format's own encoder from the Debian packages
/// that `scripts/install-deps.sh test` installs (cwebp/img2webp from webp, heif-enc from libheif-examples,
/// convert from imagemagick), plus the checks the format tests share.
enum FormatTestFiles {
    /// The quadrant colours of `TestImages.quadrants`: top-left, top-right, bottom-left, bottom-right.
    static let colors = [TestImages.red, TestImages.green, TestImages.blue, TestImages.white]

    /// Writes the quadrant pattern (`width` × `height`, opaque) as a PNG, the input for the encoders.
    static func quadrantPNG(in dir: String, name: String = "q.png", width: Int = 96, height: Int = 64) -> String {
        let rgb = TestImages.quadrants(width: width, height: height, colors: colors)
        let image = PixelImage(width: width, height: height) { x, y in
            let i = (y * width + x) * 3
            return 0xFF00_0000 | UInt32(rgb[i]) << 16 | UInt32(rgb[i + 1]) << 8 | UInt32(rgb[i + 2])
        }
        let path = dir + "/" + name
        XCTAssertNil(PNGCodec.write(image, to: PhotoPath(path), texts: [], compressionLevel: 6))
        return path
    }

    /// A solid-colour PNG (frames of the animations).
    static func solidPNG(in dir: String, name: String, color: (UInt8, UInt8, UInt8), width: Int = 40, height: Int = 30) -> String {
        let image = PixelImage(width: width, height: height) { _, _ in
            0xFF00_0000 | UInt32(color.0) << 16 | UInt32(color.1) << 8 | UInt32(color.2)
        }
        let path = dir + "/" + name
        XCTAssertNil(PNGCodec.write(image, to: PhotoPath(path), texts: [], compressionLevel: 6))
        return path
    }

    /// Runs an encoder; throws with its output when it is missing or fails.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolError(text: "\(tool) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): "
                + String(decoding: output, as: UTF8.self) + " — run scripts/install-deps.sh test")
        }
    }

    struct ToolError: Error, CustomStringConvertible { let text: String; var description: String { text } }

    /// Encodes `input` with `tool` and returns the bytes of `output` (a path in the same folder).
    static func encode(_ tool: String, _ arguments: [String], output: String) throws -> [UInt8] {
        try run(tool, arguments)
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// The quadrant colours as displayed after `orientation` is applied to the stored pattern, in the order
    /// top-left, top-right, bottom-left, bottom-right.
    static func displayed(_ orientation: ExifOrientation) -> [(UInt8, UInt8, UInt8)] {
        [(0, 0), (1, 0), (0, 1), (1, 1)].map { d in
            let (sx, sy) = orientation.sourcePoint(dx: d.0, dy: d.1, width: 2, height: 2)
            return colors[sy * 2 + sx]
        }
    }

    /// Asserts `image` shows `expected` quadrant colours (sampled at each quadrant's centre).
    static func assertQuadrants(_ image: PixelImage, _ expected: [(UInt8, UInt8, UInt8)], tolerance: Int = 40,
                                _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let points = [(1, 1), (3, 1), (1, 3), (3, 3)].map { (image.width * $0.0 / 4, image.height * $0.1 / 4) }
        for (i, p) in points.enumerated() {
            let pixel = image.pixel(x: p.0, y: p.1)
            XCTAssertTrue(TestImages.close(pixel, expected[i], tolerance: tolerance),
                          "\(what): quadrant \(i) at \(p) is \(TestImages.rgb(pixel)), expected \(expected[i])",
                          file: file, line: line)
        }
    }

    /// Decoding `bytes` cut to each of `cuts` (and to half its length) must throw, not crash or show a picture;
    /// cuts that keep the format's signature (at least `signature` bytes) must be recognised and reported as
    /// broken, not as an unknown format.
    static func assertTruncationsFail(_ bytes: [UInt8], cuts: [Int], signature: Int = 12, _ what: String,
                                      file: StaticString = #filePath, line: UInt = #line) {
        for cut in cuts + [bytes.count / 2] where cut < bytes.count {
            let prefix = Array(bytes.prefix(cut))
            for target in [16, nil] as [Int?] {
                XCTAssertThrowsError(try ImageDecoder().decode(bytes: prefix, targetSize: target),
                                     "\(what) cut to \(cut) of \(bytes.count) bytes", file: file, line: line) { error in
                    if cut >= signature {
                        XCTAssertNotEqual(error as? DecodeError, .unsupportedFormat, "\(what) cut to \(cut)", file: file, line: line)
                    }
                }
            }
        }
    }
}
