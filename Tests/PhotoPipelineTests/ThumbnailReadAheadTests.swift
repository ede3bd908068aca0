import Dispatch
import XCTest
@testable import PhotoPipeline

/// Records events from any thread. `@unchecked Sendable`: guarded by `lock`.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}

/// The cold-thumbnail path of the loader: the photo next in line is read ahead while the current one decodes,
/// and a fresh thumbnail is written to disk after its result was delivered.
final class ThumbnailReadAheadTests: XCTestCase {
    override func tearDown() { FileAccess.observe(nil) }

    func makePhoto(in dir: String, _ name: String) -> Photo {
        let path = dir + "/" + name
        TestImages.write(TestImages.quadrantJPEG(width: 600, height: 400), to: path)
        return Photo(path: PhotoPath(path), identity: FileIdentity.of(PhotoPath(path))!, format: .jpeg)
    }

    func testResultIsDeliveredBeforeTheThumbnailIsWrittenAndTheThumbnailIsWrittenAfter() throws {
        let dir = TestImages.temporaryDirectory("deferred-store")
        let photo = makePhoto(in: dir, "a.jpg")
        let cache = ThumbnailCache(root: PhotoPath(dir + "/cache/thumbnails"))
        let thumbnail = cache.thumbnailPath(for: photo.path, size: .large).string
        let log = EventLog()
        let delivered = DispatchSemaphore(value: 0)
        let loader = ImageLoader(pipeline: ThumbnailPipeline(diskCache: cache), workerCount: 1) { result in
            log.add("delivered \(result.outcome.isSuccess) thumbnail on disk: \(FileManager.default.fileExists(atPath: thumbnail))")
            delivered.signal()
        }
        loader.request(photo, pixelSize: 256, priority: .visible)
        XCTAssertEqual(delivered.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(log.all, ["delivered true thumbnail on disk: false"])
        // Written right after the delivery, on the same worker: wait for it with a deadline.
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: thumbnail) && Date() < deadline { _ = delivered.wait(timeout: .now() + 0.01) }
        loader.shutdown()
        XCTAssertTrue(FileManager.default.fileExists(atPath: thumbnail), "the freedesktop thumbnail is still written")
        let png = try PNGCodec.read(path: PhotoPath(thumbnail)).get()
        XCTAssertEqual(png.texts["Thumb::URI"], FileURI.uri(for: photo.path))
        XCTAssertEqual(png.texts["Thumb::MTime"], String(photo.identity.mtimeSeconds))
        // And reused: the next load reads it instead of decoding.
        XCTAssertEqual(try ThumbnailPipeline(diskCache: cache).load(photo: photo, pixelSize: 256).get().source, .diskThumbnail)
    }

    func testPrepareReadsAheadOnlyPhotosThatWillBeDecoded() throws {
        let dir = TestImages.temporaryDirectory("read-ahead")
        let photo = makePhoto(in: dir, "b.jpg")
        let pipeline = ThumbnailPipeline(diskCache: ThumbnailCache(root: PhotoPath(dir + "/cache/thumbnails")))
        let opened = EventLog()
        FileAccess.observe { op, path in if op == .read && path == photo.path { opened.add(path.string) } }
        pipeline.prepare(photo: photo, pixelSize: 256)
        XCTAssertEqual(opened.all.count, 1, "no thumbnail on disk: the photo is opened to be read ahead")
        _ = try pipeline.load(photo: photo, pixelSize: 256).get()
        let afterLoad = opened.all.count
        pipeline.prepare(photo: photo, pixelSize: 256)
        pipeline.prepare(photo: photo, pixelSize: 100)
        XCTAssertEqual(opened.all.count, afterLoad, "a thumbnail of that size class (or larger) is on disk: the original is left alone")
        pipeline.prepare(photo: photo, pixelSize: 400)
        XCTAssertEqual(opened.all.count, afterLoad + 1, "no thumbnail of the larger class: read ahead")
    }

    func testPrepareRunsOnceForTheRequestNextInLineBeforeItsWork() {
        let log = EventLog()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let loader = ImageLoader(workerCount: 1, deliver: { log.add("deliver \($0.photoID.lastComponent)"); done.signal() },
                                 prepare: { log.add("prepare \($0.photo.displayName)") }) { request in
            let name = request.photo.displayName
            log.add("work \(name)")
            if name == "gate.jpg" { started.signal(); _ = gate.wait(timeout: .now() + 30) }
            let image = PixelImage(width: 1, height: 1) { _, _ in 0xFF000000 }
            return (.success(LoadedImage(image: image, source: .decode, originalWidth: 1, originalHeight: 1)),
                    { log.add("after \(name)") })
        }
        func photo(_ name: String) -> Photo {
            Photo(path: PhotoPath("/virtual/\(name).jpg"), identity: FileIdentity(device: 1, inode: 1, size: 1, mtimeSeconds: 1), format: .jpeg)
        }
        loader.request(photo("gate"), pixelSize: 128, priority: .visible)
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success)
        loader.request(photo("b"), pixelSize: 128, priority: .prefetch)
        loader.request(photo("a"), pixelSize: 128, priority: .visible)
        let cancelled = loader.request(photo("c"), pixelSize: 128, priority: .visible, order: 1)
        loader.cancel(cancelled)
        gate.signal()
        for _ in 0..<3 { XCTAssertEqual(done.wait(timeout: .now() + 30), .success) }
        let deadline = Date().addingTimeInterval(30)
        while !log.all.contains("after b.jpg") && Date() < deadline { _ = done.wait(timeout: .now() + 0.01) }
        loader.shutdown()
        XCTAssertEqual(log.all, [
            "work gate.jpg", "deliver gate.jpg", "after gate.jpg",
            "prepare b.jpg", "work a.jpg", "deliver a.jpg", "after a.jpg",   // a runs; b is next in line
            "work b.jpg", "deliver b.jpg", "after b.jpg",                      // prepared once only; c never
        ])
    }
}

private extension Result {
    var isSuccess: Bool { if case .success = self { return true } else { return false } }
}

extension ThumbnailReadAheadTests {
    func testOnlyFormatsDecodedFromTheWholeFileAreReadAheadWhole() {
        for format in [ImageFormat.jpeg, .png, .webp, .gif] { XCTAssertTrue(ThumbnailPipeline.decodeReadsWholeFile(format), "\(format)") }
        // A RAW's preview may be a few MB of a 50 MB file; HEIF/AVIF and TIFF read one item or page.
        for format in [ImageFormat.raw, .heif, .avif, .tiff] { XCTAssertFalse(ThumbnailPipeline.decodeReadsWholeFile(format), "\(format)") }
    }
}

extension ThumbnailReadAheadTests {
    /// The bench and the app's idle checks count a request until its thumbnail is written.
    func testARequestIsPendingUntilItsAfterDeliveryStepIsDone() {
        let delivered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let loader = ImageLoader(workerCount: 1, deliver: { _ in delivered.signal() }, prepare: nil) { _ in
            let image = PixelImage(width: 1, height: 1) { _, _ in 0xFF000000 }
            return (.success(LoadedImage(image: image, source: .decode, originalWidth: 1, originalHeight: 1)),
                    { _ = release.wait(timeout: .now() + 30); finished.signal() })
        }
        loader.request(Photo(path: PhotoPath("/virtual/p.jpg"), identity: FileIdentity(device: 1, inode: 1, size: 1, mtimeSeconds: 1), format: .jpeg),
                       pixelSize: 128, priority: .visible)
        XCTAssertEqual(delivered.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(loader.pendingCount, 1, "delivered, thumbnail not written yet")
        release.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
        let deadline = Date().addingTimeInterval(30)
        while loader.pendingCount > 0 && Date() < deadline { _ = finished.wait(timeout: .now() + 0.005) }
        XCTAssertEqual(loader.pendingCount, 0)
        loader.shutdown()
    }
}
