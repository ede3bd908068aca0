import Canvas
import Foundation
import PhotoPipeline
import StackEngine
import Host
import XCTest
@testable import PhotoStackApp

    /// A browser at `scale` with its images loaded, on the albums screen or (`album`) on its biggest album's grid at
    /// rest; the screen to fling.
    func readyScreen(width w: Double, height h: Double, scale: Double, album: Bool) -> (BrowserHarness, CollectionScreen) {
        let harness = BrowserHarness(width: w, height: h, scale: scale)
        let b = harness.browser
        harness.waitUntilReady()   // the images for this scale
        if album {
            let biggest = b.library.albums.indices.max { b.library.albums[$0].photos.count < b.library.albums[$1].photos.count }!
            b.openAlbum(biggest, animated: false, at: harness.clock.now)
            harness.settle()
            harness.waitUntilReady()
        }
        return (harness, album ? b.top as! AlbumScreen : b.albums)
    }

/// Frames made by moving the previous frame and redrawing only what changed equal frames drawn whole.
final class ScrollCopyTests: XCTestCase {
    /// Flings the albums screen (down, then back up), drawing every frame into one surface (scroll-copy) and,
    /// for comparison, into a new surface drawn whole; every frame must be the same.
    /// `album`: the same on the grid of the sample library's biggest album.
    /// `spareRows`: the kept surface is a scrolling buffer twice the window's height (`CairoContext.setScrollingView`,
    /// as the 4K window's back buffer), its view starting near its bottom, so moves go both to the view and to the pixels.
    func checkFling(scale: Double, album: Bool = false, spareRows: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let w = 1280.0, h = 800.0
        let (harness, screen) = readyScreen(width: w, height: h, scale: scale, album: album)
        let b = harness.browser, clock = harness.clock
        let builders = b.photos.builders
        let pw = Int(w * scale), ph = Int(h * scale)
        let kept = try ImageSurface(pixelWidth: pw, pixelHeight: spareRows ? 2 * ph : ph)
        if spareRows { kept.setScrollingView(viewHeight: ph, origin: ph * 7 / 8) }
        var origins = Set<Int>()
        var copied = 0, frames = 0
        func frame() throws {
            let ctx = CairoContext(surface: kept)
            ctx.scale(scale, scale)
            // One loop turn's results, update and draw; nothing arrives between the two draws of the frame (results
            // wait in the inbox until the next turn).
            harness.update()
            b.draw(in: ctx, width: w, height: h, scale: scale)
            frames += 1
            if screen.lastFrameRedrawnFraction < 0.5 { copied += 1 }
            // The same frame drawn whole into a new surface (the record of the kept surface is put back); with spare
            // rows, into a buffer whose view starts at the same row (a card resampled with a rotation samples by its
            // position in the buffer, as cairo's fixed-point sampling goes, so the view's row is part of the frame).
            let record = screen.scrollCopyRecord
            let keptCtx = CairoContext(surface: kept)
            origins.insert(keptCtx.targetViewOrigin)
            let whole = try ImageSurface(pixelWidth: pw, pixelHeight: spareRows ? 2 * ph : ph)
            if spareRows { whole.setScrollingView(viewHeight: ph, origin: keptCtx.targetViewOrigin) }
            let wctx = CairoContext(surface: whole)
            wctx.scale(scale, scale)
            b.draw(in: wctx, width: w, height: h, scale: scale)
            XCTAssertEqual(screen.lastFrameRedrawnFraction, 1, file: file, line: line)
            screen.scrollCopyRecord = record
            func view(_ s: ImageSurface) -> ImageSurface {
                spareRows ? CairoContext(surface: s).copyTargetPixels(x: 0, y: 0, width: pw, height: ph)!.surface : s
            }
            let shown = view(kept)
            let d = shown.differingPixels(from: view(whole))
            if d > 0, let dir = ProcessInfo.processInfo.environment["PHOTOSTACK_TEST_PNG_DIR"] {
                try shown.writePNG(to: dir + "/scroll-copy-kept-\(frames).png")
                try view(whole).writePNG(to: dir + "/scroll-copy-whole-\(frames).png")
            }
            XCTAssertEqual(d, 0, "frame \(frames) at offset \(screen.drawnContentOffset.y)", file: file, line: line)
        }
        // The first frame at a new scale settles the cards' renderings (not a scroll-copy frame).
        harness.draw()
        try frame()
        // Builds held: cards scrolling in are drawn by the quick path in both (deterministic), the ones on the
        // first screen are exact and move with the scroll.
        builders.pause()
        func fling(dy: Double) throws {
            let t = clock.now, y0 = dy < 0 ? h * 0.85 : h * 0.15
            _ = b.handle(.pointerDown(PointerEvent(button: .left, x: w / 2, y: y0, time: t)), at: t)
            for i in 1...4 {
                clock.advance(by: 1.0 / 60)
                _ = b.handle(.pointerMoved(x: w / 2, y: y0 + dy * Double(i), modifiers: [], time: clock.now), at: clock.now)
                try frame()
            }
            _ = b.handle(.pointerUp(PointerEvent(button: .left, x: w / 2, y: y0 + dy * 4, time: clock.now)), at: clock.now)
            for _ in 0..<8 { clock.advance(by: 1.0 / 60); try frame() }
        }
        try fling(dy: -60)
        // The builds finish: the quick cards are replaced (redrawn over the moved frame) while still moving.
        builders.resume()
        builders.waitUntilIdle()
        for _ in 0..<4 { clock.advance(by: 1.0 / 60); try frame() }
        let quick = builders.counters.quickDraws
        clock.advance(by: 1.0 / 60); try frame()
        XCTAssertEqual(builders.counters.quickDraws, quick, "no quick card left", file: file, line: line)
        builders.pause()   // again: cards scrolling in are drawn quick
        try fling(dy: 50)
        XCTAssertGreaterThan(copied, frames / 2, "most frames were made by scroll-copy", file: file, line: line)
        if spareRows {
            XCTAssertGreaterThan(origins.count, 10, "the view moved within the buffer", file: file, line: line)
            XCTAssertTrue(origins.contains(0) || origins.contains(ph), "the view reached an end: pixels moved", file: file, line: line)
        }
        builders.resume()
    }

    func testScrollCopiedFramesEqualWholeFramesAtScale1() throws { try checkFling(scale: 1) }

    func testScrollCopiedFramesEqualWholeFramesAtScale2() throws { try checkFling(scale: 2) }

    func testScrollCopiedAlbumGridFramesEqualWholeFramesAtScale1() throws { try checkFling(scale: 1, album: true) }

    func testScrollCopiedAlbumGridFramesEqualWholeFramesAtScale2() throws { try checkFling(scale: 2, album: true) }

    func testScrollCopiedFramesInABufferWithSpareRowsEqualWholeFrames() throws { try checkFling(scale: 1, spareRows: true) }

    func testScrollCopiedAlbumGridFramesInABufferWithSpareRowsEqualWholeFramesAtScale2() throws {
        try checkFling(scale: 2, album: true, spareRows: true)
    }

    /// The grid drawn beneath the photo view (growing out of its cell) leaves a frame the grid cannot move: its
    /// next frame, once the photo view has closed, is drawn whole.
    func testAFrameWithThePhotoViewOverTheGridIsNotReused() throws {
        let h = BrowserHarness(width: 640, height: 480)
        let b = h.browser
        h.waitUntilReady()
        b.openAlbum(0, animated: false, at: h.clock.now)
        h.settle()
        h.waitUntilReady()
        let grid = b.top as! AlbumScreen
        let surface = try ImageSurface(pixelWidth: 640, pixelHeight: 480)
        b.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        grid.collectionView.contentOffset = Point(x: 0, y: 10)
        h.update()
        b.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        XCTAssertLessThan(grid.lastFrameRedrawnFraction, 0.5, "the grid's own frames are moved")
        b.openPhoto(0, in: grid, section: 0, animated: true, at: h.clock.now)
        h.clock.advance(by: 1.0 / 60)
        h.update()
        b.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        XCTAssertTrue(b.top is PhotoScreen)
        XCTAssertEqual(CairoContext(surface: surface).targetStamp, 0, "a frame with the photo over the grid")
        // The grid's next frame on its own (as when the photo view has gone) is drawn whole, not moved with the
        // photo's pixels in it.
        grid.collectionView.contentOffset = Point(x: 0, y: 20)
        grid.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        XCTAssertEqual(grid.lastFrameRedrawnFraction, 1)
    }

    func testAFrameDrawnByAnotherScreenIntoTheSurfaceIsNotReused() throws {
        let h = BrowserHarness(width: 640, height: 480)
        let b = h.browser
        h.waitUntilReady()
        let surface = try ImageSurface(pixelWidth: 640, pixelHeight: 480)
        b.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        // Another collection screen draws into the same surface; the albums screen must then draw whole.
        let h2 = BrowserHarness(width: 640, height: 480)
        h2.waitUntilReady()
        h2.browser.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        b.albums.collectionView.contentOffset = Point(x: 0, y: 30)
        h.update()
        b.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        XCTAssertEqual(b.albums.lastFrameRedrawnFraction, 1)
        // Its own frame, next: reused.
        b.albums.collectionView.contentOffset = Point(x: 0, y: 40)
        h.update()
        b.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        XCTAssertLessThan(b.albums.lastFrameRedrawnFraction, 0.5)
        // A screen without scroll-copy draws over it (as an album screen flying open over the albums screen):
        // the albums screen's next frame is drawn whole.
        let plain = CollectionScreen(name: "plain", title: "plain", layout: FlowLayout())
        plain.resize(width: 640, height: 480, scale: 1, at: h.clock.now)
        plain.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        b.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        XCTAssertEqual(b.albums.lastFrameRedrawnFraction, 1)
    }

    /// The first frames of a drag that starts after the screen rested (a second of app time after its last frame)
    /// and the frame the scroll comes to rest on are moved, not drawn whole, and equal the frame drawn whole: the
    /// frame's age does not matter, and the cards' switch to and from scrolling (what they may build) does not
    /// change how an exact card is drawn.
    func checkFlingAfterRest(scale: Double, album: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let w = 1280.0, h = 800.0
        let (harness, screen) = readyScreen(width: w, height: h, scale: scale, album: album)
        let b = harness.browser, clock = harness.clock
        let pw = Int(w * scale), ph = Int(h * scale)
        let kept = try ImageSurface(pixelWidth: pw, pixelHeight: ph)
        func frame(_ what: String) throws -> Double {
            let ctx = CairoContext(surface: kept)
            ctx.scale(scale, scale)
            harness.update()
            b.draw(in: ctx, width: w, height: h, scale: scale)
            let redrawn = screen.lastFrameRedrawnFraction
            let record = screen.scrollCopyRecord
            let whole = try ImageSurface(pixelWidth: pw, pixelHeight: ph)
            let wctx = CairoContext(surface: whole)
            wctx.scale(scale, scale)
            b.draw(in: wctx, width: w, height: h, scale: scale)
            screen.scrollCopyRecord = record
            XCTAssertEqual(kept.differingPixels(from: whole), 0, what, file: file, line: line)
            return redrawn
        }
        harness.draw()
        _ = try frame("first")
        // Rest: every card exact, nothing animating (the indicators faded).
        for _ in 0..<120 { clock.advance(by: 1.0 / 60); _ = try frame("rest") }
        XCTAssertFalse(b.isAnimating, file: file, line: line)
        b.photos.builders.waitUntilIdle()   // the cards just below the window were built ahead
        clock.advance(by: 1)
        let t = clock.now, y0 = h * 0.8
        _ = b.handle(.pointerDown(PointerEvent(button: .left, x: w / 2, y: y0, time: t)), at: t)
        var redrawn: [Double] = []
        for i in 1...3 {
            clock.advance(by: 1.0 / 60)
            _ = b.handle(.pointerMoved(x: w / 2, y: y0 - 40 * Double(i), modifiers: [], time: clock.now), at: clock.now)
            redrawn.append(try frame("drag \(i)"))
        }
        XCTAssertGreaterThan(screen.drawnContentOffset.y, 0, "the drag scrolled", file: file, line: line)
        XCTAssertTrue(redrawn.allSatisfy { $0 < 0.5 }, "drag frames moved, redrawn \(redrawn)", file: file, line: line)
        _ = b.handle(.pointerUp(PointerEvent(button: .left, x: w / 2, y: y0 - 120, time: clock.now)), at: clock.now)
        var coast: [Double] = []
        while b.isAnimating && coast.count < 600 { clock.advance(by: 1.0 / 60); coast.append(try frame("coast \(coast.count)")) }
        XCTAssertTrue(coast.allSatisfy { $0 < 0.5 }, "coasting to rest, frames moved: redrawn \(coast)", file: file, line: line)
        if !album {
            // At rest the stack under the pointer lifted (its cards drawn scaled from their unrotated card); while the
            // indicators fade, nothing moves and the lifted cards are not redrawn.
            XCTAssertTrue(b.albums.lifts.values.contains { $0.to == 1 }, "a stack lifted under the pointer", file: file, line: line)
            XCTAssertTrue(coast.suffix(20).allSatisfy { $0 < 0.001 }, "nothing redrawn at rest: \(coast.suffix(20))", file: file, line: line)
        }
    }

    func testAFlingAfterARestMovesTheAlbumGridsLastFrame() throws { try checkFlingAfterRest(scale: 1, album: true) }

    func testAFlingAfterARestMovesTheAlbumsScreensLastFrameAtScale2() throws { try checkFlingAfterRest(scale: 2, album: false) }
}
