import Canvas
import Foundation
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 18: the frame where a lift comes to rest drew the lifted stack exactly — cairo's 20-layer shadow and three
/// rotated bilinear resamples, 6–12 ms under load, the albums-screen fling's p99. Its cards are now rendered in the
/// background while the stack lifts (`LiftedPhotoCard`, one image per card at its device matrix, the bottom card's with
/// the lift shadow), so that frame is one copy per card — the same picture.
final class LiftedCardTests: XCTestCase {
    /// The sample library at rest with every card built; the pointer not over any stack yet.
    func restingBrowser() -> BrowserHarness {
        let h = BrowserHarness()
        h.waitUntilReady()
        h.settle()
        h.browser.photos.builders.waitUntilIdle()
        h.update()
        return h
    }

    /// Draws the frame as it is now into a new surface (drawn whole), and the pixels the card resampler took.
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

    func testTheFrameALiftComesToRestInIsCopiesOfTheLiftedCardsAndTheSamePicture() throws {
        let h = restingBrowser()
        let b = h.browser, builders = b.photos.builders
        let section = try XCTUnwrap((0..<b.albums.collectionView.numberOfSections).first {
            b.albums.collectionView.numberOfItems(inSection: $0) >= 3
        }, "a stack of three cards")
        let c = h.stackCenter(section: section)
        h.handle(.pointerMoved(x: c.x, y: c.y, modifiers: [], time: h.clock.now))
        func liftedCells() -> [PhotoCell] {
            b.albums.collectionView.displayList.compactMap { $0.view as? PhotoCell }.filter { $0.lift > 0 && $0.isDrawn }
        }
        // The lift, frame by frame: drawn as the window does (its draws tell the cells their device matrix). The builders
        // keep up with the frames, as on an unloaded machine: what a frame asks for (the unrotated cards, then the lifted
        // cards made from them) is built before the next one.
        var frames = 0
        while b.albums.lift(section: section, at: h.clock.now) < 1 && frames < 60 {
            h.frame()
            frames += 1
            builders.waitUntilIdle()
        }
        XCTAssertEqual(b.albums.lift(section: section, at: h.clock.now), 1, accuracy: 1e-9, "lifted")
        let cells = liftedCells()
        XCTAssertGreaterThanOrEqual(cells.count, 3, "the lifted stack's cards")
        let before = builders.counters
        let copied = try frame(h)
        let after = builders.counters
        XCTAssertEqual(after.liftedCopies - before.liftedCopies, cells.count, "every lifted card drawn as one copy")
        XCTAssertEqual(after.transformedDraws - before.transformedDraws, 0, "no card resampled")
        XCTAssertEqual(copied.sampled, 0, "no pixel resampled")
        // The exact drawing (the unrotated cards resampled through the element's matrix, cairo's layered shadow).
        for cell in cells { cell.copiesLiftedCards = false }
        defer { for cell in cells { cell.copiesLiftedCards = true } }
        let exact = try frame(h)
        XCTAssertGreaterThan(builders.counters.transformedDraws - after.transformedDraws, 0, "the exact drawing resamples")
        XCTAssertGreaterThan(exact.sampled, 0)
        // Cards: the same pixels (OVER onto nothing is the source); the shadow rounded once instead of once per layer
        // (measured: 5,087 pixels differ, by 1–4 levels; SoftShadowTests allows 5 for the kernel shadow).
        let off = copied.surface.differingPixels(from: exact.surface, tolerance: 4)
        XCTAssertEqual(off, 0, "pixels more than 4 levels apart (of \(copied.surface.differingPixels(from: exact.surface)) differing at all)")
        // Memory: the lifted cards are held while the stack is lifted, and dropped with it.
        XCTAssertEqual(b.photos.cards.liftedCount, cells.count, "one lifted card per card of the lifted stack")
        h.handle(.pointerLeft(time: h.clock.now))
        frames = 0
        while b.albums.lift(section: section, at: h.clock.now) > 0 && frames < 60 { h.frame(); frames += 1 }
        h.frame()
        XCTAssertEqual(b.photos.cards.liftedCount, 0, "the lifted cards go when the stack drops")
    }
}
