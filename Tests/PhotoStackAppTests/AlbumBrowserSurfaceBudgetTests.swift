import Canvas
import Foundation
import PhotoPipeline
import PhotoStackBench
import StackEngine
import XCTest
@testable import PhotoStackApp

/// The surface cache's budget against what the albums screen shows: live cards keep their images (also the
/// ones waiting in the display margin), everything else is evicted.
final class AlbumBrowserSurfaceBudgetTests: XCTestCase {
    func testLiveCardsKeepTheirImagesWhenTheBudgetIsExhausted() throws {
        let library = try BenchLibrary.placeholders(albums: 40, photosPerAlbum: 4)
        defer { library.remove() }
        // A budget of one byte: only what the screen uses may stay.
        let h = BrowserHarness.gradientPhotos(root: library.root, surfaceCapacity: 1)
        let browser = h.browser, images = browser.photos
        func liveDrawnPhotos() -> Set<PhotoPath> {
            Set(browser.albums.collectionView.displayList.compactMap { item -> PhotoPath? in
                guard let cell = item.view as? PhotoCell, cell.isDrawn else { return nil }
                return cell.photo?.id
            })
        }
        for target in [0.0, 700, 1400] {
            browser.albums.collectionView.contentOffset = Point(x: 0, y: target)
            h.frame()
            h.waitUntilReady()
            // Prefetched results keep arriving; a few frames later only live cards' images remain.
            XCTAssertTrue(h.wait { images.pendingCount == 0 })
            for _ in 0..<3 { h.frame() }
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
