import Foundation
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Records the photos a loader works on, in order. `@unchecked Sendable`: guarded by `lock`.
final class WorkLog: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [PhotoPath] = []
    func append(_ id: PhotoPath) { lock.withLock { ids.append(id) } }
    var all: [PhotoPath] { lock.withLock { ids } }
}

final class AlbumLoadPriorityTests: XCTestCase {
    /// What the test loaders return for every request: a 4×4 grey image.
    static var grayImage: Result<LoadedImage, DecodeError> {
        .success(LoadedImage(image: PixelImage(width: 4, height: 4) { _, _ in 0xFF_80_80_80 }, source: .decode,
                             originalWidth: 4, originalHeight: 4))
    }

    func testTopPhotosOfVisibleStacksLoadFirstThenOtherVisiblePhotosThenPrefetch() throws {
        let log = WorkLog()
        let firstGate = DispatchSemaphore(value: 0)
        let h = BrowserHarness(width: 800, height: 1000, scale: 2) { post in
            PhotoService(post: post, workerCount: 1) { request in
                if log.all.isEmpty { log.append(request.photo.id); firstGate.wait() } else { log.append(request.photo.id) }
                return Self.grayImage
            }
        }
        let screen = h.browser.albums, images = h.browser.photos, library = h.browser.library
        XCTAssertEqual(screen.pixelSize, Int((312 * 1.05 * 2).rounded(.up)), "HiDPI: points × device scale")
        let queued = images.pendingCount
        XCTAssertGreaterThan(queued, 6)
        firstGate.signal()
        // Wait for every queued request to run.
        XCTAssertTrue(h.wait { log.all.count >= queued && images.pendingCount == 0 })
        let order = Array(log.all.dropFirst(log.all.count - queued + 1))   // the first request started before the others were queued
        XCTAssertEqual(order.count, queued - 1)

        // Classify each photo: top of a visible stack, other visible (drawn) photo, or prefetch.
        var place: [PhotoPath: StackEngine.IndexPath] = [:]
        for (s, album) in library.albums.enumerated() {
            for (i, p) in album.photos.enumerated() { place[p.id] = StackEngine.IndexPath(item: i, section: s) }
        }
        let offsetY = screen.collectionView.contentOffset.y
        func rank(_ id: PhotoPath) -> Int {
            let p = place[id]!
            let f = screen.stackLayout.frameForStack(section: p.section)
            let margin = screen.collectionView.displayMargin
            let visible = f.maxY > offsetY - margin && f.minY < offsetY + 1000 + margin
            if !visible { return 2 }
            return p.item == 0 ? 0 : 1
        }
        let ranks = order.map(rank)
        XCTAssertEqual(ranks, ranks.sorted(), "priorities honoured: \(ranks)")
        XCTAssertTrue(ranks.contains(0) && ranks.contains(1) && ranks.contains(2))
        XCTAssertTrue(order.allSatisfy { place[$0]!.item < AlbumsScreen.drawnDepth }, "hidden cards are not loaded")
    }

    func testPhotosLeavingThePrefetchRangeAreCancelled() throws {
        let gate = DispatchSemaphore(value: 0)
        defer { for _ in 0..<100 { gate.signal() } }
        // A short window: the last rows are outside the prefetch range at first.
        let h = BrowserHarness(width: 1600, height: 200) { post in
            PhotoService(post: post, workerCount: 1) { _ in
                gate.wait()
                return .failure(.empty)
            }
        }
        let screen = h.browser.albums, images = h.browser.photos, library = h.browser.library
        let lastAlbum = library.albums[library.albums.count - 1]
        let px = screen.pixelSize
        XCTAssertFalse(images.isLoading(lastAlbum.photos[0].id, pixelSize: px))
        // Jump to the end: the last stack is visible and requested; the first ones leave the prefetch range.
        let firstAlbum = library.albums[0]
        XCTAssertTrue(images.isLoading(firstAlbum.photos[1].id, pixelSize: screen.pixelSize(forItem: 1)))
        screen.collectionView.contentOffset = Point(x: 0, y: screen.collectionView.contentSize.height)
        screen.update(at: 0.1)
        XCTAssertTrue(images.isLoading(lastAlbum.photos[0].id, pixelSize: px))
        screen.collectionView.contentOffset = Point(x: 0, y: 0)
        screen.update(at: 0.2)
        screen.collectionView.contentOffset = Point(x: 0, y: screen.collectionView.contentSize.height)
        screen.update(at: 0.3)
        XCTAssertFalse(images.isLoading(firstAlbum.photos[1].id, pixelSize: screen.pixelSize(forItem: 1)), "cancelled once it left the prefetch range")
    }

    func testCardsBeneathTheTopCardLoadAtHalfTheSize() throws {
        let sizes = SizeLog()
        let h = BrowserHarness(width: 1920, height: 1080) { post in
            PhotoService(post: post, workerCount: 1) { request in
                sizes.append(request.photo.id, request.pixelSize)
                return Self.grayImage
            }
        }
        let images = h.browser.photos, library = h.browser.library
        XCTAssertTrue(h.wait { images.pendingCount == 0 })
        let album = library.albums[0]
        let top = try XCTUnwrap(sizes.size(of: album.photos[0].id)), beneath = try XCTUnwrap(sizes.size(of: album.photos[1].id))
        XCTAssertEqual(top, 512, "the top card's photo at the 512 px bucket (a 500 pt stack)")
        XCTAssertEqual(beneath, 256, "a card beneath it at a quarter of the pixels")
    }
}

/// Records the size each photo was requested at. `@unchecked Sendable`: guarded by `lock`.
final class SizeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var sizes: [PhotoPath: Int] = [:]
    func append(_ id: PhotoPath, _ size: Int) { lock.withLock { sizes[id] = size } }
    func size(of id: PhotoPath) -> Int? { lock.withLock { sizes[id] } }
}
