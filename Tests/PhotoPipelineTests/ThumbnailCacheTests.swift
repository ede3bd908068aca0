import XCTest
@testable import PhotoPipeline

final class ThumbnailCacheTests: XCTestCase {
    func testMD5KnownVectors() {
        XCTAssertEqual(MD5.hex([]), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(MD5.hex(Array("abc".utf8)), "900150983cd24fb0d6963f7d28e17f72")
        XCTAssertEqual(MD5.hex(Array(repeating: 0x61, count: 55)), "ef1772b6dff9a122358552954ad0df65")
        XCTAssertEqual(MD5.hex(Array(repeating: 0x61, count: 56)), "3b0c8ac703f828b04c6c197006d17218")
        XCTAssertEqual(MD5.hex(Array(repeating: 0x61, count: 64)), "014842d480b571495a4a0363793f7367")
        XCTAssertEqual(MD5.hex(Array(repeating: 0x61, count: 1000)), "cabe45dcc9ae5b66ba86600cca6b8ba8")
    }

    func testFileNameFollowsTheSpecExample() {
        XCTAssertEqual(FileURI.uri(for: PhotoPath("/home/jens/photos/me.png")), "file:///home/jens/photos/me.png")
        XCTAssertEqual(ThumbnailCache.fileName(for: PhotoPath("/home/jens/photos/me.png")), "c6ee772d9e49320e97ec29a7eb5b1697.png")
        XCTAssertEqual(FileURI.uri(for: PhotoPath("/a b/Зи#.jpg")), "file:///a%20b/%D0%97%D0%B8%23.jpg")
    }

    func testMemoryBuckets() {
        XCTAssertEqual(ImageCacheKey.bucket(forPixels: 200), 256)
        XCTAssertEqual(ImageCacheKey.bucket(forPixels: 1024), 1024)
        XCTAssertEqual(ImageCacheKey.bucket(forPixels: 1500), 2048)
        XCTAssertEqual(ImageCacheKey.bucket(forPixels: 3000), 4096)
    }

    func testSizeClasses() {
        XCTAssertEqual(ThumbnailSize.forPixels(100), .normal)
        XCTAssertEqual(ThumbnailSize.forPixels(129), .large)
        XCTAssertEqual(ThumbnailSize.forPixels(512), .xLarge)
        XCTAssertEqual(ThumbnailSize.forPixels(600), .xxLarge)
        XCTAssertNil(ThumbnailSize.forPixels(1025))
    }

    struct Fixture {
        let dir: String
        let cache: ThumbnailCache
        let photo: Photo
        let pipeline: ThumbnailPipeline
    }

    func makeFixture(width: Int = 600, height: Int = 400, orientation: Int? = nil) -> Fixture {
        let dir = TestImages.temporaryDirectory("thumbs")
        let path = dir + "/photo 1.jpg"
        TestImages.write(TestImages.quadrantJPEG(width: width, height: height, orientation: orientation), to: path)
        let cache = ThumbnailCache(root: PhotoPath(dir + "/cache/thumbnails"))
        let photo = Photo(path: PhotoPath(path), identity: FileIdentity.of(PhotoPath(path))!, format: .jpeg)
        let pipeline = ThumbnailPipeline(diskCache: cache)
        return Fixture(dir: dir, cache: cache, photo: photo, pipeline: pipeline)
    }

    func mode(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0, path)
        return st.st_mode & 0o777
    }

    func testWrittenThumbnailHasNameKeysAndPermissionsAndIsReused() throws {
        let f = makeFixture(orientation: 6)
        let first = try f.pipeline.load(photo: f.photo, pixelSize: 256).get()
        XCTAssertEqual(first.source, .decode)
        XCTAssertEqual(first.image.width, 171)   // 400×600 displayed, longest side 256
        XCTAssertEqual(first.image.height, 256)
        let expected = f.dir + "/cache/thumbnails/large/" + MD5.hex(Array(("file://" + f.dir.replacingOccurrences(of: " ", with: "%20") + "/photo%201.jpg").utf8)) + ".png"
        XCTAssertTrue(FileManager.default.fileExists(atPath: expected), expected)
        XCTAssertEqual(mode(expected), 0o600)
        XCTAssertEqual(mode(f.dir + "/cache/thumbnails/large"), 0o700)
        XCTAssertEqual(mode(f.dir + "/cache/thumbnails"), 0o700)
        let png = try PNGCodec.read(path: PhotoPath(expected)).get()
        XCTAssertEqual(png.texts["Thumb::URI"], FileURI.uri(for: f.photo.path))
        XCTAssertEqual(png.texts["Thumb::MTime"], String(f.photo.identity.mtimeSeconds))
        XCTAssertEqual(png.texts["Thumb::Size"], String(f.photo.identity.size))
        XCTAssertEqual(png.texts["Thumb::Mimetype"], "image/jpeg")
        XCTAssertEqual(png.texts["Thumb::Image::Width"], "400")
        XCTAssertEqual(png.texts["Thumb::Image::Height"], "600")
        XCTAssertEqual(png.image?.height, 256, "orientation applied in the stored thumbnail")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: f.dir + "/cache/thumbnails/large")
        XCTAssertEqual(leftovers.count, 1, "no temporary files left: \(leftovers)")

        // Next load, same disk cache → read from disk.
        let next = ThumbnailPipeline(diskCache: f.cache)
        let second = try next.load(photo: f.photo, pixelSize: 256).get()
        XCTAssertEqual(second.source, .diskThumbnail)
        XCTAssertEqual(second.image.width, 171)
        XCTAssertTrue(TestImages.close(second.image.pixel(x: 3, y: 3), TestImages.blue))
        // And again: from disk (there is no memory cache in the pipeline; the app keeps surfaces).
        XCTAssertEqual(try next.load(photo: f.photo, pixelSize: 200).get().source, .diskThumbnail)
    }

    func testThumbnailMadeByAnotherProgramIsRead() throws {
        let f = makeFixture()
        // What feh -P / gThumb write: an RGBA PNG with the required keys only, in normal/.
        let marker = PixelImage(width: 128, height: 85) { _, _ in 0xFF123456 }
        try FileManager.default.createDirectory(atPath: f.dir + "/cache/thumbnails/normal", withIntermediateDirectories: true)
        let path = f.cache.thumbnailPath(for: f.photo.path, size: .normal)
        XCTAssertNil(PNGCodec.write(marker, to: path, texts: [("Thumb::URI", FileURI.uri(for: f.photo.path)),
                                                               ("Thumb::MTime", String(f.photo.identity.mtimeSeconds))]))
        let loaded = try f.pipeline.load(photo: f.photo, pixelSize: 128).get()
        XCTAssertEqual(loaded.source, .diskThumbnail)
        XCTAssertEqual(loaded.image.pixel(x: 10, y: 10), 0xFF123456)
    }

    func testStaleThumbnailIsRegenerated() throws {
        let f = makeFixture()
        let marker = PixelImage(width: 128, height: 85) { _, _ in 0xFF123456 }
        try FileManager.default.createDirectory(atPath: f.dir + "/cache/thumbnails/normal", withIntermediateDirectories: true)
        let path = f.cache.thumbnailPath(for: f.photo.path, size: .normal)
        XCTAssertNil(PNGCodec.write(marker, to: path, texts: [("Thumb::URI", FileURI.uri(for: f.photo.path)),
                                                               ("Thumb::MTime", String(f.photo.identity.mtimeSeconds - 100))]))
        let loaded = try f.pipeline.load(photo: f.photo, pixelSize: 128).get()
        XCTAssertEqual(loaded.source, .decode)
        XCTAssertTrue(TestImages.close(loaded.image.pixel(x: 3, y: 3), TestImages.red))
        let rewritten = try PNGCodec.read(path: path).get()
        XCTAssertEqual(rewritten.texts["Thumb::MTime"], String(f.photo.identity.mtimeSeconds))
        XCTAssertNotEqual(rewritten.image?.pixel(x: 3, y: 3), 0xFF123456)
    }

    func testFailureIsRecordedAndNotRetriedUntilTheFileChanges() throws {
        let dir = TestImages.temporaryDirectory("fail")
        let path = dir + "/broken.jpg"
        TestImages.write([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 100), to: path)
        let cache = ThumbnailCache(root: PhotoPath(dir + "/thumbnails"), version: "9.9")
        let photo = Photo(path: PhotoPath(path), identity: FileIdentity.of(PhotoPath(path))!, format: .jpeg)
        let pipeline = ThumbnailPipeline(diskCache: cache)
        guard case .failure(.corrupt(let why)) = pipeline.load(photo: photo, pixelSize: 256) else { return XCTFail() }
        XCTAssertFalse(why.contains("failed before"))
        let record = dir + "/thumbnails/fail/photostack-9.9/" + ThumbnailCache.fileName(for: photo.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: record))
        XCTAssertEqual(mode(record), 0o600)
        XCTAssertEqual(mode(dir + "/thumbnails/fail/photostack-9.9"), 0o700)
        guard case .failure(.corrupt(let again)) = pipeline.load(photo: photo, pixelSize: 256) else { return XCTFail() }
        XCTAssertTrue(again.contains("failed before"), again)
        // Fix the file (new mtime): retried and decoded.
        TestImages.write(TestImages.quadrantJPEG(), to: path)
        var times = [timespec(tv_sec: 2_000_000_000, tv_nsec: 0), timespec(tv_sec: 2_000_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        let fixed = Photo(path: PhotoPath(path), identity: FileIdentity.of(PhotoPath(path))!, format: .jpeg)
        XCTAssertEqual(try pipeline.load(photo: fixed, pixelSize: 256).get().source, .decode)
    }

    func testExifThumbnailIsUsedWhenBigEnoughOnly() throws {
        let dir = TestImages.temporaryDirectory("exif")
        let path = dir + "/e.jpg"
        let thumb = TestImages.quadrantJPEG(width: 160, height: 120)
        TestImages.write(TestImages.quadrantJPEG(width: 800, height: 600, thumbnail: thumb), to: path)
        let photo = Photo(path: PhotoPath(path), identity: FileIdentity.of(PhotoPath(path))!, format: .jpeg)
        let pipeline = ThumbnailPipeline(diskCache: nil)
        XCTAssertEqual(try pipeline.load(photo: photo, pixelSize: 128).get().source, .exifThumbnail)
        let sharp = try pipeline.load(photo: photo, pixelSize: 256).get()
        XCTAssertEqual(sharp.source, .decode)
        XCTAssertEqual(sharp.image.width, 256)
    }
}
