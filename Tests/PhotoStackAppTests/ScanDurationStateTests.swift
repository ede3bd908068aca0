import Foundation
import XCTest
@testable import PhotoStackApp

/// Issue 13 (scale): the state reports how long the library's initial scan took in the app (`scanSeconds`), the figure
/// `scripts/measure-big-library.sh` sets beside `find`'s time, and nothing while the scan still runs.
final class ScanDurationStateTests: XCTestCase {
    func testTheStateSaysHowLongTheInitialScanTookOnceItEnded() throws {
        let start = Date()
        let h = BrowserHarness()   // the sample library, scanned
        let wall = Date().timeIntervalSince(start)
        let seconds = try XCTUnwrap(h.browser.library.scanSeconds, "the scan ended")
        XCTAssertGreaterThan(seconds, 0)
        XCTAssertLessThanOrEqual(seconds, wall, "from the scan's start to the UI thread's taking of its end")
        guard case .double(let reported)? = h.browser.albums.albumsLayoutState()["scanSeconds"] else {
            return XCTFail("no scanSeconds in the albums screen's state")
        }
        XCTAssertEqual(reported, seconds)

        let scanning = LibraryModel(root: h.browser.library.root)
        scanning.start(post: { _ in })   // its events go nowhere: the scan never ends for this model
        XCTAssertNil(scanning.scanSeconds)
    }
}
