import Canvas
import PhotoPipeline
import XCTest
@testable import PhotoStackApp

final class SurfaceCacheTests: XCTestCase {
    /// 100×100 px surfaces: 40,000 bytes each.
    private func surface() throws -> ImageSurface { try ImageSurface(pixelWidth: 100, pixelHeight: 100) }
    private func photo(_ n: Int) -> PhotoPath { PhotoPath("/photos/\(n).jpg") }

    func testWhatIsDrawnIsKeptBeyondTheBudgetAndLeavesTwoFramesLater() throws {
        let cache = SurfaceCache(capacity: 3 * 40_000)
        cache.beginFrame()
        for n in 0..<5 {
            cache.insert(try surface(), photo: photo(n), bucket: 256)
            XCTAssertNotNil(cache.best(photo: photo(n), bucket: 256), "drawn in this frame")
        }
        XCTAssertEqual(cache.count, 5, "five photos on screen stay although the budget holds three")
        // The next frame draws only photos 3 and 4; photos 0…2 were drawn a frame ago: still kept.
        cache.beginFrame()
        cache.markInUse(photo: photo(3), bucket: 256); cache.markInUse(photo: photo(4), bucket: 256)
        cache.insert(try surface(), photo: photo(5), bucket: 256)
        XCTAssertEqual(cache.count, 6)
        // One more frame: 0…2 are off screen now; the next insert evicts them (least recently used first),
        // keeping what is drawn and what arrived in the last two frames (5 and 6).
        cache.beginFrame()
        cache.markInUse(photo: photo(3), bucket: 256); cache.markInUse(photo: photo(4), bucket: 256)
        cache.insert(try surface(), photo: photo(6), bucket: 256)
        XCTAssertEqual(cache.totalBytes, 4 * 40_000)
        for n in [3, 4, 5, 6] { XCTAssertNotNil(cache.best(photo: photo(n), bucket: 256), "photo \(n) kept") }
        for n in [0, 1, 2] { XCTAssertNil(cache.best(photo: photo(n), bucket: 256), "photo \(n) evicted") }
        // Two frames later photo 5 (never drawn) goes first; the budget holds again.
        cache.beginFrame(); cache.beginFrame()
        cache.markInUse(photo: photo(3), bucket: 256); cache.markInUse(photo: photo(4), bucket: 256)
        cache.insert(try surface(), photo: photo(7), bucket: 256)
        XCTAssertEqual(cache.totalBytes, 3 * 40_000)
        XCTAssertNil(cache.best(photo: photo(5), bucket: 256))
        XCTAssertNil(cache.best(photo: photo(6), bucket: 256))
    }

    func testPrefetchedSurfacesNeverDrawnFitTheBudgetTwoFramesAfterTheyArrived() throws {
        let cache = SurfaceCache(capacity: 4 * 40_000)
        cache.beginFrame()
        cache.insert(try surface(), photo: photo(0), bucket: 256)
        cache.markInUse(photo: photo(0), bucket: 256)
        // Prefetch results arrive between frames; asking whether they are there (a query) does not keep them.
        for n in 1...10 {
            cache.insert(try surface(), photo: photo(n), bucket: 256)
            XCTAssertNotNil(cache.best(photo: photo(n), bucket: 256))
        }
        XCTAssertEqual(cache.count, 11, "what arrived in this frame waits for the next frames to be drawn")
        for _ in 0..<2 {
            cache.beginFrame()
            cache.markInUse(photo: photo(0), bucket: 256)
        }
        cache.insert(try surface(), photo: photo(11), bucket: 256)
        XCTAssertLessThanOrEqual(cache.totalBytes, cache.capacity)
        XCTAssertNotNil(cache.best(photo: photo(0), bucket: 256), "the drawn photo stays")
        XCTAssertNotNil(cache.best(photo: photo(11), bucket: 256), "the one that just arrived stays")
        XCTAssertEqual((1...10).filter { cache.best(photo: photo($0), bucket: 256) != nil }, [9, 10],
                       "of the undrawn prefetched ones the newest are kept")
    }

    func testBestPrefersTheSmallestBucketCoveringTheNeed() throws {
        let cache = SurfaceCache()
        cache.insert(try surface(), photo: photo(0), bucket: 128)
        cache.insert(try surface(), photo: photo(0), bucket: 512)
        XCTAssertEqual(cache.best(photo: photo(0), bucket: 256)?.bucket, 512)
        XCTAssertEqual(cache.best(photo: photo(0), bucket: 100)?.bucket, 128)
        XCTAssertEqual(cache.best(photo: photo(0), bucket: 1024)?.bucket, 512, "a smaller one while the right one loads")
    }
}
