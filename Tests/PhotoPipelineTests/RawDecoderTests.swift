import XCTest
@testable import PhotoPipeline

/// Camera RAW through libraw (CRaw), shown from the embedded preview: DNG files written by `RawTestFiles`.
final class RawDecoderTests: XCTestCase {
    static let preview = TestImages.quadrantJPEG(width: 96, height: 64)

    func dng(orientation: Int = 1) -> [UInt8] {
        RawTestFiles.dng(preview: Self.preview, previewWidth: 96, previewHeight: 64, orientation: orientation)
    }

    func testDNGPreviewDecodesAtFullAndThumbnailSize() throws {
        let bytes = dng()
        XCTAssertEqual(ImageFormat.sniff(bytes), .raw)
        let out = try RawCodec.decode(bytes, limits: DecodeLimits(), targetLongestSide: nil).get()
        // libraw hands back the embedded JPEG, with an EXIF block of its own put in after the SOI marker.
        let encoded = try XCTUnwrap(out.encoded)
        XCTAssertEqual(Array(encoded.suffix(Self.preview.count - 2)), Array(Self.preview.dropFirst(2)))
        XCTAssertEqual([out.imageWidth, out.imageHeight], [32, 32], "the sensor image's size")
        let full = try ImageDecoder().decode(bytes: bytes)
        XCTAssertEqual(full.format, .raw)
        XCTAssertEqual([full.image.width, full.image.height], [96, 64])
        FormatTestFiles.assertQuadrants(full.image, FormatTestFiles.colors, "full")
        let thumb = try ImageDecoder().decode(bytes: bytes, targetSize: 24, downscaleTo: 24)
        XCTAssertEqual([thumb.image.width, thumb.image.height], [24, 16])
        FormatTestFiles.assertQuadrants(thumb.image, FormatTestFiles.colors, "thumbnail")
        XCTAssertEqual(try ImageDecoder().readHeader(bytes: bytes), ImageHeader(width: 32, height: 32, format: .raw, orientation: .normal))
    }

    /// The Orientation tag becomes libraw's flip (0, 3, 5, 6 and the mirrored values), applied to the preview.
    func testFlipIsApplied() throws {
        for orientation in ExifOrientation.allCases {
            let bytes = dng(orientation: orientation.rawValue)
            XCTAssertEqual(try ImageDecoder().readHeader(bytes: bytes).orientation, orientation)
            let decoded = try ImageDecoder().decode(bytes: bytes)
            XCTAssertEqual(decoded.orientation, orientation)
            let size = orientation.swapsDimensions ? [64, 96] : [96, 64]
            XCTAssertEqual([decoded.image.width, decoded.image.height], size, "\(orientation)")
            FormatTestFiles.assertQuadrants(decoded.image, FormatTestFiles.displayed(orientation), "\(orientation)")
            let thumb = try ImageDecoder().decode(bytes: bytes, targetSize: 24, downscaleTo: 24).image
            XCTAssertEqual(max(thumb.width, thumb.height), 24)
            FormatTestFiles.assertQuadrants(thumb, FormatTestFiles.displayed(orientation), "\(orientation) thumbnail")
            let stored = try ImageDecoder().decode(bytes: bytes, applyOrientation: false)
            XCTAssertFalse(stored.orientationApplied)
            FormatTestFiles.assertQuadrants(stored.image, FormatTestFiles.colors, "\(orientation) not applied")
        }
        XCTAssertEqual(RawCodec.orientation(flip: 0), .normal)
        XCTAssertEqual(RawCodec.orientation(flip: 3), .rotate180)
        XCTAssertEqual(RawCodec.orientation(flip: 5), .rotate90CounterClockwise)
        XCTAssertEqual(RawCodec.orientation(flip: 6), .rotate90Clockwise)
    }

    func testRawWithoutPreviewIsUnsupportedNotCorrupt() throws {
        let bytes = RawTestFiles.dng(preview: [], previewWidth: 0, previewHeight: 0, previewInIFD0: false)
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: bytes)) { error in
            guard case .unsupported(let why)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("No thumbnail"), why)
        }
    }

    func testTruncatedAndCorruptFilesAreErrors() throws {
        let bytes = dng()
        let start = try XCTUnwrap((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD8 })
        // Cuts in the directories and in the preview; a cut in the sensor data after it leaves the preview whole.
        for cut in [8, 100, start + 10, start + Self.preview.count / 2] {
            XCTAssertThrowsError(try ImageDecoder().decode(bytes: Array(bytes.prefix(cut)), targetSize: 16), "cut to \(cut)") {
                XCTAssertNotEqual($0 as? DecodeError, .unsupportedFormat, "recognised, reported broken")
            }
        }
        // Only the preview's end marker missing: libjpeg's partial picture with its warning, as for any JPEG.
        let unended = try ImageDecoder().decode(bytes: Array(bytes.prefix(start + Self.preview.count - 2)))
        XCTAssertFalse(unended.warnings.isEmpty)
        XCTAssertNoThrow(try ImageDecoder().decode(bytes: Array(bytes.prefix(start + Self.preview.count + 100))))
        var broken = bytes
        for i in start..<start + Self.preview.count { broken[i] = 0x33 } // the preview overwritten
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: broken))
    }

    func testHugePreviewIsRefusedBeforeDecoding() throws {
        let bytes = RawTestFiles.dng(preview: Self.preview, previewWidth: 60000, previewHeight: 60000)
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: bytes, targetSize: 256)) { error in
            guard case .tooLarge(let why)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("60000x60000"), why)
        }
    }
}
