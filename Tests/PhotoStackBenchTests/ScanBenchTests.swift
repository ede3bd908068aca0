import Foundation
import XCTest
import PhotoStackApp
@testable import PhotoStackBench

/// `photostack bench scan` on a tiny generated library: every photo found, the JSON fields the report
/// reads present (no timing is asserted).
final class ScanBenchTests: XCTestCase {
    func testScanScenarioFindsEveryPhotoAndReportsItsFigures() throws {
        let c = try BenchCommand.parse(["scan", "--scan-photos", "45", "--scan-folders", "4", "--scan-runs", "1"])
        XCTAssertEqual(c.scenarios, [.scan])
        let line = try c.line(for: .scan)
        let o = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(o["scenario"] as? String, "scan")
        XCTAssertEqual(o["albumsFound"] as? Int, 4)
        XCTAssertEqual(o["photosFound"] as? Int, 45)
        XCTAssertEqual(o["progressEvents"] as? Int, 6, "root, one parent folder, four albums")
        for key in ["firstAlbumSeconds", "scanSeconds", "findSeconds", "scanToFindRatio", "liveScanSeconds",
                    "singleThreadScanSeconds", "retainedBytesPerPhoto", "peakRSSBytes", "photoStrideBytes"] {
            XCTAssertNotNil(o[key], key)
        }
        XCTAssertThrowsError(try BenchCommand.parse(["scan", "--scan-photos", "3", "--scan-folders", "4"]))
    }
}
