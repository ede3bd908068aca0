import Foundation
import XCTest
@testable import PhotoPipeline

/// Lossless JPEG rotation: orientation algebra, only the Exif header changes, atomic write, undo.
final class LosslessRotationTests: XCTestCase {
    private let fm = FileManager.default
    private func bytes(_ path: String) -> [UInt8] { Array(fm.contents(atPath: path) ?? Data()) }

    /// The image a viewer shows for `orientation`, from a stored w × h grid of distinct values.
    private func displayed(_ o: ExifOrientation, w: Int = 3, h: Int = 2) -> [[Int]] {
        let (dw, dh) = o.swapsDimensions ? (h, w) : (w, h)
        return (0..<dh).map { dy in (0..<dw).map { dx in let (x, y) = o.sourcePoint(dx: dx, dy: dy, width: w, height: h); return y * w + x } }
    }
    private func turned(_ image: [[Int]], _ d: RotationDirection) -> [[Int]] {
        let h = image.count, w = image[0].count
        return (0..<w).map { ny in (0..<h).map { nx in d == .clockwise ? image[h - 1 - nx][ny] : image[nx][w - 1 - ny] } }
    }

    func testRotationComposesCorrectlyForAllEightOrientations() {
        for o in ExifOrientation.allCases {
            for d in [RotationDirection.clockwise, .counterClockwise] {
                XCTAssertEqual(displayed(o.rotated(d)), turned(displayed(o), d), "\(o) turned \(d)")
            }
            XCTAssertEqual(o.rotated(.clockwise).rotated(.counterClockwise), o)
            XCTAssertEqual(o.rotated(.clockwise).rotated(.clockwise).rotated(.clockwise).rotated(.clockwise), o)
        }
        XCTAssertEqual(ExifOrientation.normal.rotated(.clockwise), .rotate90Clockwise)
        XCTAssertEqual(ExifOrientation.normal.rotated(.counterClockwise), .rotate90CounterClockwise)
        XCTAssertEqual(ExifOrientation.rotate90Clockwise.rotated(.clockwise), .rotate180)
        XCTAssertEqual(ExifOrientation.flipHorizontal.rotated(.clockwise), .transverse)
    }

    /// Offset of the start-of-scan marker: everything from there on is image data.
    private func scanStart(_ b: [UInt8]) -> Int {
        var o = 2
        while b[o + 1] != 0xDA { o += 2 + (Int(b[o + 2]) << 8 | Int(b[o + 3])) }
        return o
    }

    func testExistingTagIsOverwrittenInPlaceAndEverythingElseStays() throws {
        for bigEndian in [false, true] {
            let dir = TestImages.temporaryDirectory("rot")
            let path = dir + "/p.jpg"
            let thumb = TestImages.quadrantJPEG(width: 8, height: 4)
            let original = TestImages.quadrantJPEG(orientation: 1, bigEndian: bigEndian, thumbnail: thumb)
            TestImages.write(original, to: path)
            chmod(path, 0o640)
            let edit = try LosslessRotation.rotate(PhotoPath(path), .clockwise)
            let rotated = bytes(path)
            XCTAssertEqual(edit.previous, .normal)
            XCTAssertEqual(edit.orientation, .rotate90Clockwise)
            XCTAssertEqual(rotated.count, original.count, "same size")
            XCTAssertEqual(zip(original, rotated).filter { $0 != $1 }.count, 1, "one byte of the tag changed")
            let info = try XCTUnwrap(ExifInfo.parse(jpeg: rotated))
            XCTAssertEqual(info.orientation, .rotate90Clockwise)
            XCTAssertEqual(info.thumbnailRange, ExifInfo.parse(jpeg: original)?.thumbnailRange, "other tags intact")
            XCTAssertEqual(Array(rotated[scanStart(rotated)...]), Array(original[scanStart(original)...]), "image data identical")
            let header = try ImageDecoder().readHeader(path: PhotoPath(path))
            XCTAssertEqual(header.orientation, .rotate90Clockwise)
            XCTAssertEqual((try fm.attributesOfItem(atPath: path)[.posixPermissions] as? Int), 0o640, "permissions kept")
            XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir), ["p.jpg"], "no temporary file left")
            // Counter-clockwise twice from 6 gives 8; undo walks back byte for byte.
            let e2 = try LosslessRotation.rotate(PhotoPath(path), .counterClockwise)
            let e3 = try LosslessRotation.rotate(PhotoPath(path), .counterClockwise)
            XCTAssertEqual(ExifInfo.parse(jpeg: bytes(path))?.orientation, .rotate90CounterClockwise)
            for e in [e3, e2, edit] { try LosslessRotation.undo(e) }
            XCTAssertEqual(bytes(path), original, "undone")
        }
    }

    func testTagIsAddedToExifThatLacksItWithOtherTagsIntact() throws {
        let dir = TestImages.temporaryDirectory("rot-add")
        let path = dir + "/p.jpg"
        let pixels = TestImages.quadrants(width: 32, height: 16, colors: [TestImages.red, TestImages.green, TestImages.blue, TestImages.white])
        for bigEndian in [false, true] {
            let original = JPEGCodec.encode(pixels: pixels, width: 32, height: 16, app1: ExifWriter.camera(gps: true, bigEndian: bigEndian))!
            TestImages.write(original, to: path)
            let before = try PhotoInfo.read(PhotoPath(path)).get()
            XCTAssertNil(before.orientation)
            let edit = try LosslessRotation.rotate(PhotoPath(path), .counterClockwise)
            XCTAssertNil(edit.previous)
            let rotated = bytes(path)
            XCTAssertEqual(ExifInfo.parse(jpeg: rotated)?.orientation, .rotate90CounterClockwise)
            XCTAssertEqual(Array(rotated[scanStart(rotated)...]), Array(original[scanStart(original)...]), "image data identical")
            var after = try PhotoInfo.read(PhotoPath(path)).get()
            XCTAssertEqual(after.orientation, .rotate90CounterClockwise)
            XCTAssertEqual(after.pixelWidth, 16, "displayed size swaps")
            after.orientation = nil; after.pixelWidth = before.pixelWidth; after.pixelHeight = before.pixelHeight
            after.fileSize = before.fileSize
            XCTAssertGreaterThanOrEqual(after.modificationTime, before.modificationTime, "a new file: mtime is now")
            after.modificationTime = before.modificationTime
            XCTAssertEqual(after, before, "every other field read back the same (libexif)")
            // A second turn now overwrites in place.
            let size = rotated.count
            _ = try LosslessRotation.rotate(PhotoPath(path), .counterClockwise)
            XCTAssertEqual(bytes(path).count, size)
            XCTAssertEqual(ExifInfo.parse(jpeg: bytes(path))?.orientation, .rotate180)
            _ = try LosslessRotation.setOrientation(PhotoPath(path), .rotate90CounterClockwise)
            try LosslessRotation.undo(edit)
            XCTAssertEqual(bytes(path), original, "undo restores the original bytes")
        }
    }

    func testExifSegmentIsInsertedWhenAbsent() throws {
        let dir = TestImages.temporaryDirectory("rot-new")
        let path = dir + "/p.jpg"
        let original = TestImages.quadrantJPEG()
        XCTAssertNil(ExifInfo.parse(jpeg: original))
        TestImages.write(original, to: path)
        let edit = try LosslessRotation.rotate(PhotoPath(path), .clockwise)
        let rotated = bytes(path)
        XCTAssertEqual(ExifInfo.parse(jpeg: rotated)?.orientation, .rotate90Clockwise)
        XCTAssertEqual(edit.splice.removed, [])
        let at = edit.splice.offset
        XCTAssertEqual(Array(original[..<at]) + Array(original[at...]), original)
        XCTAssertEqual(Array(rotated[..<at]), Array(original[..<at]), "SOI and JFIF APP0 first")
        XCTAssertEqual(Array(rotated[(at + edit.splice.inserted.count)...]), Array(original[at...]), "the rest identical")
        if original[3] == 0xE0 { XCTAssertGreaterThan(at, 2, "after the JFIF segment") }
        let decoded = try ImageDecoder().decode(path: PhotoPath(path))
        XCTAssertEqual([decoded.image.width, decoded.image.height], [16, 32], "decoders see the new orientation")
        try LosslessRotation.undo(edit)
        XCTAssertEqual(bytes(path), original)
    }

    func testRefusalsAndUndoAfterAChange() throws {
        let dir = TestImages.temporaryDirectory("rot-no")
        let png = dir + "/p.png"
        let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 32)
        TestImages.write(pngBytes, to: png)
        XCTAssertThrowsError(try LosslessRotation.rotate(PhotoPath(png), .clockwise)) { error in
            guard case .unsupportedFormat(let reason) = error as? RotationError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("view only"), reason)
        }
        XCTAssertEqual(bytes(png), pngBytes, "untouched")
        TestImages.write(Array("GIF89a".utf8), to: dir + "/g.gif")
        XCTAssertThrowsError(try LosslessRotation.rotate(PhotoPath(dir + "/g.gif"), .clockwise)) {
            guard case .unsupportedFormat = $0 as? RotationError else { return XCTFail("\($0)") }
        }
        var truncated = TestImages.quadrantJPEG(orientation: 1)
        truncated = Array(truncated[..<24])
        TestImages.write(truncated, to: dir + "/t.jpg")
        XCTAssertThrowsError(try LosslessRotation.rotate(PhotoPath(dir + "/t.jpg"), .clockwise)) {
            guard case .malformedJPEG = $0 as? RotationError else { return XCTFail("\($0)") }
        }
        // Undo refuses when the file changed since.
        let path = dir + "/p.jpg"
        TestImages.write(TestImages.quadrantJPEG(orientation: 1), to: path)
        let edit = try LosslessRotation.rotate(PhotoPath(path), .clockwise)
        _ = try LosslessRotation.rotate(PhotoPath(path), .clockwise)
        XCTAssertThrowsError(try LosslessRotation.undo(edit)) { XCTAssertEqual($0 as? RotationError, .changedSinceEdit(PhotoPath(path))) }
        // A symlink stays a symlink; its target is rotated.
        try fm.createSymbolicLink(atPath: dir + "/link.jpg", withDestinationPath: path)
        let viaLink = try LosslessRotation.rotate(PhotoPath(dir + "/link.jpg"), .clockwise)
        XCTAssertEqual(viaLink.path.string, path)
        XCTAssertEqual(try fm.destinationOfSymbolicLink(atPath: dir + "/link.jpg"), path)
    }
}
