import Canvas
import Foundation
import PhotoPipeline
import StackEngine
import X11Host
import XCTest
@testable import PhotoStackApp

/// The surface cache's budget against what the albums screen shows: live cards keep their images (also the
/// ones waiting in the display margin), everything else is evicted.
final class AlbumBrowserSurfaceBudgetTests: XCTestCase {
    func testLiveCardsKeepTheirImagesWhenTheBudgetIsExhausted() throws {
        let library = try BenchLibrary.placeholders(albums: 40, photosPerAlbum: 4)
        defer { library.remove() }
        let clock = ManualClock()
        let signal = WakeSignal()
        // A budget of one byte: only what the screen uses may stay.
        let images = ImageService(workerCount: 2, wakeSignal: signal, surfaceCapacity: 1) { _ in
            .success(LoadedImage(image: PixelImage(width: 32, height: 24) { x, _ in 0xFF00_0000 | UInt32(x * 8) },
                                 source: .decode, originalWidth: 32, originalHeight: 24))
        }
        images.logsFailures = false
        let model = LibraryModel(root: PhotoPath(library.root), wakeSignal: signal)
        model.startScan(synchronously: true)
        let browser = BrowserScreen(library: model, images: images, clock: clock)
        browser.resize(width: 1280, height: 800, scale: 1, at: clock.now)
        let surface = try ImageSurface(pixelWidth: 1280, pixelHeight: 800)
        func frame() {
            clock.advance(by: 1.0 / 60)
            browser.update(at: clock.now)
            browser.draw(in: CairoContext(surface: surface), width: 1280, height: 800, scale: 1)
        }
        func liveDrawnPhotos() -> Set<PhotoPath> {
            Set(browser.albums.collectionView.displayList.compactMap { item -> PhotoPath? in
                guard let cell = item.view as? PhotoCell, cell.isDrawn else { return nil }
                return cell.photo?.id
            })
        }
        for target in [0.0, 700, 1400] {
            browser.albums.scroller.setOffset(Point(x: 0, y: target))
            frame()
            waitUntilReady(browser)
            // Prefetched results keep arriving; a few frames later only live cards' images remain.
            let deadline = Date().addingTimeInterval(10)
            while images.pendingCount > 0 && Date() < deadline { images.drain(); frame() }
            for _ in 0..<3 { frame() }
            images.drain()
            frame()
            let live = liveDrawnPhotos()
            XCTAssertFalse(live.isEmpty)
            for photo in live {
                XCTAssertEqual(images.status(of: photo), .loaded, "\(photo.string) at offset \(target)")
            }
            let cached = images.surfaces.count
            XCTAssertGreaterThanOrEqual(cached, live.count)
            XCTAssertLessThanOrEqual(cached, live.count + 12, "at most one frame's arrivals beyond the live cards")
        }
    }
}
