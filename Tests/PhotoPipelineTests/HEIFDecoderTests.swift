import XCTest
@testable import PhotoPipeline

/// HEIC/HEIF and AVIF through libheif (CHEIF): files made by heif-enc and by libheif's encoder API (for the
/// irot/imir orientations, which heif-enc 1.15 does not write).
final class HEIFDecoderTests: XCTestCase {
    var dir = ""
    override func setUp() { dir = TestImages.temporaryDirectory("heif") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func heifEnc(_ extra: [String] = [], input: String? = nil, output: String = "q.heic") throws -> [UInt8] {
        let source = input ?? FormatTestFiles.quadrantPNG(in: dir)
        return try FormatTestFiles.encode("heif-enc", extra + ["-q", "90", source, "-o", dir + "/" + output], output: dir + "/" + output)
    }

    static let stored = TestImages.quadrants(width: 96, height: 64, colors: FormatTestFiles.colors)

    func testHEICDecodesAtFullAndThumbnailSize() throws {
        let bytes = try heifEnc()
        XCTAssertEqual(ImageFormat.sniff(bytes), .heif)
        let full = try ImageDecoder().decode(bytes: bytes)
        XCTAssertEqual(full.format, .heif)
        XCTAssertEqual([full.image.width, full.image.height, full.originalWidth, full.originalHeight], [96, 64, 96, 64])
        FormatTestFiles.assertQuadrants(full.image, FormatTestFiles.colors, "full")
        let thumb = try ImageDecoder().decode(bytes: bytes, targetSize: 24, downscaleTo: 24)
        XCTAssertEqual([thumb.image.width, thumb.image.height], [24, 16])
        FormatTestFiles.assertQuadrants(thumb.image, FormatTestFiles.colors, "thumbnail")
        XCTAssertEqual(try ImageDecoder().readHeader(bytes: bytes), ImageHeader(width: 96, height: 64, format: .heif, orientation: .normal))
    }

    func testAVIFDecodesWithDebiansLibheif() throws {
        XCTAssertTrue(HEIFCodec.canDecode(av1: true), "Debian 12's libheif1 decodes AV1 (dav1d/aom built in)")
        let bytes = try heifEnc(["-A"], output: "q.avif")
        XCTAssertEqual(ImageFormat.sniff(bytes), .avif)
        let full = try ImageDecoder().decode(bytes: bytes)
        XCTAssertEqual(full.format, .avif)
        XCTAssertEqual([full.image.width, full.image.height], [96, 64])
        FormatTestFiles.assertQuadrants(full.image, FormatTestFiles.colors, "AVIF")
        FormatTestFiles.assertQuadrants(try ImageDecoder().decode(bytes: bytes, targetSize: 24, downscaleTo: 24).image,
                                        FormatTestFiles.colors, "AVIF thumbnail")
    }

    /// irot/imir written by libheif's encoder for each EXIF orientation: libheif applies them, the decoder adds nothing.
    func testIrotAndImirAreAppliedOnce() throws {
        for orientation in ExifOrientation.allCases {
            let bytes = try HEIFCodec.encode(pixels: Self.stored, width: 96, height: 64, orientation: orientation).get()
            let decoded = try ImageDecoder().decode(bytes: bytes)
            let size = orientation.swapsDimensions ? [64, 96] : [96, 64]
            XCTAssertEqual([decoded.image.width, decoded.image.height], size, "\(orientation)")
            XCTAssertEqual([decoded.originalWidth, decoded.originalHeight], size, "displayed size: libheif applied it")
            XCTAssertEqual(decoded.orientation, .normal)
            FormatTestFiles.assertQuadrants(decoded.image, FormatTestFiles.displayed(orientation), "\(orientation)")
            let header = try ImageDecoder().readHeader(bytes: bytes)
            XCTAssertEqual([header.width, header.height], size)
        }
        let avif = try HEIFCodec.encode(pixels: Self.stored, width: 96, height: 64, av1: true, orientation: .rotate90Clockwise).get()
        XCTAssertEqual(ImageFormat.sniff(avif), .avif)
        FormatTestFiles.assertQuadrants(try ImageDecoder().decode(bytes: avif).image,
                                        FormatTestFiles.displayed(.rotate90Clockwise), "AVIF irot")
    }

    /// heif-enc copies a JPEG's EXIF (orientation 6 here) without writing irot: the picture is shown as stored,
    /// as libheif and the HEIF specification say (the EXIF orientation is not applied on top).
    func testExifOrientationInsideHEIFIsNotApplied() throws {
        let jpeg = dir + "/exif6.jpg"
        TestImages.write(TestImages.quadrantJPEG(width: 96, height: 64, orientation: 6), to: jpeg)
        let bytes = try heifEnc(input: jpeg, output: "exif6.heic")
        let decoded = try ImageDecoder().decode(bytes: bytes)
        XCTAssertEqual([decoded.image.width, decoded.image.height], [96, 64])
        FormatTestFiles.assertQuadrants(decoded.image, FormatTestFiles.colors, "as stored")
        XCTAssertEqual(try ImageDecoder().readHeader(bytes: bytes).orientation, .normal)
    }

    /// `HEIFCodec.decode`, giving its budget reservation back at once (the decoder does that after its copies).
    func decodeReleasing(_ bytes: [UInt8], limits: DecodeLimits, targetLongestSide: Int?) -> Result<LibraryDecodeOutput, DecodeError> {
        let r = HEIFCodec.decode(bytes, limits: limits, targetLongestSide: targetLongestSide)
        if case .success(let out) = r { LibraryDecode.release(out.reservedBytes) }
        return r
    }

    func testEmbeddedThumbnailServesSmallRequestsOnly() throws {
        let bytes = try heifEnc(["-t", "32"], output: "thumb.heic")
        let small = try decodeReleasing(bytes, limits: DecodeLimits(), targetLongestSide: 24).get()
        XCTAssertTrue(small.fromThumbnail, "a 32 px thumbnail covers 24 px")
        XCTAssertEqual(small.image?.width, 24)
        XCTAssertEqual(Double(small.image?.height ?? 0), 16, accuracy: 1, "the thumbnail's aspect (32×20 or 32×21)")
        XCTAssertEqual([small.imageWidth, small.imageHeight], [96, 64], "the primary image's size")
        FormatTestFiles.assertQuadrants(try XCTUnwrap(small.image), FormatTestFiles.colors, "from the thumbnail")
        let exact = try decodeReleasing(bytes, limits: DecodeLimits(), targetLongestSide: 32).get()
        XCTAssertTrue(exact.fromThumbnail)
        let large = try decodeReleasing(bytes, limits: DecodeLimits(), targetLongestSide: 48).get()
        XCTAssertFalse(large.fromThumbnail, "too small for 48 px: the primary image")
        XCTAssertEqual([large.image?.width, large.image?.height], [48, 32])
        XCTAssertFalse(try decodeReleasing(bytes, limits: DecodeLimits(), targetLongestSide: nil).get().fromThumbnail)
        // A thumbnail of a rotated image is shown rotated like the image.
        let rotated = try HEIFCodec.encode(pixels: Self.stored, width: 96, height: 64, orientation: .rotate90Clockwise,
                                           thumbnailLongestSide: 32).get()
        let thumb = try decodeReleasing(rotated, limits: DecodeLimits(), targetLongestSide: 24).get()
        XCTAssertTrue(thumb.fromThumbnail)
        XCTAssertEqual(thumb.image?.height, 24)
        XCTAssertEqual(Double(thumb.image?.width ?? 0), 16, accuracy: 1)
        FormatTestFiles.assertQuadrants(try XCTUnwrap(thumb.image), FormatTestFiles.displayed(.rotate90Clockwise), "rotated thumbnail")
    }

    func testTruncatedAndCorruptFilesAreErrors() throws {
        let bytes = try heifEnc()
        FormatTestFiles.assertTruncationsFail(bytes, cuts: [12, 40, bytes.count - 20], "HEIC")
        var garbage = bytes
        for i in 40..<garbage.count { garbage[i] ^= 0x5A }
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: garbage))
    }

    /// `bytes` with every `ispe` (image spatial extents) property claiming `side` × `side` pixels.
    func claiming(_ side: Int, _ original: [UInt8]) -> [UInt8] {
        var bytes = original
        let tag = Array("ispe".utf8)
        for i in 0..<(bytes.count - 16) where Array(bytes[i..<i + 4]) == tag {
            for o in [i + 8, i + 12] { bytes[o] = 0; bytes[o + 1] = UInt8(side >> 16); bytes[o + 2] = UInt8(side >> 8 & 0xFF); bytes[o + 3] = UInt8(side & 0xFF) }
        }
        XCTAssertNotEqual(bytes, original)
        return bytes
    }

    func testHugeClaimedSizeIsRefusedBeforeDecoding() throws {
        let original = try heifEnc()
        // Over PhotoStack's budget (900 megapixels), within libheif's own limit: refused by the shim.
        let big = claiming(30000, original)
        XCTAssertEqual(try ImageDecoder().readHeader(bytes: big).width, 30000)
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: big, targetSize: 256)) { error in
            guard case .tooLarge(let why)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("30000x30000"), why)
        }
        // Over libheif's 32768-pixel side limit: refused while the file is parsed, also reported as too large.
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: claiming(60000, original), targetSize: 256)) { error in
            guard case .tooLarge? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }
}
