import Foundation
import XCTest
@testable import PhotoPipeline

/// The file-access gate sees the pipeline's file-system calls (what the slow-disk and UI-thread tests rely on).
final class FileAccessTests: XCTestCase {
    final class Recorder: @unchecked Sendable {
        let lock = NSLock()
        var calls: [(FileAccess.Operation, String)] = []
        func record(_ op: FileAccess.Operation, _ path: PhotoPath) { lock.withLock { calls.append((op, path.string)) } }
        var snapshot: [(FileAccess.Operation, String)] { lock.withLock { calls } }
    }

    override func tearDown() { FileAccess.observe(nil) }

    func testScanDecodeAndThumbnailCacheCallsPassTheGate() throws {
        let root = TestImages.temporaryDirectory("gate")
        try FileManager.default.createDirectory(atPath: root + "/A", withIntermediateDirectories: true)
        TestImages.write(TestImages.quadrantJPEG(), to: root + "/A/p.jpg")
        let recorder = Recorder()
        FileAccess.observe { op, path in recorder.record(op, path) }

        let library = PhotoLibrary.scan(root: PhotoPath(root))
        let photo = try XCTUnwrap(library.albums.first?.photos.first)
        let cache = ThumbnailCache(root: PhotoPath(root + "/cache"))
        let pipeline = ThumbnailPipeline(diskCache: cache)
        _ = try pipeline.load(photo: photo, pixelSize: 64).get()
        _ = try pipeline.load(photo: photo, pixelSize: 64).get()   // from the disk thumbnail

        let calls = recorder.snapshot
        XCTAssertTrue(calls.contains { $0.0 == .list && $0.1 == root + "/A" }, "folder listing")
        XCTAssertTrue(calls.contains { $0.0 == .read && $0.1 == root + "/A/p.jpg" }, "photo read")
        XCTAssertTrue(calls.contains { $0.0 == .write && $0.1.hasPrefix(root + "/cache/normal/") }, "thumbnail written")
        XCTAssertTrue(calls.contains { $0.0 == .read && $0.1.hasPrefix(root + "/cache/normal/") }, "thumbnail read back")
        FileAccess.observe(nil)
        let count = recorder.snapshot.count
        _ = try pipeline.load(photo: photo, pixelSize: 64).get()
        XCTAssertEqual(recorder.snapshot.count, count, "no observer after removal")
    }

    func testCreatingTheDefaultThumbnailCacheTouchesNoFile() {
        // The app creates its pipeline on the UI thread: the cache's location is found on first use, by a loader.
        let recorder = Recorder()
        FileAccess.observe { op, path in recorder.record(op, path) }
        let cache = ThumbnailCache()
        XCTAssertEqual(recorder.snapshot.count, 0, "\(recorder.snapshot)")
        _ = cache.isDisabled
        XCTAssertGreaterThan(recorder.snapshot.count, 0, "resolved when first used")
    }
}
