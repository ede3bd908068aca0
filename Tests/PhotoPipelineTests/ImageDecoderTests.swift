import XCTest
@testable import PhotoPipeline

final class ImageDecoderTests: XCTestCase {
    typealias C = (UInt8, UInt8, UInt8)

    /// Display corners (TL, TR, BL, BR) of the stored quadrant pattern (TL red, TR green, BL blue, BR white)
    /// after each EXIF orientation, written from the EXIF spec's row/column descriptions.
    let expectedCorners: [Int: [C]] = [
        1: [TestImages.red, TestImages.green, TestImages.blue, TestImages.white],
        2: [TestImages.green, TestImages.red, TestImages.white, TestImages.blue],
        3: [TestImages.white, TestImages.blue, TestImages.green, TestImages.red],
        4: [TestImages.blue, TestImages.white, TestImages.red, TestImages.green],
        5: [TestImages.red, TestImages.blue, TestImages.green, TestImages.white],
        6: [TestImages.blue, TestImages.red, TestImages.white, TestImages.green],
        7: [TestImages.white, TestImages.green, TestImages.blue, TestImages.red],
        8: [TestImages.green, TestImages.white, TestImages.red, TestImages.blue],
    ]

    func corners(_ image: PixelImage) -> [UInt32] {
        let i = 3
        return [image.pixel(x: i, y: i), image.pixel(x: image.width - 1 - i, y: i),
                image.pixel(x: i, y: image.height - 1 - i), image.pixel(x: image.width - 1 - i, y: image.height - 1 - i)]
    }

    func testEveryOrientationGivesTheRightPixels() throws {
        for bigEndian in [false, true] {
            for orientation in 1...8 {
                let jpeg = TestImages.quadrantJPEG(orientation: orientation, bigEndian: bigEndian)
                let decoded = try ImageDecoder().decode(bytes: jpeg)
                XCTAssertEqual(decoded.orientation.rawValue, orientation)
                let swaps = orientation >= 5
                XCTAssertEqual(decoded.image.width, swaps ? 16 : 32, "orientation \(orientation)")
                XCTAssertEqual(decoded.image.height, swaps ? 32 : 16)
                let got = corners(decoded.image)
                for (k, want) in expectedCorners[orientation]!.enumerated() {
                    XCTAssertTrue(TestImages.close(got[k], want), "orientation \(orientation) corner \(k): \(TestImages.rgb(got[k])) want \(want)")
                }
                let raw = try ImageDecoder().decode(bytes: jpeg, applyOrientation: false)
                XCTAssertEqual(raw.image.width, 32)
            }
        }
    }

    func testOutputIsOpaqueARGB() throws {
        let decoded = try ImageDecoder().decode(bytes: TestImages.quadrantJPEG())
        XCTAssertEqual(decoded.image.stride, decoded.image.width * 4)
        XCTAssertEqual(decoded.image.pixel(x: 0, y: 0) >> 24, 0xFF)
        XCTAssertTrue(TestImages.close(decoded.image.pixel(x: 2, y: 2), TestImages.red))
    }

    func testProgressiveDecodes() throws {
        let jpeg = TestImages.quadrantJPEG(width: 64, height: 48, progressive: true)
        let decoded = try ImageDecoder().decode(bytes: jpeg)
        XCTAssertEqual(decoded.image.width, 64)
        XCTAssertTrue(TestImages.close(decoded.image.pixel(x: 60, y: 44), TestImages.white))
        XCTAssertTrue(TestImages.close(decoded.image.pixel(x: 60, y: 2), TestImages.green))
    }

    func testGrayscaleDecodes() throws {
        var gray = [UInt8](repeating: 0, count: 32 * 16)
        for y in 0..<16 { for x in 0..<32 { gray[y * 32 + x] = x < 16 ? 40 : 220 } }
        let jpeg = JPEGCodec.encode(pixels: gray, width: 32, height: 16, kind: .gray, quality: 95)!
        let decoded = try ImageDecoder().decode(bytes: jpeg)
        XCTAssertTrue(TestImages.close(decoded.image.pixel(x: 2, y: 8), (40, 40, 40), tolerance: 8))
        XCTAssertTrue(TestImages.close(decoded.image.pixel(x: 29, y: 8), (220, 220, 220), tolerance: 8))
    }

    func testCMYKAndYCCKDecodeWithCorrectColours() throws {
        // Adobe-inverted storage: 255 = no ink. Left half pure cyan ink, right half pure yellow ink.
        var cmyk = [UInt8](); cmyk.reserveCapacity(32 * 16 * 4)
        for _ in 0..<16 { for x in 0..<32 { cmyk += x < 16 ? [0, 255, 255, 255] : [255, 255, 0, 255] } }
        for kind in [JPEGCodec.EncodeKind.cmyk, .ycck] {
            let jpeg = JPEGCodec.encode(pixels: cmyk, width: 32, height: 16, kind: kind, quality: 95)!
            let decoded = try ImageDecoder().decode(bytes: jpeg)
            XCTAssertTrue(TestImages.close(decoded.image.pixel(x: 2, y: 8), (0, 255, 255)), "\(kind) cyan \(TestImages.rgb(decoded.image.pixel(x: 2, y: 8)))")
            XCTAssertTrue(TestImages.close(decoded.image.pixel(x: 29, y: 8), (255, 255, 0)), "\(kind) yellow")
        }
    }

    func testTruncatedFileDecodesWithWarning() throws {
        let jpeg = TestImages.quadrantJPEG(width: 256, height: 256)
        let truncated = Array(jpeg.prefix(jpeg.count / 2))
        let decoded = try ImageDecoder().decode(bytes: truncated)
        XCTAssertEqual(decoded.image.width, 256)
        XCTAssertFalse(decoded.warnings.isEmpty)
        XCTAssertTrue(TestImages.close(decoded.image.pixel(x: 2, y: 2), TestImages.red))
    }

    func testCorruptAndEmptyFilesFailWithAReason() {
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: [])) { XCTAssertEqual($0 as? DecodeError, .empty) }
        var garbage: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        garbage += [UInt8](repeating: 0x42, count: 200)
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: garbage)) { error in
            guard case .corrupt(let why)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertFalse(why.isEmpty)
        }
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: Array("hello".utf8))) { XCTAssertEqual($0 as? DecodeError, .unsupportedFormat) }
        let dir = TestImages.temporaryDirectory()
        TestImages.write([], to: dir + "/zero.jpg")
        XCTAssertThrowsError(try ImageDecoder().decode(path: PhotoPath(dir + "/zero.jpg"))) { XCTAssertEqual($0 as? DecodeError, .empty) }
        XCTAssertThrowsError(try ImageDecoder().decode(path: PhotoPath(dir + "/missing.jpg"))) { error in
            guard case .unreadable? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }

    /// Patches the SOF0 frame size of a baseline JPEG.
    func withClaimedSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg
        for i in 0..<(bytes.count - 9) where bytes[i] == 0xFF && (bytes[i + 1] == 0xC0 || bytes[i + 1] == 0xC2) {
            bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
            bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
            return bytes
        }
        XCTFail("no SOF0"); return bytes
    }

    func testHugeHeaderIsRefusedWithoutAllocating() throws {
        let huge = withClaimedSize(TestImages.quadrantJPEG(width: 16, height: 16), width: 60000, height: 60000)
        XCTAssertEqual(try ImageDecoder().readHeader(bytes: huge).width, 60000)
        for target in [nil, 256] as [Int?] {
            XCTAssertThrowsError(try ImageDecoder().decode(bytes: huge, targetSize: target)) { error in
                guard case .tooLarge(let why)? = error as? DecodeError else { return XCTFail("\(error)") }
                XCTAssertTrue(why.contains("60000x60000"), why)
            }
        }
    }

    func testHugeProgressiveHeaderIsRefusedByTheMemoryLimit() throws {
        // 20000 × 15000 progressive: 1/8 output fits, but the whole-image coefficient buffers (~900 MB) do not.
        let jpeg = withClaimedSize(TestImages.quadrantJPEG(width: 16, height: 16, progressive: true), width: 20000, height: 15000)
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: jpeg, targetSize: 256)) { error in
            guard case .tooLarge(let why)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("memory budget"), why)
        }
    }

    func testOverLimitHeaderIsDecodedOnlyScaledDown() throws {
        // 12000 × 12000 = 144 MP > 100 MP: decoded at the scale that fits 16 MP (1/4 → 3000 × 3000).
        let big = withClaimedSize(TestImages.quadrantJPEG(width: 16, height: 16), width: 12000, height: 12000)
        let decoded = try ImageDecoder().decode(bytes: big)
        XCTAssertEqual(decoded.scaleDenominator, 4)
        XCTAssertLessThanOrEqual(decoded.image.width * decoded.image.height, DecodeLimits().maxScaledOutputPixels)
        XCTAssertFalse(decoded.warnings.isEmpty)
    }

    func testDCTScaleSelection() throws {
        XCTAssertEqual(JPEGCodec.scaleDenominator(width: 3000, height: 2000, targetLongestSide: 256), 8)
        XCTAssertEqual(JPEGCodec.scaleDenominator(width: 3000, height: 2000, targetLongestSide: 375), 8)
        XCTAssertEqual(JPEGCodec.scaleDenominator(width: 3000, height: 2000, targetLongestSide: 376), 4)
        XCTAssertEqual(JPEGCodec.scaleDenominator(width: 3000, height: 2000, targetLongestSide: 1024), 2)
        XCTAssertEqual(JPEGCodec.scaleDenominator(width: 3000, height: 2000, targetLongestSide: 2000), 1)
        XCTAssertEqual(JPEGCodec.scaleDenominator(width: 3000, height: 2000, targetLongestSide: nil), 1)
        let jpeg = TestImages.quadrantJPEG(width: 400, height: 200)
        let decoded = try ImageDecoder().decode(bytes: jpeg, targetSize: 100)
        XCTAssertEqual(decoded.scaleDenominator, 4)
        XCTAssertEqual(decoded.image.width, 100)
        XCTAssertEqual(decoded.originalWidth, 400)
    }

    func testEmbeddedThumbnailIsFoundAndOriented() throws {
        let thumb = TestImages.quadrantJPEG(width: 32, height: 16)
        let jpeg = TestImages.quadrantJPEG(width: 320, height: 160, orientation: 6, thumbnail: thumb)
        let info = try XCTUnwrap(ExifInfo.parse(jpeg: jpeg))
        XCTAssertEqual(info.orientation, .rotate90Clockwise)
        XCTAssertNotNil(info.thumbnailRange)
        let decoded = try XCTUnwrap(ImageDecoder().decodeEmbeddedThumbnail(bytes: jpeg))
        XCTAssertEqual(decoded.image.width, 16)
        XCTAssertEqual(decoded.image.height, 32)
        XCTAssertTrue(TestImages.close(corners(decoded.image)[0], TestImages.blue))
    }

    func testPNGRoundTripWithTextChunks() throws {
        let dir = TestImages.temporaryDirectory()
        let image = PixelImage(width: 5, height: 3) { x, _ in x == 0 ? 0x80400000 : 0xFF00FF00 }
        let path = PhotoPath(dir + "/t.png")
        XCTAssertNil(PNGCodec.write(image, to: path, texts: [("Thumb::URI", "file:///a%20b.jpg"), ("Thumb::MTime", "123")]))
        let file = try PNGCodec.read(path: path).get()
        XCTAssertEqual(file.texts["Thumb::URI"], "file:///a%20b.jpg")
        XCTAssertEqual(file.texts["Thumb::MTime"], "123")
        XCTAssertEqual(file.image?.pixel(x: 1, y: 1), 0xFF00FF00)
        let p = try XCTUnwrap(file.image?.pixel(x: 0, y: 0))
        XCTAssertEqual(p >> 24, 0x80)
        XCTAssertLessThanOrEqual(abs(Int(p >> 16 & 0xFF) - 0x40), 1)
        let decoded = try ImageDecoder().decode(path: path)
        XCTAssertEqual(decoded.format, .png)
        XCTAssertEqual(decoded.image.width, 5)
    }

    func testOpaquePNGRoundTripIsExactAndUncompressed() throws {
        let dir = TestImages.temporaryDirectory()
        let image = PixelImage(width: 64, height: 48) { x, y in 0xFF00_0000 | UInt32(x * 4) << 16 | UInt32(y * 5) << 8 | UInt32((x ^ y) & 0xFF) }
        let path = PhotoPath(dir + "/opaque.png")
        XCTAssertNil(PNGCodec.write(image, to: path, texts: [("Thumb::URI", "file:///o.jpg")]))
        let read = try XCTUnwrap(PNGCodec.read(path: path).get().image)
        XCTAssertEqual(read.width, 64)
        XCTAssertEqual(read.height, 48)
        for y in 0..<48 { for x in 0..<64 { XCTAssertEqual(read.pixel(x: x, y: y), image.pixel(x: x, y: y)) } }
        // Written as RGB (no alpha channel) in stored zlib blocks: at least the raw 3 bytes per pixel.
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path.string)[.size] as? Int)
        XCTAssertGreaterThanOrEqual(size, 64 * 48 * 3)
        XCTAssertLessThan(size, 64 * 48 * 4)
    }

    func testHeaderOfAPathIsReadWithoutDecoding() throws {
        let dir = TestImages.temporaryDirectory("hdr")
        TestImages.write(TestImages.quadrantJPEG(width: 64, height: 32, orientation: 8), to: dir + "/h.jpg")
        let header = try ImageDecoder().readHeader(path: PhotoPath(dir + "/h.jpg"))
        XCTAssertEqual(header, ImageHeader(width: 64, height: 32, format: .jpeg, orientation: .rotate90CounterClockwise))
    }
}
