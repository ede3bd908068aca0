import Foundation
import Host
import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// The window's first frame while a big library is still being scanned (issue 13, scale): the app is ready to show
/// as soon as the first albums fill the window with their thumbnails, not when the scan ends (for 10^5 photos,
/// seconds later) nor at the first-frame wait's deadline.
final class ScanFirstScreenTests: XCTestCase {
    func testWhileTheScanRunsAWindowOfAlbumsWithTheirThumbnailsIsReadyToShow() throws {
        let inbox = Inbox<AppMessage>()
        let post: Post = { inbox.post($0) }
        // Thumbnails from the disk cache (a warm start): no decode, so nothing else makes the screen "slow to settle".
        let photos = PhotoService(post: post, workerCount: 1) { _ in
            .success(LoadedImage(image: PixelImage(width: 32, height: 24) { x, _ in 0xFF00_0000 | UInt32(x * 8) },
                                 source: .diskThumbnail, originalWidth: 32, originalHeight: 24))
        }
        photos.logsFailures = false
        let library = LibraryModel(root: PhotoPath("/library"))   // not started: the test delivers the scan's events
        let browser = BrowserScreen(library: library, photos: photos, post: post)
        let app = App(screen: browser, inbox: inbox, width: 1024, height: 768, scale: 1)
        let host = try HeadlessHost(width: 1024, height: 768, scale: 1)
        inbox.connect(wake: host.wake)
        host.start(app)
        app.update(at: host.clock.now)
        XCTAssertFalse(app.isReadyToShow, "nothing found yet")

        // The scan finds the first 40 albums (more than fill the window) and goes on.
        for n in 0..<40 { post(.library(.scan(.album(Album.scanned(n))))) }
        // Turns as the first-frame wait runs them (background results, then an update; no frame), up to a deadline.
        func turn() {
            host.clock.advance(by: 0.01)
            app.takeBackgroundResults(at: host.clock.now)
            app.update(at: host.clock.now)
        }
        turn()
        XCTAssertGreaterThan(browser.albums.albumCount, 0)
        XCTAssertTrue(browser.albums.visiblePhotoStates().contains { $0.status == "loading" }, "the thumbnails are still loading")
        XCTAssertFalse(app.isReadyToShow, "placeholders only: the window waits for the thumbnails")
        let deadline = Date().addingTimeInterval(20)
        while !app.isReadyToShow && Date() < deadline {
            host.waitForWake(timeout: 0.05)
            turn()
        }
        XCTAssertTrue(app.isReadyToShow, "a complete window of albums is shown while the scan still runs")
        XCTAssertTrue(library.isScanning)
        XCTAssertFalse(browser.isReadyForSnapshot, "a snapshot still waits for the scan's end")
        let states = browser.albums.visiblePhotoStates()
        XCTAssertGreaterThanOrEqual(states.count, 6)
        XCTAssertTrue(states.allSatisfy { $0.status == "loaded" && $0.cardPending == nil }, "\(states)")
        XCTAssertEqual(host.framesDrawn, 0)
    }
}
