import XCTest
@testable import PhotoPipeline

/// TIFF through libtiff (CTIFF): files made by ImageMagick's convert.
final class TIFFDecoderTests: XCTestCase {
    var dir = ""
    override func setUp() { dir = TestImages.temporaryDirectory("tiff") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func convert(_ arguments: [String], to name: String) throws -> [UInt8] {
        try FormatTestFiles.encode("convert", [FormatTestFiles.quadrantPNG(in: dir)] + arguments + [dir + "/" + name],
                                   output: dir + "/" + name)
    }

    func testCompressionsDecodeAtFullAndThumbnailSize() throws {
        for (compression, depth) in [("None", "8"), ("LZW", "8"), ("Zip", "16"), ("JPEG", "8")] {
            let bytes = try convert(["-depth", depth, "-compress", compression], to: "q-\(compression).tif")
            XCTAssertEqual(ImageFormat.sniff(bytes), .tiff, compression)
            let full = try ImageDecoder().decode(bytes: bytes)
            XCTAssertEqual(full.format, .tiff)
            XCTAssertEqual([full.image.width, full.image.height], [96, 64])
            FormatTestFiles.assertQuadrants(full.image, FormatTestFiles.colors, "\(compression), \(depth) bits")
            let thumb = try ImageDecoder().decode(bytes: bytes, targetSize: 24, downscaleTo: 24).image
            XCTAssertEqual([thumb.width, thumb.height], [24, 16])
            FormatTestFiles.assertQuadrants(thumb, FormatTestFiles.colors, "\(compression) thumbnail")
        }
    }

    /// The Orientation tag (written by `convert -orient`, pixels kept as stored) is applied for all 8 values:
    /// libtiff's flips plus the transposition it leaves for 5–8.
    func testOrientationTagIsApplied() throws {
        let names = ["TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom"]
        for (index, name) in names.enumerated() {
            let orientation = try XCTUnwrap(ExifOrientation(rawValue: index + 1))
            let bytes = try convert(["-orient", name], to: "o\(index + 1).tif")
            let header = try ImageDecoder().readHeader(bytes: bytes)
            XCTAssertEqual(header, ImageHeader(width: 96, height: 64, format: .tiff, orientation: orientation), name)
            let decoded = try ImageDecoder().decode(bytes: bytes)
            XCTAssertEqual(decoded.orientation, orientation)
            XCTAssertEqual(decoded.displayedOriginalSize.width, orientation.swapsDimensions ? 64 : 96)
            let size = orientation.swapsDimensions ? [64, 96] : [96, 64]
            XCTAssertEqual([decoded.image.width, decoded.image.height], size, name)
            FormatTestFiles.assertQuadrants(decoded.image, FormatTestFiles.displayed(orientation), name)
            let thumb = try ImageDecoder().decode(bytes: bytes, targetSize: 24, downscaleTo: 24).image
            XCTAssertEqual(max(thumb.width, thumb.height), 24)
            FormatTestFiles.assertQuadrants(thumb, FormatTestFiles.displayed(orientation), name + " thumbnail")
        }
    }

    func testUnassociatedAlphaComesBackPremultiplied() throws {
        let bytes = try FormatTestFiles.encode("convert", ["-size", "8x8", "xc:rgba(0,0,255,0.5)", "-define",
                                                           "tiff:alpha=unassociated", dir + "/a.tif"], output: dir + "/a.tif")
        let p = try ImageDecoder().decode(bytes: bytes).image.pixel(x: 4, y: 4)
        XCTAssertEqual(Int(p >> 24), 128, accuracy: 1)
        XCTAssertEqual(Int(p & 0xFF), 128, accuracy: 1, "blue premultiplied")
        XCTAssertEqual(p >> 8 & 0xFFFF, 0)
    }

    func testTruncatedAndCorruptFilesAreErrors() throws {
        let bytes = try convert(["-compress", "LZW"], to: "q.tif")
        FormatTestFiles.assertTruncationsFail(bytes, cuts: [4, 8, 16], signature: 4, "TIFF")
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: Array(bytes.prefix(bytes.count - 200))), "strip data cut")
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: Array("II*\0".utf8) + [0xFF, 0xFF, 0xFF, 0x7F]), "directory past the end")
    }

    /// A minimal little-endian TIFF whose one directory claims `width` × `height` 8-bit RGB pixels in one strip.
    static func header(width: Int, height: Int) -> [UInt8] {
        var t: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0]
        func u16(_ v: Int) { t += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) { t += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        let entries: [(Int, Int, Int)] = [(256, 4, width), (257, 4, height), (258, 3, 8), (259, 3, 1), (262, 3, 2),
                                          (273, 4, 200), (277, 3, 3), (278, 4, height), (279, 4, width * height * 3)]
        u16(entries.count)
        for (tag, type, value) in entries { u16(tag); u16(type); u32(1); if type == 3 { u16(value); u16(0) } else { u32(value) } }
        u32(0)
        return t + [UInt8](repeating: 0, count: 200 - t.count + 64)
    }

    func testHugeClaimedSizeIsRefusedBeforeDecoding() throws {
        let bytes = Self.header(width: 100_000, height: 100_000)
        XCTAssertEqual(ImageFormat.sniff(bytes), .tiff)
        XCTAssertEqual(try ImageDecoder().readHeader(bytes: bytes).width, 100_000)
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: bytes, targetSize: 256)) { error in
            guard case .tooLarge(let why)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("100000x100000"), why)
        }
        // Within the budget the same layout is read until its data runs out: an error, not a crash.
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: Self.header(width: 40, height: 40)))
    }
}
