import Canvas
import Foundation
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 18 on the albums screen's reflows (zoom steps, resizes): every card changes size for half a second. Its
/// frames build no card on the UI thread and draw no quick card — the card each cell drew at rest stands in, scaled,
/// while the card of the new rest is built in the background — and once those cards are there the screen at rest is
/// the one drawn without any reflow, pixel for pixel.
final class ReflowFrameTests: XCTestCase {
    /// The sample library at zoom level `level`, at rest with every card built.
    func restingBrowser(level: Int) -> BrowserHarness {
        let h = BrowserHarness()
        h.waitUntilReady()
        if level != 0 {
            h.browser.albums.zoom(to: level, about: Point(x: h.width / 2, y: h.height / 2), at: h.clock.now)
            h.settle()
            h.waitUntilReady()
        }
        h.settle()
        h.browser.photos.builders.waitUntilIdle()
        h.update()
        _ = h.draw()
        return h
    }

    func uiBuilds(_ h: BrowserHarness) -> Int {
        let c = h.browser.photos.builders.counters
        return c.unrotatedOnUIThread + c.builtOnUIThread
    }

    /// A zoom step in with nothing arriving from the card builders until it has ended: every frame draws the resting
    /// cards scaled (no quick card, nothing built on the UI thread), and so does the first frame at rest, which
    /// reports its cards pending until the builders deliver them.
    func testAZoomStepBuildsNoCardOnTheUIThreadAndDrawsNoQuickCard() throws {
        let h = restingBrowser(level: -1)
        let b = h.browser, builders = b.photos.builders
        let uiBefore = uiBuilds(h), quickBefore = builders.counters.quickDraws
        let transformedBefore = builders.counters.transformedDraws
        builders.pause()
        defer { builders.resume() }
        XCTAssertTrue(b.albums.zoom(to: 0, about: Point(x: h.width / 2, y: h.height / 2), at: h.clock.now))
        var frames = 0
        repeat {
            h.frame()
            frames += 1
            XCTAssertEqual(uiBuilds(h), uiBefore, "frame \(frames) of the reflow built a card on the UI thread")
            XCTAssertEqual(builders.counters.quickDraws, quickBefore, "frame \(frames) of the reflow drew a quick card")
        } while b.albums.collectionView.elementsAreAnimating && frames < 120
        XCTAssertGreaterThan(frames, 10, "frames of the reflow")
        XCTAssertLessThan(frames, 120, "the reflow ends")
        XCTAssertGreaterThan(builders.counters.transformedDraws - transformedBefore, 10 * frames / 2,
                             "the cards drawn scaled while their size animates")
        h.frame()
        XCTAssertEqual(uiBuilds(h), uiBefore, "the first frame at rest builds nothing on the UI thread either")
        XCTAssertEqual(builders.counters.quickDraws, quickBefore, "nor draws a quick card")
        XCTAssertFalse(b.isReadyForSnapshot, "its cards are pending until the builders deliver them")
        builders.resume()
        XCTAssertTrue(h.wait(timeout: 20) { builders.waitUntilIdle(); h.update(); return b.isReadyForSnapshot }, "the cards arrive")
    }

    /// A zoom step out brings stacks never drawn before onto the screen: nothing stands in for their cards, which are drawn
    /// quick while the builders make them — at rest too, where they were built on the UI thread (20–47 ms frames).
    func testAZoomStepOutBuildsNoCardOnTheUIThreadWhenItEnds() throws {
        let root = try ZoomTestSupport.library(albums: 40, photos: 3, in: self)
        let h = ZoomTestSupport.browser(root: root, width: 1280, height: 800)
        h.waitUntilReady()
        h.settle()
        let b = h.browser, builders = b.photos.builders
        builders.waitUntilIdle()
        h.update()
        _ = h.draw()
        let uiBefore = uiBuilds(h)
        builders.pause()
        defer { builders.resume() }
        XCTAssertTrue(b.albums.zoom(to: -2, about: Point(x: h.width / 2, y: 10), at: h.clock.now))
        var frames = 0
        repeat { h.frame(); frames += 1 } while b.albums.collectionView.elementsAreAnimating && frames < 120
        h.frame()
        h.frame()
        XCTAssertEqual(uiBuilds(h), uiBefore, "no card built on the UI thread, during the reflow or at its end")
        builders.resume()
        XCTAssertTrue(h.wait(timeout: 20) { builders.waitUntilIdle(); h.update(); return b.isReadyForSnapshot }, "the cards arrive")
        XCTAssertEqual(uiBuilds(h), uiBefore, "nor once they arrive")
    }

    /// After a zoom step out and one back in, once the cards of the new rest have arrived, the frame is the one of a
    /// browser that never zoomed, scrolled to the same offset: pixel for pixel.
    func testTheFrameAtRestAfterAReflowIsTheOneDrawnWithoutIt() throws {
        let h = restingBrowser(level: 0)
        let b = h.browser, center = Point(x: h.width / 2, y: h.height / 2)
        XCTAssertTrue(b.albums.zoom(to: -1, about: center, at: h.clock.now))
        h.settle()
        XCTAssertTrue(b.albums.zoom(to: 0, about: center, at: h.clock.now))
        h.settle()
        h.waitUntilReady()
        b.photos.builders.waitUntilIdle()
        h.update()
        let offset = b.albums.collectionView.contentOffset
        let zoomed = h.draw()   // the harness's own surface, not drawn into again

        let r = restingBrowser(level: 0)
        r.browser.albums.collectionView.setContentOffset(offset, animated: false, at: r.clock.now)
        r.settle()
        r.waitUntilReady()
        r.browser.photos.builders.waitUntilIdle()
        r.update()
        XCTAssertEqual(r.browser.albums.collectionView.contentOffset, offset)
        let plain = r.draw()
        if let dir = ProcessInfo.processInfo.environment["PHOTOSTACK_TEST_PNG_DIR"] {
            try zoomed.writePNG(to: dir + "/reflow-rest.png")
            try plain.writePNG(to: dir + "/reflow-none.png")
        }
        XCTAssertEqual(zoomed.differingPixels(from: plain), 0,
                       "the resting frame after the reflows equals the one drawn without them (PHOTOSTACK_TEST_PNG_DIR shows both)")
    }
}
