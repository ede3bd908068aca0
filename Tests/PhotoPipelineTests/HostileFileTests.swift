import Foundation
import XCTest
@testable import PhotoPipeline

/// One test per row of issue 16's table (the memory rows are measured in a child process by
/// `HostileMemoryTests`): each hostile file is generated here, and each test fails on the code before the fix.
final class HostileFileTests: XCTestCase {
    override func tearDown() { FileAccess.observe(nil) }

    struct Fixture {
        let dir: String
        let cache: ThumbnailCache
        let photo: Photo
        let pipeline: ThumbnailPipeline
    }

    /// A folder with one 600×400 photo "p.jpg" (already scanned) and a thumbnail cache in `dir/cache/thumbnails`.
    func makeFixture(_ bytes: [UInt8] = TestImages.quadrantJPEG(width: 600, height: 400), name: String = "p.jpg") -> Fixture {
        let dir = TestImages.temporaryDirectory("hostile")
        try! FileManager.default.createDirectory(atPath: dir + "/cache", withIntermediateDirectories: true)
        TestImages.write(bytes, to: dir + "/" + name)
        let library = PhotoLibrary.scan(root: PhotoPath(dir))
        let cache = ThumbnailCache(root: PhotoPath(dir + "/cache/thumbnails"))
        let pipeline = ThumbnailPipeline(diskCache: cache)
        return Fixture(dir: dir, cache: cache, photo: library.albums[0].photos[0], pipeline: pipeline)
    }

    func mode(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return st.st_mode & 0o777
    }

    // MARK: nothing blocks

    func testFIFOReplacingAPhotoAfterTheScanDoesNotBlockTheLoader() {
        let f = makeFixture()
        HostileFiles.makeFIFO(at: f.photo.path.string)
        let pipeline = f.pipeline, photo = f.photo
        let result = HostileFiles.withDeadline(unblock: { HostileFiles.releaseFIFO(at: photo.path.string) }) {
            pipeline.load(photo: photo, pixelSize: 256)
        }
        guard let result else { return XCTFail("the loader blocked opening a FIFO") }
        guard case .failure(let error) = result else { return XCTFail("a FIFO loaded as a photo") }
        XCTAssertTrue(error.reason.contains("FIFO"), error.reason)
    }

    func testCachedThumbnailSymlinkedToAFIFODoesNotBlockTheLoader() throws {
        let f = makeFixture()
        let thumb = f.cache.thumbnailPath(for: f.photo.path, size: .large).string
        try FileManager.default.createDirectory(atPath: f.dir + "/cache/thumbnails/large", withIntermediateDirectories: true)
        HostileFiles.makeFIFO(at: f.dir + "/fifo")
        XCTAssertEqual(symlink(f.dir + "/fifo", thumb), 0)
        let pipeline = f.pipeline, photo = f.photo, dir = f.dir
        let result = HostileFiles.withDeadline(unblock: { HostileFiles.releaseFIFO(at: dir + "/fifo") }) {
            pipeline.load(photo: photo, pixelSize: 256)
        }
        guard let result else { return XCTFail("the loader blocked opening a cached thumbnail linked to a FIFO") }
        XCTAssertEqual(try result.get().source, .decode, "the photo itself is decoded instead")
    }

    // MARK: memory is bounded by what is shown

    func testPNGWhoseTextChunkClaims1_9GBIsRefusedAsAnError() {
        let bytes = HostileFiles.pngWithHugeTextChunk()
        XCTAssertLessThan(bytes.count, 1100)
        guard case .failure(.corrupt(let why)) = PNGCodec.read(bytes: bytes) else { return XCTFail("accepted") }
        XCTAssertTrue(why.contains("too large") || why.contains("chunk"), why)
    }

    func testPNGWithAWidthOf2To29IsRefusedByTheSideLimit() {
        // The old shim raised libpng's limits to 0x7fffffff and computed (int32_t)width * 4: undefined behaviour.
        guard case .failure(let error) = PNGCodec.read(bytes: HostileFiles.pngWithHugeWidth(), maxPixels: 0) else {
            return XCTFail("accepted")
        }
        XCTAssertTrue(error.reason.contains("IHDR"), error.reason)
    }

    func testEXIFThumbnailClaiming10000x10000IsNotUsed() throws {
        let f = makeFixture(HostileFiles.jpegWithHugeExifThumbnail())
        let loaded = try f.pipeline.load(photo: f.photo, pixelSize: 128).get()
        XCTAssertEqual(loaded.source, .decode, "the photo is decoded, not its fake thumbnail")
        XCTAssertEqual(loaded.image.width, 128)
        XCTAssertTrue(TestImages.close(loaded.image.pixel(x: 3, y: 3), TestImages.red), "the photo's pixels, not grey")
    }

    func testForeignThumbnailOf4096PixelsIsNotTrusted() throws {
        let f = makeFixture()
        try FileManager.default.createDirectory(atPath: f.dir + "/cache/thumbnails/normal", withIntermediateDirectories: true)
        let big = PixelImage(width: 4096, height: 4096) { _, _ in 0xFF12_3456 }
        XCTAssertNil(PNGCodec.write(big, to: f.cache.thumbnailPath(for: f.photo.path, size: .normal),
                                    texts: [("Thumb::URI", FileURI.uri(for: f.photo.path)),
                                            ("Thumb::MTime", String(f.photo.identity.mtimeSeconds))], compressionLevel: 9))
        let loaded = try f.pipeline.load(photo: f.photo, pixelSize: 128).get()
        XCTAssertEqual(loaded.source, .decode)
        XCTAssertLessThanOrEqual(loaded.image.longestSide, 128)
    }

    // MARK: a cache that trusts nothing

    func testSymlinkedCacheFolderIsNotWrittenThrough() throws {
        for linked in ["thumbnails/normal", "thumbnails"] {
            let f = makeFixture()
            let elsewhere = f.dir + "/elsewhere"
            try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
            if linked == "thumbnails/normal" {
                try FileManager.default.createDirectory(atPath: f.dir + "/cache/thumbnails", withIntermediateDirectories: true)
            }
            XCTAssertEqual(symlink(elsewhere, f.dir + "/cache/" + linked), 0)
            XCTAssertEqual(try f.pipeline.load(photo: f.photo, pixelSize: 128).get().source, .decode)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [], "written through \(linked)")
        }
    }

    func testTemporaryThumbnailIsCreatedExclusivelyAndDoesNotFollowALink() throws {
        let f = makeFixture()
        let victim = f.dir + "/victim"
        TestImages.write(Array("precious".utf8), to: victim)
        // Plant a link at the temporary file's name just before it is created (as another process could).
        FileAccess.observe { op, path in
            if op == .write, path.string.hasSuffix(".tmp") { _ = symlink(victim, path.string) }
        }
        _ = f.pipeline.load(photo: f.photo, pixelSize: 128)
        FileAccess.observe(nil)
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious", "written through the planted link")
    }

    func testTemporaryThumbnailIsNeverMoreOpenThan0600() throws {
        let f = makeFixture()
        let folder = f.dir + "/cache/thumbnails/normal"
        let recorder = ModeRecorder()
        // Just before the rename, the temporary file must already be 0600 (the old code chmod'ed it later).
        FileAccess.observe { op, path in
            guard op == .write, path.string.hasPrefix(folder), path.string.hasSuffix(".png") else { return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".tmp") {
                var st = stat()
                if lstat(folder + "/" + name, &st) == 0 { recorder.add(st.st_mode & 0o777) }
            }
        }
        XCTAssertEqual(try f.pipeline.load(photo: f.photo, pixelSize: 128).get().source, .decode)
        FileAccess.observe(nil)
        XCTAssertEqual(recorder.modes, [0o600])
        XCTAssertEqual(mode(f.cache.thumbnailPath(for: f.photo.path, size: .normal).string), 0o600)
    }

    final class ModeRecorder: @unchecked Sendable {
        let lock = NSLock()
        var all: [mode_t] = []
        func add(_ m: mode_t) { lock.withLock { all.append(m) } }
        var modes: [mode_t] { lock.withLock { all } }
    }

    func testLooseCacheFoldersAreMadePrivateBeforeUse() throws {
        let f = makeFixture()
        for dir in ["/cache/thumbnails", "/cache/thumbnails/normal"] {
            try FileManager.default.createDirectory(atPath: f.dir + dir, withIntermediateDirectories: true)
            XCTAssertEqual(chmod(f.dir + dir, 0o777), 0)
        }
        XCTAssertEqual(try f.pipeline.load(photo: f.photo, pixelSize: 128).get().source, .decode)
        XCTAssertEqual(mode(f.dir + "/cache/thumbnails"), 0o700)
        XCTAssertEqual(mode(f.dir + "/cache/thumbnails/normal"), 0o700)
    }

    func testHomePointingNowhereCreatesNothing() throws {
        let f = makeFixture()
        let nowhere = f.dir + "/no/such/home"
        let savedHome = getenv("HOME").map { String(cString: $0) }
        let savedXDG = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        setenv("HOME", nowhere, 1)
        unsetenv("XDG_CACHE_HOME")
        defer {
            if let savedHome { setenv("HOME", savedHome, 1) } else { unsetenv("HOME") }
            if let savedXDG { setenv("XDG_CACHE_HOME", savedXDG, 1) }
        }
        let pipeline = ThumbnailPipeline(diskCache: ThumbnailCache())
        XCTAssertEqual(try pipeline.load(photo: f.photo, pixelSize: 128).get().source, .decode, "works without a disk cache")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.dir + "/no"), "created folders where HOME points")
    }

    func testXDGCacheHomeIsCreatedButNotItsParents() throws {
        let f = makeFixture()
        let savedXDG = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        defer { if let savedXDG { setenv("XDG_CACHE_HOME", savedXDG, 1) } else { unsetenv("XDG_CACHE_HOME") } }
        setenv("XDG_CACHE_HOME", f.dir + "/xdg", 1)
        let cache = ThumbnailCache()
        XCTAssertEqual(cache.root.string, f.dir + "/xdg/thumbnails")
        XCTAssertNil(cache.store(PixelImage(width: 4, height: 4) { _, _ in 0xFF00_0000 }, source: f.photo.path,
                                 identity: f.photo.identity, size: .normal, originalWidth: 4, originalHeight: 4, mimeType: "image/jpeg"))
        XCTAssertEqual(mode(f.dir + "/xdg"), 0o700)
        setenv("XDG_CACHE_HOME", f.dir + "/missing/xdg", 1)
        let nowhere = ThumbnailCache()
        XCTAssertNotNil(nowhere.store(PixelImage(width: 4, height: 4) { _, _ in 0xFF00_0000 }, source: f.photo.path,
                                      identity: f.photo.identity, size: .normal, originalWidth: 4, originalHeight: 4, mimeType: "image/jpeg"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.dir + "/missing"))
        XCTAssertNotNil(nowhere.takeProblem(), "the reason is there for the app to say")
        XCTAssertNil(nowhere.takeProblem(), "once")
    }
}
