import XCTest
@testable import PhotoPipeline

/// WebP through libwebp (CWebP): files made by cwebp and img2webp.
final class WebPDecoderTests: XCTestCase {
    var dir = ""
    override func setUp() { dir = TestImages.temporaryDirectory("webp") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func lossy() throws -> [UInt8] {
        let png = FormatTestFiles.quadrantPNG(in: dir)
        return try FormatTestFiles.encode("cwebp", ["-quiet", "-q", "95", png, "-o", dir + "/q.webp"], output: dir + "/q.webp")
    }

    func testLossyDecodesAtFullAndThumbnailSize() throws {
        let bytes = try lossy()
        XCTAssertEqual(ImageFormat.sniff(bytes), .webp)
        let full = try ImageDecoder().decode(bytes: bytes)
        XCTAssertEqual(full.format, .webp)
        XCTAssertEqual([full.image.width, full.image.height, full.originalWidth, full.originalHeight], [96, 64, 96, 64])
        FormatTestFiles.assertQuadrants(full.image, FormatTestFiles.colors, "full")
        let thumb = try ImageDecoder().decode(bytes: bytes, targetSize: 24, downscaleTo: 24)
        XCTAssertEqual([thumb.image.width, thumb.image.height], [24, 16], "scaled by libwebp while decoding")
        XCTAssertEqual([thumb.originalWidth, thumb.originalHeight], [96, 64])
        FormatTestFiles.assertQuadrants(thumb.image, FormatTestFiles.colors, "thumbnail")
        let header = try ImageDecoder().readHeader(bytes: bytes)
        XCTAssertEqual(header, ImageHeader(width: 96, height: 64, format: .webp, orientation: .normal))
    }

    func testLosslessAlphaComesBackPremultiplied() throws {
        // A 50 %-transparent red square made by ImageMagick, encoded losslessly.
        try FormatTestFiles.run("convert", ["-size", "8x8", "xc:rgba(255,0,0,0.5)", "PNG32:" + dir + "/a.png"])
        let bytes = try FormatTestFiles.encode("cwebp", ["-quiet", "-lossless", "-exact", dir + "/a.png", "-o", dir + "/a.webp"],
                                               output: dir + "/a.webp")
        let image = try ImageDecoder().decode(bytes: bytes).image
        let p = image.pixel(x: 3, y: 3)
        XCTAssertEqual(Int(p >> 24), 128, accuracy: 1, "alpha")
        XCTAssertEqual(Int(p >> 16 & 0xFF), 128, accuracy: 1, "red premultiplied by alpha")
        XCTAssertEqual(p & 0xFFFF, 0)
    }

    func testAnimationShowsItsFirstFrame() throws {
        let red = FormatTestFiles.solidPNG(in: dir, name: "red.png", color: TestImages.red)
        let blue = FormatTestFiles.solidPNG(in: dir, name: "blue.png", color: TestImages.blue)
        let bytes = try FormatTestFiles.encode("img2webp", ["-loop", "0", "-lossless", "-d", "100", red, blue, red,
                                                            "-o", dir + "/anim.webp"], output: dir + "/anim.webp")
        let out = try WebPCodec.decode(bytes, limits: DecodeLimits(), targetLongestSide: nil).get()
        XCTAssertEqual(out.frameCount, 3)
        let image = try XCTUnwrap(out.image)
        XCTAssertEqual([image.width, image.height], [40, 30])
        XCTAssertTrue(TestImages.close(image.pixel(x: 20, y: 15), TestImages.red, tolerance: 2), "\(TestImages.rgb(image.pixel(x: 20, y: 15)))")
        let thumb = try ImageDecoder().decode(bytes: bytes, targetSize: 20, downscaleTo: 20).image
        XCTAssertEqual([thumb.width, thumb.height], [20, 15])
        XCTAssertTrue(TestImages.close(thumb.pixel(x: 10, y: 7), TestImages.red, tolerance: 2))
        XCTAssertEqual(try ImageDecoder().readHeader(bytes: bytes).width, 40)
    }

    func testTruncatedAndCorruptFilesAreErrors() throws {
        let bytes = try lossy()
        FormatTestFiles.assertTruncationsFail(bytes, cuts: [12, 30, bytes.count - 10], "WebP")
        var garbage = bytes
        for i in 40..<garbage.count { garbage[i] ^= 0x5A }
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: garbage))
    }

    func testHugeClaimedSizeIsRefusedBeforeDecoding() throws {
        // A lossless (VP8L) header claiming 16384 × 16384 pixels (268 megapixels) and nothing after it.
        var header: [UInt8] = Array("RIFF".utf8) + [20, 0, 0, 0] + Array("WEBPVP8L".utf8) + [8, 0, 0, 0, 0x2F]
        let bits: UInt32 = 16383 | 16383 << 14 // width - 1, height - 1; no alpha, version 0
        header += [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
        header += [0, 0, 0, 0]
        XCTAssertEqual(ImageFormat.sniff(header), .webp)
        XCTAssertEqual(try ImageDecoder().readHeader(bytes: header).width, 16384)
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: header, targetSize: 256)) { error in
            guard case .tooLarge(let why)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("16384x16384"), why)
        }
        // A real file over a small budget.
        XCTAssertThrowsError(try ImageDecoder(limits: DecodeLimits(maxSourcePixels: 96 * 64 - 1)).decode(bytes: try lossy())) {
            guard case .tooLarge? = $0 as? DecodeError else { return XCTFail("\($0)") }
        }
    }
}
