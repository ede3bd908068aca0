import CScratch
import Dispatch
import XCTest
@testable import PhotoPipeline

/// The decoders' per-thread scratch buffers (`CScratch`) are reused within a burst of loads and freed when the
/// loader's worker runs out of work: an idle app holds none of them (they reached 12 MB per decode thread and never
/// went back, which the soak test's heap check saw as a leak).
final class ScratchReleaseTests: XCTestCase {
    func testAWorkerReusesItsScratchWithinABurstAndFreesItWhenIdle() {
        let box = ResultBox()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let seen = KeptBytes()
        let baseline = ps_scratch_kept_bytes_all_threads()
        let loader = ImageLoader(workerCount: 1, deliver: { box.deliver($0) }) { request in
            seen.record(ps_scratch_kept_bytes())
            var owned: Int32 = 1
            let buffer = ps_scratch_get(PS_SCRATCH_JPEG_DECODE, 1 << 20, 8 << 20, &owned)   // as a downscaling decode
            buffer?[0] = 1
            if owned != 0 { free(buffer) }
            if request.photo.displayName == "gate.jpg" { started.signal(); gate.wait() }
            return .success(LoadedImage(image: PixelImage(width: 1, height: 1) { _, _ in 0xFF000000 }, source: .decode,
                                        originalWidth: 1, originalHeight: 1))
        }
        defer { loader.shutdown() }
        func photo(_ name: String) -> Photo {
            Photo(path: PhotoPath("/virtual/\(name).jpg"), identity: FileIdentity(device: 1, inode: 7, size: 1, mtimeSeconds: 1),
                  format: .jpeg)
        }
        loader.request(photo("gate"), pixelSize: 128, priority: .visible)
        started.wait()
        loader.request(photo("next"), pixelSize: 128, priority: .visible)   // queued behind: the same burst
        gate.signal()
        box.done.wait(); box.done.wait()
        XCTAssertEqual(seen.values.count, 2)
        XCTAssertGreaterThanOrEqual(seen.values.last ?? 0, 1 << 20, "the second load of a burst reuses the first's buffer")

        let idle = expectation(description: "the idle worker keeps no scratch")
        let deadline = Date().addingTimeInterval(5)
        DispatchQueue.global().async {
            while ps_scratch_kept_bytes_all_threads() > baseline && Date() < deadline { sched_yield() }
            if ps_scratch_kept_bytes_all_threads() <= baseline { idle.fulfill() }
        }
        wait(for: [idle], timeout: 6)
    }
}

/// Values recorded on the loader's worker. `@unchecked Sendable`: guarded by `lock`.
final class KeptBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Int] = []
    func record(_ bytes: Int) { lock.withLock { recorded.append(bytes) } }
    var values: [Int] { lock.withLock { recorded } }
}
