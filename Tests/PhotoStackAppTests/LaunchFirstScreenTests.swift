import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 18: what a launch into an album does before its first frame — the album's grid at once (no fly-out from a
/// stack that was never on screen), and one placeholder card per geometry instead of one per photo.
final class LaunchFirstScreenTests: XCTestCase {
    /// `--open-album` at launch opens the grid without the fly-out: the first frame the window maps with is the grid
    /// at rest, not the albums screen with photos about to fly.
    func testAnAlbumOpenedAtLaunchShowsItsGridWithoutAFlyOut() throws {
        let inbox = Inbox<AppMessage>()
        let host = try HeadlessHost(width: 1280, height: 800, scale: 1)
        inbox.connect(wake: host.wake)
        var options = try BrowserOptions.parse(["--open-album", "2"])
        options.sort = nil
        let choice = LibraryChoice(source: .folder(PhotoPath(BrowserHarness.sampleLibrary)), origin: .arguments)
        let browser = BrowserLaunch.makeScreen(choice: choice, post: { inbox.post($0) }, options: options)
        browser.resize(width: 1280, height: 800, scale: 1, at: 0)
        // Only the scan's results are taken (no update, so no thumbnail is asked for or written anywhere).
        let deadline = Date().addingTimeInterval(20)
        while !(browser.top is AlbumScreen), Date() < deadline {
            _ = host.waitForWake(timeout: 0.05)
            let m = inbox.take()
            if !m.isEmpty { _ = browser.receive(m, at: 0) }
        }
        let album = try XCTUnwrap(browser.top as? AlbumScreen, "album 2 opened once the scan found it")
        XCTAssertFalse(album.isFlying, "no fly-out at launch")
        XCTAssertFalse(album.collectionView.elementsAreAnimating, "the grid is in place in the first frame")
    }

    /// A screenful of photos still loading shows one placeholder rendering: made once for the geometry (on the UI
    /// thread, as any card needed at rest) and shared by the other photos, not rendered again for each.
    func testPlaceholderCardsAreMadeOncePerGeometryAndShared() throws {
        let service = PhotoService(post: { _ in }, workerCount: 1, cardBuilders: 1) { _ in .failure(.unreadable("not used")) }
        var keys: [CardKey] = []
        for i in 0..<12 {
            let key = CardKey(unrotatedPhoto: PhotoPath("/album/photo-\(i).jpg"), content: .loading, side: 200, deviceScale: 1)
            service.prepareUnrotatedCard(key, content: .loading, side: 200, deviceScale: 1, anySize: false, need: .now)
            keys.append(key)
        }
        XCTAssertEqual(service.builders.counters.unrotatedOnUIThread, 1, "one placeholder rendered for 12 photos")
        let surfaces = try keys.map { try XCTUnwrap(service.unrotatedCard($0)?.surface, "every photo has its card") }
        XCTAssertTrue(surfaces.allSatisfy { $0 === surfaces[0] }, "the photos share the one rendering")

        // Another geometry, or the broken mark, is a rendering of its own; a photo's image is never shared.
        let bigger = CardKey(unrotatedPhoto: PhotoPath("/album/photo-0.jpg"), content: .loading, side: 250, deviceScale: 1)
        service.prepareUnrotatedCard(bigger, content: .loading, side: 250, deviceScale: 1, anySize: false, need: .now)
        let broken = CardKey(unrotatedPhoto: PhotoPath("/album/photo-1.jpg"), content: .broken, side: 200, deviceScale: 1)
        service.prepareUnrotatedCard(broken, content: .broken, side: 200, deviceScale: 1, anySize: false, need: .now)
        XCTAssertEqual(service.builders.counters.unrotatedOnUIThread, 3)
        XCTAssertFalse(service.unrotatedCard(bigger)?.surface === surfaces[0])
        XCTAssertFalse(service.unrotatedCard(broken)?.surface === surfaces[0])

        let image = try ImageSurface(pixelWidth: 30, pixelHeight: 20)
        for i in 0..<2 {
            let key = CardKey(unrotatedPhoto: PhotoPath("/album/photo-\(i).jpg"), content: .image(serial: 7), side: 200, deviceScale: 1)
            service.prepareUnrotatedCard(key, content: .image(image), side: 200, deviceScale: 1, anySize: false, need: .now)
        }
        XCTAssertEqual(service.builders.counters.unrotatedOnUIThread, 5, "cards of images are each photo's own")
    }

    /// A cold thumbnail cache does not keep the window waiting: once a photo came from a decode rather than the disk
    /// cache, the screen is slow to settle and the app is ready to show (with what it has) at once.
    func testAPhotoDecodedFromItsFileMakesTheFirstScreenSlowToSettle() {
        for source in [LoadSource.diskThumbnail, .decode] {
            let h = BrowserHarness(width: 800, height: 600) { post in
                PhotoService(post: post, workerCount: 1) { _ in
                    .success(LoadedImage(image: PixelImage(width: 32, height: 24) { _, _ in 0xFF80_8080 }, source: source,
                                         originalWidth: 32, originalHeight: 24))
                }
            }
            h.waitUntilReady()
            XCTAssertEqual(h.browser.isSlowToSettle, source == .decode, "\(source)")
            XCTAssertEqual(h.browser.photos.decodedCount > 0, source == .decode)
            let app = App(screen: h.browser, inbox: h.inbox, width: 800, height: 600, scale: 1)
            XCTAssertTrue(app.isReadyToShow, "loaded: ready either way")
        }
    }
}
