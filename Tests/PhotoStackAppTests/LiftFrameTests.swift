import Canvas
import Foundation
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 18: the frames of a stack lifting under the pointer (0.16 s, ~10 frames, after every fling) were the albums
/// screen's slowest. They build nothing on the UI thread, resample only what shows of the cards beneath the top card,
/// and draw the lift shadow with one kernel pass — the same frame as drawn without the occlusion, and the lifted stack
/// at rest drawn as before.
final class LiftFrameTests: XCTestCase {
    /// The sample library at rest with every card built; the pointer not over any stack yet.
    func restingBrowser() -> BrowserHarness {
        let h = BrowserHarness()
        h.waitUntilReady()
        h.settle()
        h.browser.photos.builders.waitUntilIdle()
        h.update()
        return h
    }

    /// Draws the frame as it is now into a new surface (drawn whole), the pixels and the pixels the card resampler took.
    func frame(_ h: BrowserHarness) throws -> (surface: ImageSurface, sampled: Int64) {
        let screen = h.browser.albums
        let record = screen.scrollCopyRecord
        defer { screen.scrollCopyRecord = record }
        let s = try ImageSurface(pixelWidth: Int(h.width), pixelHeight: Int(h.height))
        let ctx = CairoContext(surface: s)
        let before = RotatedComposite.sampledPixels
        h.browser.draw(in: ctx, width: h.width, height: h.height, scale: 1)
        return (s, RotatedComposite.sampledPixels - before)
    }

    func testALiftBuildsNothingOnTheUIThreadAndResamplesOnlyWhatShows() throws {
        let h = restingBrowser()
        let b = h.browser, builders = b.photos.builders
        let section = try XCTUnwrap((0..<b.albums.collectionView.numberOfSections).first {
            b.albums.collectionView.numberOfItems(inSection: $0) >= 3
        }, "a stack of three cards")
        let uiBuilds = builders.counters.unrotatedOnUIThread + builders.counters.builtOnUIThread
        let c = h.stackCenter(section: section)
        h.handle(.pointerMoved(x: c.x, y: c.y, modifiers: [], time: h.clock.now))
        var lifting = 0, shadowed = 0, occludedFrames = 0, kernelShadows = 0
        for _ in 0..<20 {
            h.clock.advance(by: 1.0 / 60)
            h.update()
            let lift = b.albums.lift(section: section, at: h.clock.now)
            let shadowsBefore = SoftShadowComposite.drawn.draws
            b.albums.allowsOcclusion = false
            let all = try frame(h)
            b.albums.allowsOcclusion = true
            let occluded = try frame(h)
            XCTAssertEqual(all.surface.differingPixels(from: occluded.surface), 0, "the same frame with and without occlusion, lift \(lift)")
            if lift > 0 && lift < 1 {
                lifting += 1
                // Drawn twice (with and without occlusion); none while the lift is under 0.01 (no shadow yet).
                if lift > 0.01 { shadowed += 1 }
                kernelShadows += (SoftShadowComposite.drawn.draws - shadowsBefore) / 2
                let cells = b.albums.collectionView.displayList.compactMap { $0.view as? PhotoCell }.filter { $0.lift > 0 && $0.isDrawn }
                if cells.count >= 3 && cells.allSatisfy({ $0.drawnOpaqueSquare != nil }) {
                    // Every card of the stack drawn from its resting card: the two beneath the top one resample only
                    // their edges that show. Their left-out middles are skipped in both frames (`ScaledRotatedCardTests`);
                    // occlusion also skips what the top card covers of their edges.
                    occludedFrames += 1
                    XCTAssertLessThan(Double(occluded.sampled), 0.95 * Double(all.sampled),
                                      "pixels resampled at lift \(lift): \(occluded.sampled) with occlusion, \(all.sampled) without")
                }
            }
            // The unrotated cards the lift draws arrive from the builders between frames, as in the window.
            builders.waitUntilIdle()
        }
        XCTAssertEqual(b.albums.lift(section: section, at: h.clock.now), 1, accuracy: 1e-9, "lifted")
        XCTAssertGreaterThan(lifting, 5, "frames of the lift")
        XCTAssertGreaterThan(occludedFrames, 3, "frames drawn from the unrotated cards")
        XCTAssertEqual(kernelShadows, shadowed, "the lift shadow drawn by the kernel in every frame of the lift")
        XCTAssertEqual(builders.counters.unrotatedOnUIThread + builders.counters.builtOnUIThread, uiBuilds,
                       "no card built on the UI thread: the resting cards, scaled, stand in until the unrotated ones arrive")
        // Lifted at rest: the shadow is the layered one, as before.
        let shadowsBefore = SoftShadowComposite.drawn.draws
        _ = try frame(h)
        XCTAssertEqual(SoftShadowComposite.drawn.draws, shadowsBefore, "at rest the lift shadow is drawn by drawSoftShadow")
    }

    /// The first frame of a lift, before any unrotated card arrives, draws the stack's resting cards scaled by the lift:
    /// within a few levels of the frame drawn once the unrotated cards are there.
    func testTheRestingCardsStandInForTheFirstFramesOfALift() throws {
        let h = restingBrowser()
        let b = h.browser, builders = b.photos.builders
        let section = try XCTUnwrap((0..<b.albums.collectionView.numberOfSections).first {
            b.albums.collectionView.numberOfItems(inSection: $0) >= 3
        })
        let uiBuilds = builders.counters.unrotatedOnUIThread + builders.counters.builtOnUIThread
        builders.pause()
        defer { builders.resume() }
        let c = h.stackCenter(section: section)
        h.handle(.pointerMoved(x: c.x, y: c.y, modifiers: [], time: h.clock.now))
        h.update()   // the lift starts
        h.clock.advance(by: 0.05)
        h.update()
        let lift = b.albums.lift(section: section, at: h.clock.now)
        XCTAssertTrue(lift > 0 && lift < 1, "lifting: \(lift)")
        let quick = builders.counters.quickDraws
        let offset = b.albums.collectionView.contentOffset
        let standIn = try frame(h)
        XCTAssertEqual(builders.counters.quickDraws, quick, "no quick card: the resting cards stand in")
        XCTAssertEqual(builders.counters.unrotatedOnUIThread + builders.counters.builtOnUIThread, uiBuilds, "no card built on the UI thread")
        builders.resume()
        builders.waitUntilIdle()
        h.update()
        let exact = try frame(h)
        XCTAssertEqual(b.albums.collectionView.contentOffset, offset, "nothing scrolled between the two frames")
        XCTAssertEqual(b.albums.lift(section: section, at: h.clock.now), lift, "the same lift in both frames")
        if let dir = ProcessInfo.processInfo.environment["PHOTOSTACK_TEST_PNG_DIR"] {
            try standIn.surface.writePNG(to: dir + "/lift-stand-in.png")
            try exact.surface.writePNG(to: dir + "/lift-unrotated.png")
        }
        // The resting card is copied to whole device pixels, the unrotated one placed exactly: sharp edges in the photos
        // (the sample's bricks) move by up to half a pixel (5 levels on average over this stack), nothing else changes.
        let box = b.albums.stackLayout.frameForStack(section: section)
        let o = b.albums.collectionView.contentOffset
        var total = 0, count = 0
        for y in Int(box.minY - o.y)..<Int(box.maxY - o.y) where y >= 0 && y < Int(h.height) {
            for x in Int(box.minX - o.x)..<Int(box.maxX - o.x) where x >= 0 && x < Int(h.width) {
                let p = standIn.surface.pixel(x: x, y: y), q = exact.surface.pixel(x: x, y: y)
                total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
                count += 3
            }
        }
        XCTAssertGreaterThan(count, 10000)
        let mean = Double(total) / Double(max(1, count))
        XCTAssertLessThan(mean, 8, "the stand-in looks like the lifted cards: mean difference \(mean) levels over the stack \(box) at lift \(lift) (set PHOTOSTACK_TEST_PNG_DIR to see both frames)")
    }

    /// While a stack lifts (0 < lift < 1, a new scale in every frame) its cards are its resting rotated cards scaled with
    /// the nearest texel — no bilinear resampling — and look like the cards drawn from the unrotated ones; lifted at rest
    /// the frame is the same pixel for pixel as the one drawn from the unrotated cards.
    func testALiftingStackIsScaledFromItsRestingCardsAndTheLiftedStackAtRestIsUnchanged() throws {
        let h = restingBrowser()
        let b = h.browser, builders = b.photos.builders
        let section = try XCTUnwrap((0..<b.albums.collectionView.numberOfSections).first {
            b.albums.collectionView.numberOfItems(inSection: $0) >= 3
        })
        let c = h.stackCenter(section: section)
        h.handle(.pointerMoved(x: c.x, y: c.y, modifiers: [], time: h.clock.now))
        let box = b.albums.stackLayout.frameForStack(section: section)
        func meanDifference(_ p: ImageSurface, _ q: ImageSurface) -> Double {
            let o = b.albums.collectionView.contentOffset
            var total = 0, count = 0
            for y in Int(box.minY - o.y)..<Int(box.maxY - o.y) where y >= 0 && y < Int(h.height) {
                for x in Int(box.minX - o.x)..<Int(box.maxX - o.x) where x >= 0 && x < Int(h.width) {
                    let a = p.pixel(x: x, y: y), d = q.pixel(x: x, y: y)
                    total += abs(Int(a.r) - Int(d.r)) + abs(Int(a.g) - Int(d.g)) + abs(Int(a.b) - Int(d.b))
                    count += 3
                }
            }
            return Double(total) / Double(max(1, count))
        }
        var moving = 0
        for _ in 0..<20 {
            h.clock.advance(by: 1.0 / 60)
            h.update()
            builders.waitUntilIdle()   // the unrotated cards are there: the old path would draw them
            let lift = b.albums.lift(section: section, at: h.clock.now)
            let nearestBefore = RotatedComposite.nearestSampledPixels, allBefore = RotatedComposite.sampledPixels
            let scaled = try frame(h)
            let nearest = RotatedComposite.nearestSampledPixels - nearestBefore, all = RotatedComposite.sampledPixels - allBefore
            b.albums.liftsFromRestingCards = false
            h.update()
            let fromUnrotated = try frame(h)
            b.albums.liftsFromRestingCards = true
            h.update()
            if lift > 0.01 && lift < 1 {
                moving += 1
                XCTAssertGreaterThan(nearest, 0, "lift \(lift): cards scaled with the nearest texel")
                XCTAssertEqual(nearest, all, "lift \(lift): nothing resampled bilinearly")
                let mean = meanDifference(scaled.surface, fromUnrotated.surface)
                XCTAssertLessThan(mean, 8, "lift \(lift): like the cards drawn from the unrotated ones (mean difference \(mean) levels)")
            }
        }
        XCTAssertGreaterThan(moving, 5, "frames of the lift")
        XCTAssertEqual(b.albums.lift(section: section, at: h.clock.now), 1, accuracy: 1e-9, "lifted")
        let atRest = try frame(h)
        b.albums.liftsFromRestingCards = false
        h.update()
        let before = try frame(h)
        b.albums.liftsFromRestingCards = true
        XCTAssertEqual(atRest.surface.differingPixels(from: before.surface), 0, "lifted at rest: the frame as before")
    }
}
