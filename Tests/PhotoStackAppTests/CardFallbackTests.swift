import Canvas
import Foundation
import PhotoPipeline
import StackEngine
import X11Host
import XCTest
@testable import PhotoStackApp

/// A card whose exact rendering is not built when it scrolls in is drawn by the quick path (never blank),
/// its build hurried on the builder, and replaced by the exact card as soon as the build is done; a screen
/// at rest always shows exact cards.
final class CardFallbackTests: XCTestCase {
    typealias S = BrowserTestSupport

    /// A service whose one photo is a 64×48 image with a blue left half and a red right half.
    func serviceWithPhoto() -> (ImageService, Photo) {
        let service = ImageService(workerCount: 1) { _ in
            .success(LoadedImage(image: PixelImage(width: 64, height: 48) { x, _ in x < 32 ? 0xFF_20_40_E0 : 0xFF_E0_30_20 },
                                 source: .decode, originalWidth: 64, originalHeight: 48))
        }
        let photo = Photo(path: PhotoPath("/nowhere/a.jpg"), identity: FileIdentity(device: 1, inode: 7, size: 1, mtimeSeconds: 1),
                          format: .jpeg)
        service.want(photo, pixelSize: 200, priority: .visible)
        let woke = expectation(description: "loaded")
        woke.assertForOverFulfill = false
        service.wakeSignal.connect { woke.fulfill() }
        wait(for: [woke], timeout: 10)
        service.drain()
        return (service, photo)
    }

    /// Draws `cell` (a 200 pt card rotated by 0.05 rad about (150, 150)) into a new 300×300 surface.
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

    func cell(_ service: ImageService, _ photo: Photo, builder: CardBuildQueue) -> PhotoCell {
        let c = PhotoCell()
        c.images = service
        c.photo = photo
        c.pixelSize = 200
        c.builder = builder
        return c
    }

    func testACardNotBuiltInTimeIsDrawnQuicklyThenReplacedByTheExactCard() throws {
        let (service, photo) = serviceWithPhoto()
        let builder = CardBuildQueue(workerCount: 1)
        // The reference: the exact card, built on the spot by a cell at rest.
        let exact = try render(cell(service, photo, builder: builder))
        XCTAssertEqual(builder.counters.builtOnUIThread, 1)

        builder.pause()
        let moving = cell(service, photo, builder: builder)
        moving.mayDrawQuick = true
        let quick = try render(moving)
        XCTAssertTrue(moving.drewQuick)
        if let dir = ProcessInfo.processInfo.environment["PHOTOSTACK_TEST_PNG_DIR"] {   // to look at them
            try exact.writePNG(to: dir + "/card-exact.png")
            try quick.writePNG(to: dir + "/card-quick.png")
        }
        XCTAssertEqual(builder.counters.quickDraws, 1)
        XCTAssertEqual(builder.counters.builtOnUIThread, 1, "nothing built on the UI thread while scrolling")
        XCTAssertEqual(builder.queuedCount, 1, "the build was queued")
        // Not blank and not wrong: the photo's two halves and the white border are where the exact card has them.
        for (x, y) in [(90, 150), (210, 150), (150, 56), (150, 244)] {
            let e = exact.pixel(x: x, y: y), q = quick.pixel(x: x, y: y)
            XCTAssertEqual(Double(e.r), Double(q.r), accuracy: 40, "(\(x), \(y))")
            XCTAssertEqual(Double(e.b), Double(q.b), accuracy: 40, "(\(x), \(y))")
        }
        XCTAssertLessThan(exact.differingPixels(from: quick, tolerance: 40), 300 * 300 / 20,
                          "the quick card covers what the exact one does (its shadow aside)")

        // The build runs; the next frame, still scrolling, shows the exact card.
        builder.resume()
        builder.waitUntilIdle()
        let replaced = try render(moving)
        XCTAssertFalse(moving.drewQuick)
        XCTAssertEqual(exact.differingPixels(from: replaced), 0)
        XCTAssertEqual(builder.counters.built, 1)
        XCTAssertEqual(builder.counters.builtOnUIThread, 1)
    }

    func testAScreenComingToRestDrawsExactCardsEvenIfTheBuilderIsHeld() throws {
        let (service, photo) = serviceWithPhoto()
        let builder = CardBuildQueue(workerCount: 1)
        let exact = try render(cell(service, photo, builder: builder))
        builder.pause()
        let c = cell(service, photo, builder: builder)
        c.mayDrawQuick = true
        _ = try render(c)
        XCTAssertTrue(c.drewQuick)
        // At rest: the queued build is taken back and done on the spot (the builder is still held).
        c.mayDrawQuick = false
        let still = try render(c)
        XCTAssertFalse(c.drewQuick)
        XCTAssertEqual(exact.differingPixels(from: still), 0)
        builder.resume()
    }

    func testAFlingOfTheAlbumsScreenEndsWithExactCards() throws {
        let clock = ManualClock()
        let b = S.browser(width: 1280, height: 800, clock: clock)
        waitUntilReady(b)
        let app = App(screen: b, width: 1280, height: 800, scale: 1, clock: clock)
        let surface = try ImageSurface(pixelWidth: 1280, pixelHeight: 800)
        func frame() { app.draw(in: CairoContext(surface: surface), width: 1280, height: 800, scale: 1) }
        frame()
        CardBuildQueue.shared.pause()
        // A fast drag upwards and release: the stacks scrolling in cannot be built while the builder is held.
        let t = clock.now
        _ = b.handle(.pointerDown(PointerEvent(button: .left, x: 600, y: 700, time: t)), at: t)
        var quickSeen = false, maxAhead = 0.0
        for i in 1...5 {
            clock.advance(by: 1.0 / 60)
            _ = b.handle(.pointerMoved(x: 600, y: 700 - 100 * Double(i), modifiers: [], time: clock.now), at: clock.now)
            b.update(at: clock.now)
            frame()
            quickSeen = quickSeen || b.albums.showsQuickCards
            maxAhead = max(maxAhead, b.albums.collectionView.extraDisplayMargin.bottom)
        }
        _ = b.handle(.pointerUp(PointerEvent(button: .left, x: 600, y: 200, time: clock.now)), at: clock.now)
        for _ in 0..<3 {
            clock.advance(by: 1.0 / 60)
            b.update(at: clock.now)
            frame()
            quickSeen = quickSeen || b.albums.showsQuickCards
            maxAhead = max(maxAhead, b.albums.collectionView.extraDisplayMargin.bottom)
        }
        XCTAssertTrue(quickSeen, "cards scrolled in before the (held) builder made them")
        XCTAssertGreaterThan(maxAhead, 100, "cells are made further ahead while scrolling fast")
        XCTAssertEqual(b.albums.collectionView.extraDisplayMargin.top, 0, "only ahead, in the direction of motion")
        CardBuildQueue.shared.resume()
        var steps = 0
        repeat {
            clock.advance(by: 1.0 / 60)
            b.update(at: clock.now)
            frame()
            steps += 1
        } while b.isAnimating && steps < 900
        XCTAssertFalse(b.isAnimating)
        XCTAssertFalse(b.albums.showsQuickCards)
        XCTAssertEqual(b.albums.collectionView.extraDisplayMargin, .zero)
        XCTAssertGreaterThan(b.albums.collectionView.contentOffset.y, 100)
        // The frame at rest equals a frame of a browser that jumped straight to the same offset.
        let clock2 = ManualClock()
        let b2 = S.browser(width: 1280, height: 800, clock: clock2)
        waitUntilReady(b2)
        b2.albums.scroller.setOffset(b.albums.collectionView.contentOffset)
        b2.update(at: clock2.now)
        waitUntilReady(b2)
        let app2 = App(screen: b2, width: 1280, height: 800, scale: 1, clock: clock2)
        let surface2 = try ImageSurface(pixelWidth: 1280, pixelHeight: 800)
        app2.draw(in: CairoContext(surface: surface2), width: 1280, height: 800, scale: 1)
        XCTAssertEqual(b2.albums.collectionView.contentOffset, b.albums.collectionView.contentOffset)
        let d = surface.differingPixels(from: surface2)
        if d > 0, let dir = ProcessInfo.processInfo.environment["PHOTOSTACK_TEST_PNG_DIR"] {
            try surface.writePNG(to: dir + "/fling-end.png")
            try surface2.writePNG(to: dir + "/fling-jumped.png")
        }
        XCTAssertEqual(d, 0)
    }
}
