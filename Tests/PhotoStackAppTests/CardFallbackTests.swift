import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// A card whose exact rendering is not built when it scrolls in is drawn by the quick path (never blank), its
/// build hurried on the builders, and replaced by the exact card as soon as the build arrives through the inbox;
/// a screen at rest always shows exact cards.
final class CardFallbackTests: XCTestCase {
    /// A photo service (its own caches and builders) whose one photo is a 64×48 image with a blue left half and a
    /// red right half, loaded; with the inbox it posts to and a host it wakes.
    final class Fixture {
        let inbox = Inbox<AppMessage>()
        let host = try! HeadlessHost(width: 10, height: 10, scale: 1)
        let service: PhotoService
        let photo = Photo(path: PhotoPath("/nowhere/a.jpg"), identity: FileIdentity(device: 1, inode: 7, size: 1, mtimeSeconds: 1),
                          format: .jpeg)

        init() {
            let inbox = self.inbox
            service = PhotoService(post: { inbox.post($0) }, workerCount: 1, cardBuilders: 1) { _ in
                .success(LoadedImage(image: PixelImage(width: 64, height: 48) { x, _ in x < 32 ? 0xFF_20_40_E0 : 0xFF_E0_30_20 },
                                     source: .decode, originalWidth: 64, originalHeight: 48))
            }
            inbox.connect(wake: host.wake)
            service.want(photo, pixelSize: 200, priority: .visible)
            waitForMessages { self.service.status(of: self.photo.id) == .loaded }
        }

        /// Delivers inbox messages until `done` holds (10 s at most).
        func waitForMessages(_ done: () -> Bool) {
            let deadline = Date().addingTimeInterval(10)
            while !done() && Date() < deadline {
                host.waitForWake(timeout: 0.1)
                for m in inbox.take() { _ = service.receive(m) }
            }
        }

        /// A cell showing the photo as a 200 pt card rotated by 0.05 rad about (150, 150).
        func cell() -> PhotoCell {
            let c = PhotoCell()
            c.service = service
            c.photo = photo
            c.pixelSize = 200
            c.apply(LayoutAttributes(indexPath: StackEngine.IndexPath(item: 0, section: 0), frame: Rect(x: 50, y: 50, width: 200, height: 200),
                                     transform: AffineTransform(rotationAngle: 0.05)))
            return c
        }
    }

    /// Draws `cell` (its attributes: a 200 pt card rotated by 0.05 rad about (150, 150)) into a new 300×300 surface.
    func render(_ cell: PhotoCell) throws -> ImageSurface {
        let surface = try ImageSurface(pixelWidth: 300, pixelHeight: 300)
        let ctx = CairoContext(surface: surface)
        ctx.clear(to: RGBA(0.2, 0.2, 0.2))
        ctx.translate(150, 150)
        ctx.rotate(0.05)
        ctx.translate(-100, -100)
        cell.draw(in: ctx, size: Size(width: 200, height: 200), deviceScale: 1)
        return surface
    }

    func testACardNotBuiltInTimeIsDrawnQuicklyThenReplacedByTheExactCard() throws {
        // The reference: the exact card, built on the spot for a cell at rest.
        let reference = Fixture()
        let still = reference.cell()
        still.prepare(deviceScale: 1, onScreen: true)
        let exact = try render(still)
        XCTAssertEqual(reference.service.builders.counters.builtOnUIThread, 1)

        let f = Fixture()
        let builders = f.service.builders
        builders.pause()
        let moving = f.cell()
        moving.mayDrawQuick = true
        moving.prepare(deviceScale: 1, onScreen: true)
        let quick = try render(moving)
        if let dir = ProcessInfo.processInfo.environment["PHOTOSTACK_TEST_PNG_DIR"] {   // to look at them
            try exact.writePNG(to: dir + "/card-exact.png")
            try quick.writePNG(to: dir + "/card-quick.png")
        }
        XCTAssertEqual(builders.counters.quickDraws, 1)
        XCTAssertEqual(builders.counters.builtOnUIThread, 0, "nothing built on the UI thread while scrolling")
        XCTAssertEqual(builders.queuedCount, 1, "the build was queued")
        // Not blank and not wrong: the photo's two halves and the white border are where the exact card has them.
        for (x, y) in [(90, 150), (210, 150), (150, 56), (150, 244)] {
            let e = exact.pixel(x: x, y: y), q = quick.pixel(x: x, y: y)
            XCTAssertEqual(Double(e.r), Double(q.r), accuracy: 40, "(\(x), \(y))")
            XCTAssertEqual(Double(e.b), Double(q.b), accuracy: 40, "(\(x), \(y))")
        }
        XCTAssertLessThan(exact.differingPixels(from: quick, tolerance: 40), 300 * 300 / 20,
                          "the quick card covers what the exact one does (its shadow aside)")

        // The build runs and its card arrives through the inbox (waking the loop); the next frame, still
        // scrolling, shows the exact card.
        builders.resume()
        f.waitForMessages { f.service.rotatedCard(moving.restingKey(.image(serial: f.service.image(for: f.photo.id, pixelSize: 200)!.serial))!) != nil }
        moving.prepare(deviceScale: 1, onScreen: true)
        let replaced = try render(moving)
        XCTAssertEqual(exact.differingPixels(from: replaced), 0)
        XCTAssertEqual(builders.counters.built, 1)
        XCTAssertEqual(builders.counters.builtOnUIThread, 0)
        XCTAssertEqual(builders.counters.quickDraws, 1)
    }

    func testAScreenComingToRestDrawsExactCardsEvenIfTheBuilderIsHeld() throws {
        let reference = Fixture()
        let still = reference.cell()
        still.prepare(deviceScale: 1, onScreen: true)
        let exact = try render(still)
        let f = Fixture()
        f.service.builders.pause()
        let c = f.cell()
        c.mayDrawQuick = true
        c.prepare(deviceScale: 1, onScreen: true)
        _ = try render(c)
        XCTAssertEqual(f.service.builders.counters.quickDraws, 1)
        // At rest: the queued build is taken back and done on the spot (the builders are still held).
        c.mayDrawQuick = false
        c.prepare(deviceScale: 1, onScreen: true)
        let rest = try render(c)
        XCTAssertEqual(f.service.builders.counters.quickDraws, 1, "no quick card at rest")
        XCTAssertEqual(f.service.builders.counters.builtOnUIThread, 1)
        XCTAssertEqual(exact.differingPixels(from: rest), 0)
        f.service.builders.resume()
    }

    func testAFlingOfTheAlbumsScreenEndsWithExactCards() throws {
        let h = BrowserHarness(width: 1280, height: 800)
        let b = h.browser, clock = h.clock
        h.waitUntilReady()
        h.draw()
        let builders = b.photos.builders
        builders.pause()
        // A fast drag upwards and release: the stacks scrolling in cannot be built while the builders are held.
        let t = clock.now
        h.handle(.pointerDown(PointerEvent(button: .left, x: 600, y: 700, time: t)))
        var maxAhead = 0.0
        let quick0 = builders.counters.quickDraws
        for i in 1...5 {
            clock.advance(by: 1.0 / 60)
            h.handle(.pointerMoved(x: 600, y: 700 - 100 * Double(i), modifiers: [], time: clock.now))
            h.frame(advance: 0)
            maxAhead = max(maxAhead, b.albums.collectionView.extraDisplayMargin.bottom)
        }
        h.handle(.pointerUp(PointerEvent(button: .left, x: 600, y: 200, time: clock.now)))
        for _ in 0..<3 {
            h.frame()
            maxAhead = max(maxAhead, b.albums.collectionView.extraDisplayMargin.bottom)
        }
        XCTAssertGreaterThan(builders.counters.quickDraws, quick0, "cards scrolled in before the (held) builders made them")
        XCTAssertGreaterThan(maxAhead, 100, "cells are made further ahead while scrolling fast")
        XCTAssertEqual(b.albums.collectionView.extraDisplayMargin.top, 0, "only ahead, in the direction of motion")
        builders.resume()
        // The pointer leaves the window: at rest the stack under it would lift (a hover the jumped browser has not).
        h.handle(.pointerLeft(time: h.clock.now))
        h.settle()
        XCTAssertFalse(b.isAnimating)
        let quickAtRest = builders.counters.quickDraws
        let surface = h.draw()
        XCTAssertEqual(builders.counters.quickDraws, quickAtRest, "the frame at rest draws no quick card")
        XCTAssertEqual(b.albums.collectionView.extraDisplayMargin, .zero)
        XCTAssertGreaterThan(b.albums.collectionView.contentOffset.y, 100)
        // The frame at rest equals a frame of a browser that jumped straight to the same offset.
        let h2 = BrowserHarness(width: 1280, height: 800)
        let b2 = h2.browser
        h2.waitUntilReady()
        b2.albums.collectionView.contentOffset = b.albums.collectionView.contentOffset
        h2.update()
        h2.waitUntilReady()
        let surface2 = h2.draw()
        XCTAssertEqual(b2.albums.collectionView.contentOffset, b.albums.collectionView.contentOffset)
        let d = surface.differingPixels(from: surface2)
        if d > 0, let dir = ProcessInfo.processInfo.environment["PHOTOSTACK_TEST_PNG_DIR"] {
            try surface.writePNG(to: dir + "/fling-end.png")
            try surface2.writePNG(to: dir + "/fling-jumped.png")
        }
        XCTAssertEqual(d, 0)
    }

    /// After the fly-out of an album, cells whose stack card can stand in get their exact cards in the background:
    /// until they arrive the screen says so (`cardPending` in its state) and is not ready for a snapshot, so the
    /// window's state, `--snapshot` and a capture agree on what "at rest" looks like.
    func testAnAlbumOpenedFromItsStackIsReadyOnlyWhenItsExactCardsArrived() throws {
        let h = BrowserHarness(width: 1024, height: 768)
        let b = h.browser
        h.waitUntilReady()
        h.draw()
        let builders = b.photos.builders
        b.openAlbum(0, at: h.clock.now)
        // The first frames of the fly-out: the flying photos' unrotated cards are built in the background (quick
        // meanwhile) and arrive; they stand in from then on. Then the builders are held until the album is at rest.
        for _ in 0..<4 {
            h.frame()
            builders.waitUntilIdle()
            h.deliver()
        }
        XCTAssertTrue(b.isAnimating, "still flying")
        builders.pause()
        h.settle()
        let album = try XCTUnwrap(b.top as? AlbumScreen)
        XCTAssertFalse(b.isAnimating)
        let pending = album.visiblePhotoStates().filter { $0.cardPending == true }
        XCTAssertFalse(pending.isEmpty, "the stack's photos wait for their exact grid cards (built in the background)")
        XCTAssertFalse(b.isReadyForSnapshot, "not ready while stand-ins are drawn")
        builders.resume()
        h.waitUntilReady()
        XCTAssertTrue(album.visiblePhotoStates().allSatisfy { $0.cardPending == nil })
        let opened = h.draw()
        // The same album opened without a fly-out (nothing to stand in): the same pixels.
        let h2 = BrowserHarness(width: 1024, height: 768)
        h2.browser.openAlbum(0, animated: false, at: h2.clock.now)
        h2.settle()
        h2.waitUntilReady()
        let direct = h2.draw()
        // A grid card may be made from a bigger decoded photo the stack left in the cache (the direct open decodes at
        // the grid's size): resampled from another source, its pixels differ by a few levels (up to ~25 of 255). A
        // stand-in differs far more: a stack card scaled down, its border and shadow across the cell's edges.
        XCTAssertEqual(opened.differingPixels(from: direct, tolerance: 32), 0)
    }
}
