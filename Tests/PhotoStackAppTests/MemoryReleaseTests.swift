import Canvas
import Foundation
import PhotoPipeline
import PhotoStackBench
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Memory asked back (`AppMessage.releaseMemory`, SIGUSR1 in the window): what the caches hold for photos no
/// longer on screen goes; what is on screen stays, so the picture does not change.
final class MemoryReleaseTests: XCTestCase {
    func testMemoryAskedBackDropsWhatIsOffScreenAndKeepsWhatIsShown() throws {
        let library = try BenchLibrary.placeholders(albums: 40, photosPerAlbum: 4)
        defer { library.remove() }
        // A budget far above what the test loads: only the release can empty the cache.
        let h = BrowserHarness.gradientPhotos(root: library.root, surfaceCapacity: 512 << 20)
        let browser = h.browser, photos = browser.photos
        for target in [0.0, 700, 1400] {
            browser.albums.collectionView.contentOffset = Point(x: 0, y: target)
            h.frame()
            h.waitUntilReady()
            XCTAssertTrue(h.wait { photos.pendingCount == 0 })
        }
        for _ in 0..<3 { h.frame() }
        let live = Set(browser.albums.collectionView.displayList.compactMap { item -> PhotoPath? in
            guard let cell = item.view as? PhotoCell, cell.isDrawn else { return nil }
            return cell.photo?.id
        })
        XCTAssertFalse(live.isEmpty)
        let surfacesBefore = photos.surfaces.count, cardsBefore = photos.cards.count
        XCTAssertGreaterThan(surfacesBefore, live.count + 12, "scrolling left surfaces of photos off screen")
        let before = h.draw().withPixelBytes { Array($0) }

        _ = browser.receive([.releaseMemory], at: h.clock.now)

        XCTAssertLessThan(photos.surfaces.count, surfacesBefore)
        XCTAssertLessThanOrEqual(photos.surfaces.count, live.count, "only the surfaces of what is drawn stay")
        XCTAssertLessThan(photos.cards.count, cardsBefore)
        for photo in live { XCTAssertEqual(photos.status(of: photo), .loaded, photo.string) }
        h.frame()
        XCTAssertTrue(browser.isReadyForSnapshot, "nothing on screen has to be loaded or built again")
        XCTAssertTrue(h.draw().withPixelBytes { Array($0) } == before, "the picture is unchanged")
    }

    /// The app reports what it still holds after each release in its state (`memory`), which the soak test reads.
    func testTheStateReportsTheHeapInUseAfterEachRelease() throws {
        let h = BrowserHarness()
        let app = App(screen: h.browser, inbox: h.inbox, width: h.width, height: h.height, scale: 1)
        XCTAssertNil(app.currentState().memory, "nothing reported before memory is asked back")
        for n in 1...2 {
            h.inbox.post(.releaseMemory)
            app.takeBackgroundResults(at: h.clock.now)
            let m = try XCTUnwrap(app.currentState().memory)
            XCTAssertEqual(m.releases, n)
            XCTAssertGreaterThan(m.heapInUseBytes, 1 << 20, "the app's own heap: over a megabyte")
        }
    }
}
