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
        XCTAssertGreaterThanOrEqual(due, 1.0 + ScanReloadPacer.appendInterval)
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

    /// An append costs what the scan found since the last one: scaling the wait by it (as for a rebuild) made a fast
    /// scan's appends ever longer and further apart (up to the 1 s cap), leaving thousands of albums to append after
    /// the scan's end. After an append the next reload may come after the shortest interval, whatever it cost.
    func testAnAppendIsFollowedByTheShortestIntervalWhateverItCost() {
        var pacer = ScanReloadPacer()
        pacer.didReload(at: 10, cost: 0.4, appended: true)
        XCTAssertFalse(pacer.mayReload(at: 10.01))
        XCTAssertEqual(pacer.due ?? 0, 10 + ScanReloadPacer.appendInterval, accuracy: 1e-9)
        XCTAssertTrue(pacer.mayReload(at: 10 + ScanReloadPacer.appendInterval + 1e-6))
    }

    /// When the scan ends, what is left to append is what it found since the last paced append: the time from the
    /// scan's end to a screen that says it is done is that append's (at 0.1 s apart, 1,000–1,900 albums of a
    /// 100,000-photo library: 40–80 ms of UI thread). With albums found every 10 ms and the loop woken when each
    /// paced reload is due, at most 40 ms of them wait for the scan's end.
    func testLittleIsLeftToAppendWhenTheScanEnds() {
        let library = LibraryModel(root: PhotoPath("/library"))
        let photos = PhotoService(pipeline: ThumbnailPipeline(diskCache: nil), post: { _ in })
        photos.logsFailures = false
        let browser = BrowserScreen(library: library, photos: photos, post: { _ in })
        browser.resize(width: 1024, height: 768, scale: 1, at: 0)
        let count = 100
        var leftForTheEnd: [Int] = []
        for i in 0..<count {
            let time = 1.0 + Double(i) * 0.01
            _ = browser.receive([.library(.scan(.album(Album.scanned(i))))], at: time)
            browser.update(at: time)
            // The scan could end right after any album: what would wait for the end then.
            leftForTheEnd.append(i + 1 - browser.albums.collectionView.numberOfSections)
        }
        XCTAssertLessThanOrEqual(leftForTheEnd.max() ?? 0, 4, "albums waiting for the paced append (10 ms apart)")
        let finished = PhotoLibrary(root: PhotoPath("/library"), albums: (0..<count).map(Album.scanned), problems: [])
        _ = browser.receive([.library(.scan(.finished(finished)))], at: 2.0)
        XCTAssertEqual(browser.albums.collectionView.numberOfSections, count)
    }

    /// A rebuild (a diff over every album) costs in proportion to all of them: the wait after it is four times its
    /// cost, between the shortest and the longest interval.
    func testARebuildIsFollowedByFourTimesItsCost() {
        var pacer = ScanReloadPacer()
        pacer.didReload(at: 10, cost: 0.05, appended: false)
        XCTAssertFalse(pacer.mayReload(at: 10.15))
        XCTAssertEqual(pacer.due ?? 0, 10.2, accuracy: 1e-9)
        pacer.didReload(at: 20, cost: 0.4, appended: false)
        XCTAssertFalse(pacer.mayReload(at: 20.9))
        XCTAssertEqual(pacer.due ?? 0, 20 + ScanReloadPacer.maximumInterval, accuracy: 1e-9)
        pacer.didReload(at: 30, cost: 0.001, appended: false)
        XCTAssertEqual(pacer.mayReload(at: 30.05), false)
        XCTAssertEqual(pacer.due ?? 0, 30 + ScanReloadPacer.minimumInterval, accuracy: 1e-9)
    }

    /// The albums screen says which kind of reload it made: the scan's albums appended at the end, or a rebuild (here
    /// for edited photos, which need new cards).
    func testTheAlbumsScreenSaysWhetherAReloadAppended() {
        let library = LibraryModel(root: PhotoPath("/library"))
        let photos = PhotoService(pipeline: ThumbnailPipeline(diskCache: nil), post: { _ in })
        photos.logsFailures = false
        let browser = BrowserScreen(library: library, photos: photos, post: { _ in })
        browser.resize(width: 1024, height: 768, scale: 1, at: 0)
        _ = library.receive(.scan(.album(Album.scanned(0))))
        _ = library.receive(.scan(.album(Album.scanned(1))))
        library.refreshPresentation(at: 1)
        XCTAssertTrue(browser.albums.reloadAlbums(animated: false, at: 1), "the first albums are appended")
        _ = library.receive(.scan(.album(Album.scanned(2))))
        library.refreshPresentation(at: 2)
        XCTAssertTrue(browser.albums.reloadAlbums(animated: false, at: 2), "a new album at the end is appended")
        let edited = Album.scanned(1).photos[0].key
        XCTAssertFalse(browser.albums.reloadAlbums(animated: false, at: 3, reloading: [edited]), "a rebuild")
        XCTAssertEqual(browser.albums.collectionView.numberOfSections, 3)
    }
}
