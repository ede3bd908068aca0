import XCTest
@testable import PhotoPipeline

/// The fast reader for our own stored-block thumbnails (`PNGCodec.readStored`) and its fallbacks.
final class StoredPNGReaderTests: XCTestCase {
    func referenceAdler(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    func testAdler32MatchesTheDefinition() {
        XCTAssertEqual(PNGCodec.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
        var state: UInt64 = 42
        // Lengths around the 32-byte SIMD chunk and the 5,536-byte reduction block; all-0xFF is the overflow worst case.
        for length in [0, 1, 31, 32, 33, 64, 5535, 5536, 5537, 11_072, 100_003] {
            let random = (0..<length).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            XCTAssertEqual(PNGCodec.adler32(random), referenceAdler(random), "random, \(length) bytes")
            let ones = [UInt8](repeating: 0xFF, count: length)
            XCTAssertEqual(PNGCodec.adler32(ones), referenceAdler(ones), "0xFF, \(length) bytes")
        }
        // Continuing from an earlier value = the Adler-32 of the concatenation.
        let a = [UInt8](repeating: 7, count: 1000), b = [UInt8](repeating: 200, count: 7000)
        XCTAssertEqual(PNGCodec.adler32(b, start: PNGCodec.adler32(a)), referenceAdler(a + b))
    }

    /// 301×211 px: rows (904 or 1,205 bytes, an odd pixel count for the 4-pixel shuffle) straddle libpng's
    /// 8 KB IDAT chunks and zlib's stored blocks.
    func image(opaque: Bool, width: Int = 301) -> PixelImage {
        PixelImage(width: width, height: 211) { x, y in
            let a: UInt32 = opaque ? 255 : UInt32((x + y) % 256)
            let r = UInt32(x * 7 % 256) * a / 255, g = UInt32(y * 3 % 256) * a / 255, b = UInt32((x ^ y) & 0xFF) * a / 255
            return a << 24 | r << 16 | g << 8 | b
        }
    }

    func assertSamePixels(_ a: PixelImage, _ b: PixelImage, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.width, b.width, file: file, line: line)
        XCTAssertEqual(a.height, b.height, file: file, line: line)
        var mismatches = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { mismatches += 1 }
        }
        XCTAssertEqual(mismatches, 0, file: file, line: line)
    }

    func testOwnThumbnailsAreReadFastWithTheSamePixelsAndTextsAsLibPNG() throws {
        let dir = TestImages.temporaryDirectory("stored")
        for (opaque, width) in [(true, 301), (false, 301), (true, 1), (true, 5), (true, 6), (true, 7), (true, 512)] {
            let path = PhotoPath(dir + "/\(opaque)-\(width).png")
            let texts = [("Thumb::URI", "file:///a%20b.jpg"), ("Thumb::MTime", "1700000000"), ("Software", "PhotoStack")]
            XCTAssertNil(PNGCodec.write(image(opaque: opaque, width: width), to: path, texts: texts))
            let fast = try XCTUnwrap(PNGCodec.readStored(path: path), "fast reader declined our own PNG").get()
            let slow = try PNGCodec.readWithLibPNG(path: path).get()
            XCTAssertEqual(fast.texts, slow.texts)
            XCTAssertEqual(fast.texts["Thumb::URI"], "file:///a%20b.jpg")
            assertSamePixels(try XCTUnwrap(fast.image), try XCTUnwrap(slow.image))
            if opaque { assertSamePixels(try XCTUnwrap(fast.image), image(opaque: true, width: width)) }
        }
    }

    func testForeignCompressedPNGFallsBackToLibPNG() throws {
        let dir = TestImages.temporaryDirectory("stored")
        let path = PhotoPath(dir + "/deflate.png")
        // What feh -P / GNOME write: deflate-compressed, filtered rows.
        XCTAssertNil(PNGCodec.write(image(opaque: false), to: path, texts: [("Thumb::URI", "file:///x.jpg")], compressionLevel: 6))
        XCTAssertNil(PNGCodec.readStored(path: path))
        let file = try PNGCodec.read(path: path).get()
        XCTAssertEqual(file.texts["Thumb::URI"], "file:///x.jpg")
        assertSamePixels(try XCTUnwrap(file.image), try XCTUnwrap(PNGCodec.readWithLibPNG(path: path).get().image))
    }

    func corrupt(_ path: String, at fraction: Double) throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let index = Int(Double(bytes.count) * fraction)
        bytes[index] ^= 0x5A
        TestImages.write(bytes, to: path)
    }

    func testCorruptPixelDataIsRejectedByBothReaders() throws {
        let dir = TestImages.temporaryDirectory("stored")
        let path = PhotoPath(dir + "/t.png")
        XCTAssertNil(PNGCodec.write(image(opaque: true), to: path, texts: [("Thumb::URI", "file:///x.jpg")]))
        try corrupt(path.string, at: 0.6)
        XCTAssertNil(PNGCodec.readStored(path: path))
        guard case .failure = PNGCodec.read(path: path) else { return XCTFail("corrupt PNG was read") }
    }

    func testCorruptOrTruncatedThumbnailIsRegenerated() throws {
        for damage in ["flip", "truncate"] {
            let dir = TestImages.temporaryDirectory("regen")
            let path = dir + "/photo.jpg"
            TestImages.write(TestImages.quadrantJPEG(width: 1200, height: 800), to: path)
            let cache = ThumbnailCache(root: PhotoPath(dir + "/thumbnails"))
            let photo = Photo(path: PhotoPath(path), identity: FileIdentity.of(PhotoPath(path))!, format: .jpeg)
            func load() throws -> LoadedImage {
                try ThumbnailPipeline(diskCache: cache).load(photo: photo, pixelSize: 320).get()
            }
            XCTAssertEqual(try load().source, .decode)
            XCTAssertEqual(try load().source, .diskThumbnail)
            let thumb = cache.thumbnailPath(for: photo.path, size: .xLarge).string
            if damage == "flip" {
                try corrupt(thumb, at: 0.5)
            } else {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: thumb)))
                TestImages.write(Array(bytes.prefix(bytes.count / 2)), to: thumb)
            }
            let again = try load()
            XCTAssertEqual(again.source, .decode, damage)
            XCTAssertTrue(TestImages.close(again.image.pixel(x: 3, y: 3), TestImages.red), damage)
            // Rewritten intact: read back by the fast reader.
            XCTAssertNotNil(PNGCodec.readStored(path: PhotoPath(thumb)), damage)
            XCTAssertEqual(try load().source, .diskThumbnail, damage)
        }
    }

    func testRecycledPixelBuffersNeverShowThePreviousImage() throws {
        // 512×341 thumbnails come in populated mappings that are reused after an image is freed.
        let dir = TestImages.temporaryDirectory("pool")
        let a = PixelImage(width: 512, height: 341) { x, y in 0xFF00_0000 | UInt32((x * 3 + y) & 0xFF) << 16 }
        let b = PixelImage(width: 512, height: 341) { x, y in 0xFF00_0000 | UInt32((x + y * 5) & 0xFF) }
        let pathA = PhotoPath(dir + "/a.png"), pathB = PhotoPath(dir + "/b.png")
        XCTAssertNil(PNGCodec.write(a, to: pathA, texts: []))
        XCTAssertNil(PNGCodec.write(b, to: pathB, texts: []))
        for _ in 0..<6 {
            // Each read's image dies at the end of its statement, so the next read gets its buffer back.
            assertSamePixels(try XCTUnwrap(XCTUnwrap(PNGCodec.readStored(path: pathA)).get().image), a)
            assertSamePixels(try XCTUnwrap(XCTUnwrap(PNGCodec.readStored(path: pathB)).get().image), b)
        }
        // Several alive at once, then freed together: still each its own pixels.
        let many = try (0..<6).map { try XCTUnwrap(XCTUnwrap(PNGCodec.readStored(path: $0 % 2 == 0 ? pathA : pathB)).get().image) }
        for (i, image) in many.enumerated() { assertSamePixels(image, i % 2 == 0 ? a : b) }
    }
}
