import PhotoPipeline
import XCTest
@testable import PhotoStackBench

final class ThumbnailBenchTests: XCTestCase {
    func testBenchLoadsEverythingColdThenFromTheDiskCache() throws {
        let library = try BenchLibrary.jpegs(albums: 1, photosPerAlbum: 5, width: 600, height: 400, distinct: 5)
        defer { library.remove() }
        let result = ThumbnailBench.run(folder: PhotoPath(library.root), pixelSize: 256, firstScreen: 2, workers: 2)
        XCTAssertEqual(result.photos, 5)
        XCTAssertEqual(result.failures, 0)
        XCTAssertEqual(result.coldSources, ["decode": 5])
        XCTAssertEqual(result.warmSources, ["diskThumbnail": 5])
        XCTAssertLessThanOrEqual(result.coldFirstScreenSeconds, result.coldAllSeconds)
        XCTAssertGreaterThan(result.coldPeakRSSBytes, 0)
        let json = try JSONEncoder().encode(result)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }
}
