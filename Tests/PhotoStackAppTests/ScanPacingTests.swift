import Foundation
import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// While the first scan streams albums in, the albums screen is reloaded at a pace (a reload costs UI-thread time:
/// a batch update over every stack): the first album shows at once, the albums found soon after wait until the
/// paced reload is due (the loop is woken for it through `nextDeadline`), and the scan's end shows everything at once.
final class ScanPacingTests: XCTestCase {
    func testAlbumsFoundJustAfterAReloadWaitForTheNextPacedOne() throws {
        let library = LibraryModel(root: PhotoPath("/library"))   // not started: the test delivers the scan's events
        let photos = PhotoService(pipeline: ThumbnailPipeline(diskCache: nil), post: { _ in })
        photos.logsFailures = false
        let browser = BrowserScreen(library: library, photos: photos, post: { _ in })
        browser.resize(width: 1024, height: 768, scale: 1, at: 0)
        XCTAssertTrue(library.isScanning)

        _ = browser.receive([.library(.scan(.album(Album.scanned(0))))], at: 1.0)
        XCTAssertEqual(browser.albums.collectionView.numberOfSections, 1, "the first album shows at once")
        XCTAssertNil(browser.nextDeadline.flatMap { $0 > 1.0 ? $0 : nil })

        _ = browser.receive([.library(.scan(.album(Album.scanned(1))))], at: 1.01)
        _ = browser.receive([.library(.scan(.album(Album.scanned(2))))], at: 1.02)
        XCTAssertEqual(browser.albums.collectionView.numberOfSections, 1, "albums found 10 and 20 ms later wait")
        let due = try XCTUnwrap(browser.nextDeadline, "the loop is woken when the paced reload is due")
        XCTAssertGreaterThanOrEqual(due, 1.1)
        XCTAssertLessThanOrEqual(due, 2.0)

        browser.update(at: due - 0.001)
        XCTAssertEqual(browser.albums.collectionView.numberOfSections, 1)
        browser.update(at: due)
        XCTAssertEqual(browser.albums.collectionView.numberOfSections, 3, "the paced reload shows both")

        // The scan's end is shown at once, however soon after the last reload.
        _ = browser.receive([.library(.scan(.album(Album.scanned(3))))], at: due + 0.01)
        XCTAssertEqual(browser.albums.collectionView.numberOfSections, 3)
        let finished = PhotoLibrary(root: PhotoPath("/library"), albums: (0...3).map(Album.scanned), problems: [])
        _ = browser.receive([.library(.scan(.finished(finished)))], at: due + 0.02)
        XCTAssertFalse(library.isScanning)
        XCTAssertEqual(browser.albums.collectionView.numberOfSections, 4)
    }
}
