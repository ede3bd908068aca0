import XCTest
@testable import PhotoPipeline

final class ThumbnailBenchTests: XCTestCase {
    func testBenchLoadsEverythingColdThenFromTheDiskCache() throws {
        let dir = TestImages.temporaryDirectory("bench")
        for i in 1...5 { TestImages.write(TestImages.quadrantJPEG(width: 600, height: 400), to: dir + "/p\(i).jpg") }
        let result = ThumbnailBench.run(folder: PhotoPath(dir), pixelSize: 256, firstScreen: 2, workers: 2)
        XCTAssertEqual(result.photos, 5)
        XCTAssertEqual(result.failures, 0)
        XCTAssertEqual(result.coldSources, ["decode": 5])
        XCTAssertEqual(result.warmSources, ["diskThumbnail": 5])
        XCTAssertLessThanOrEqual(result.coldFirstScreenSeconds, result.coldAllSeconds)
        XCTAssertGreaterThan(result.coldPeakRSSBytes, 0)
        let json = try JSONEncoder().encode(result)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    func testHeaderOfAPathIsReadWithoutDecoding() throws {
        let dir = TestImages.temporaryDirectory("hdr")
        TestImages.write(TestImages.quadrantJPEG(width: 64, height: 32, orientation: 8), to: dir + "/h.jpg")
        let header = try ImageDecoder().readHeader(path: PhotoPath(dir + "/h.jpg"))
        XCTAssertEqual(header, ImageHeader(width: 64, height: 32, format: .jpeg, orientation: .rotate90CounterClockwise))
    }
}
