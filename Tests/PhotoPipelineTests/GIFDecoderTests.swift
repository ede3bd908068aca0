import XCTest
@testable import PhotoPipeline

/// GIF through giflib (CGIF): files made by ImageMagick's convert.
final class GIFDecoderTests: XCTestCase {
    var dir = ""
    override func setUp() { dir = TestImages.temporaryDirectory("gif") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func convert(_ arguments: [String], to name: String) throws -> [UInt8] {
        try FormatTestFiles.encode("convert", arguments + [dir + "/" + name], output: dir + "/" + name)
    }

    func testStillGIFDecodesAtFullAndThumbnailSize() throws {
        for interlace in ["None", "GIF"] {
            let bytes = try convert([FormatTestFiles.quadrantPNG(in: dir), "-interlace", interlace], to: "q-\(interlace).gif")
            XCTAssertEqual(ImageFormat.sniff(bytes), .gif)
            let full = try ImageDecoder().decode(bytes: bytes)
            XCTAssertEqual(full.format, .gif)
            XCTAssertEqual([full.image.width, full.image.height], [96, 64])
            FormatTestFiles.assertQuadrants(full.image, FormatTestFiles.colors, tolerance: 2, "interlace \(interlace)")
            let thumb = try ImageDecoder().decode(bytes: bytes, targetSize: 24, downscaleTo: 24).image
            XCTAssertEqual([thumb.width, thumb.height], [24, 16])
            FormatTestFiles.assertQuadrants(thumb, FormatTestFiles.colors, tolerance: 2, "thumbnail, interlace \(interlace)")
            XCTAssertEqual(try ImageDecoder().readHeader(bytes: bytes), ImageHeader(width: 96, height: 64, format: .gif, orientation: .normal))
        }
    }

    func testAnimationShowsItsFirstFrameOnly() throws {
        let red = FormatTestFiles.solidPNG(in: dir, name: "red.png", color: TestImages.red)
        let blue = FormatTestFiles.solidPNG(in: dir, name: "blue.png", color: TestImages.blue)
        let bytes = try convert(["-delay", "10", red, blue, red], to: "anim.gif")
        let image = try ImageDecoder().decode(bytes: bytes).image
        XCTAssertEqual([image.width, image.height], [40, 30])
        XCTAssertTrue(TestImages.close(image.pixel(x: 20, y: 15), TestImages.red, tolerance: 0), "\(TestImages.rgb(image.pixel(x: 20, y: 15)))")
        // Cutting the file inside the second frame does not matter: it is never read.
        let controls = (1..<bytes.count).filter { bytes[$0 - 1] == 0x21 && bytes[$0] == 0xF9 } // graphic control extensions
        XCTAssertEqual(controls.count, 3, "one per frame")
        let cut = try XCTUnwrap(controls.dropFirst().first) + 12
        XCTAssertTrue(TestImages.close(try ImageDecoder().decode(bytes: Array(bytes.prefix(cut))).image.pixel(x: 5, y: 5),
                                       TestImages.red, tolerance: 0), "cut at \(cut) of \(bytes.count)")
    }

    func testTransparentColourIsTransparent() throws {
        // A red square with a transparent centre (GIF's graphic control extension, transparent index).
        let bytes = try convert(["-size", "20x20", "xc:red", "-fill", "none", "-draw", "color 10,10 point",
                                 "-region", "8x8+6+6", "-alpha", "set", "-channel", "A", "-evaluate", "set", "0", "+channel",
                                 "+region"], to: "t.gif")
        let image = try ImageDecoder().decode(bytes: bytes).image
        XCTAssertEqual(image.pixel(x: 10, y: 10), 0, "transparent (premultiplied zero)")
        XCTAssertEqual(image.pixel(x: 1, y: 1), 0xFFFF_0000)
    }

    func testTruncatedAndCorruptFilesAreErrors() throws {
        let bytes = try convert([FormatTestFiles.quadrantPNG(in: dir)], to: "q.gif")
        FormatTestFiles.assertTruncationsFail(bytes, cuts: [6, 13, 40], signature: 6, "GIF")
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B])) { error in
            XCTAssertEqual((error as? DecodeError)?.reason.contains("without an image"), true, "\(error)")
        }
    }

    func testHugeClaimedSizeIsRefusedBeforeDecoding() throws {
        // A 65535 × 65535 logical screen and first image (4.3 gigapixels), then the data ends.
        var bytes = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0] + [UInt8](repeating: 0, count: 6)
        bytes += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 2, 0x44, 0x01, 0, 0x3B]
        XCTAssertEqual(try ImageDecoder().readHeader(bytes: bytes).width, 65535)
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: bytes, targetSize: 256)) { error in
            guard case .tooLarge(let why)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("65535x65535"), why)
        }
    }
}
