import Dispatch
import XCTest
@testable import PhotoPipeline

/// Records the order work runs in. `@unchecked Sendable`: guarded by `lock`.
final class WorkRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func record(_ name: String) { lock.withLock { names.append(name) } }
    var order: [String] { lock.withLock { names } }
}

/// Collects delivered results (any thread), signalling `done` after each. `@unchecked Sendable`: guarded by `lock`.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [LoadResult] = []
    let done = DispatchSemaphore(value: 0)
    func deliver(_ r: LoadResult) { lock.withLock { results.append(r) }; done.signal() }
    /// Takes what arrived so far.
    func take() -> [LoadResult] { lock.withLock { let r = results; results.removeAll(); return r } }
}

final class ImageLoaderTests: XCTestCase {
    func photo(_ name: String) -> Photo {
        Photo(path: PhotoPath("/virtual/\(name).jpg"), identity: FileIdentity(device: 1, inode: UInt64(name.hashValue.magnitude), size: 1, mtimeSeconds: 1), format: .jpeg)
    }

    /// A 1-worker loader whose first item ("gate") blocks until `gate` is signalled, so the queue can be arranged.
    func gatedLoader(recorder: WorkRecorder, started: DispatchSemaphore, gate: DispatchSemaphore,
                     box: ResultBox) -> ImageLoader {
        ImageLoader(workerCount: 1, deliver: { box.deliver($0) }) { request in
            let name = request.photo.displayName
            recorder.record(name)
            if name == "gate.jpg" { started.signal(); gate.wait() }
            return .success(LoadedImage(image: PixelImage(width: 1, height: 1) { _, _ in 0xFF000000 }, source: .decode,
                                        originalWidth: 1, originalHeight: 1))
        }
    }

    func testPrioritiesUpdatesAndCancellationAreHonoured() {
        let recorder = WorkRecorder()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0), box = ResultBox()
        let loader = gatedLoader(recorder: recorder, started: started, gate: gate, box: box)
        loader.request(photo("gate"), pixelSize: 256, priority: .prefetch)
        started.wait()
        loader.request(photo("a-prefetch"), pixelSize: 256, priority: .prefetch, order: 0)
        let b = loader.request(photo("b-visible-cancelled"), pixelSize: 256, priority: .visible, order: 5)
        loader.request(photo("c-top"), pixelSize: 256, priority: .topOfVisibleStack, order: 0)
        loader.request(photo("d-visible"), pixelSize: 256, priority: .visible, order: 1)
        let e = loader.request(photo("e-promoted"), pixelSize: 256, priority: .prefetch, order: 9)
        loader.updatePriority(e, priority: .topOfVisibleStack, order: 0)
        loader.cancel(b)
        gate.signal()
        for _ in 0..<5 { box.done.wait() }
        XCTAssertEqual(recorder.order, ["gate.jpg", "c-top.jpg", "e-promoted.jpg", "d-visible.jpg", "a-prefetch.jpg"])
        let results = box.take()
        XCTAssertEqual(results.map(\.photoID.lastComponent), ["gate.jpg", "c-top.jpg", "e-promoted.jpg", "d-visible.jpg", "a-prefetch.jpg"])
        XCTAssertEqual(loader.pendingCount, 0)
        XCTAssertTrue(box.take().isEmpty)
        loader.shutdown()
    }

    func testResultOfARunningCancelledRequestIsDropped() {
        let recorder = WorkRecorder()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0), box = ResultBox()
        let loader = gatedLoader(recorder: recorder, started: started, gate: gate, box: box)
        let running = loader.request(photo("gate"), pixelSize: 256, priority: .visible)
        started.wait()
        loader.cancel(running)
        loader.request(photo("after"), pixelSize: 256, priority: .visible)
        gate.signal()
        box.done.wait()
        XCTAssertEqual(recorder.order, ["gate.jpg", "after.jpg"])
        XCTAssertEqual(box.take().map(\.photoID.lastComponent), ["after.jpg"])
        loader.shutdown()
    }

    func testRealPipelineDeliversResultsWithIdentityAndReasons() throws {
        let dir = TestImages.temporaryDirectory("loader")
        TestImages.write(TestImages.quadrantJPEG(width: 300, height: 200), to: dir + "/good.jpg")
        TestImages.write([], to: dir + "/empty.jpg")
        let library = PhotoLibrary.scan(root: PhotoPath(dir))
        let photos = try XCTUnwrap(library.albums.first?.photos)
        XCTAssertEqual(photos.count, 2)
        let box = ResultBox()
        let pipeline = ThumbnailPipeline(diskCache: ThumbnailCache(root: PhotoPath(dir + "/.thumbs")))
        let loader = ImageLoader(pipeline: pipeline, workerCount: 2, deliver: { box.deliver($0) })
        let ids = photos.map { loader.request($0, pixelSize: 128, priority: .visible) }
        box.done.wait(); box.done.wait()
        let results = box.take()
        XCTAssertEqual(Set(results.map(\.requestID)), Set(ids))
        for result in results {
            let photo = photos.first { $0.id == result.photoID }!
            XCTAssertEqual(result.identity, photo.identity)
            switch (photo.displayName, result.outcome) {
            case ("good.jpg", .success(let loaded)): XCTAssertEqual(loaded.image.width, 128)
            case ("empty.jpg", .failure(let error)): XCTAssertEqual(error.reason, "empty file (0 bytes)")
            default: XCTFail("unexpected \(photo.displayName) \(result.outcome)")
            }
        }
        loader.shutdown()
    }
}
