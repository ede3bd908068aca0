import Canvas
import Foundation
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 14 item 3: while an album's photos fly out of their stack (or back into it), the cards of the pile hide one
/// another, and only what shows of each is resampled: the frame is the same pixel for pixel, made for a fraction
/// of the work.
final class FlightOcclusionTests: XCTestCase {
    /// Opens the sample library's biggest album and stops the clock early in the fly-out, once every flying photo has
    /// an unrotated card (the builders run; the clock does not move).
    func openedPile() throws -> (BrowserHarness, AlbumScreen) {
        let h = BrowserHarness()
        h.waitUntilReady()
        let albums = h.browser.library.albums
        let section = try XCTUnwrap(albums.indices.max { albums[$0].photos.count < albums[$1].photos.count })
        XCTAssertGreaterThanOrEqual(albums[section].photos.count, 5, "a pile with cards beneath cards")
        let c = h.stackCenter(section: section)
        h.click(x: c.x, y: c.y)
        let screen = try XCTUnwrap(h.browser.top as? AlbumScreen)
        h.frame(advance: 0.03)
        XCTAssertTrue(screen.isFlying)
        let deadline = Date().addingTimeInterval(20)
        func flying() -> [PhotoCell] {
            screen.collectionView.displayList.compactMap { $0.view as? PhotoCell }.filter { $0.photo != nil && $0.isDrawn }
        }
        while Date() < deadline && !flying().allSatisfy({ $0.drawnOpaqueSquare != nil }) {
            h.host.waitForWake(timeout: 0.1)
            h.update()
        }
        XCTAssertTrue(screen.isFlying, "still flying: the clock has not moved")
        XCTAssertGreaterThanOrEqual(flying().filter { $0.drawnOpaqueSquare != nil }.count, 5,
                                    "every photo of the pile flies as an opaque unrotated card")
        return (h, screen)
    }

    /// Draws the browser's frame as it is now; the pixels and the pixels the card resampler took.
    func frame(_ h: BrowserHarness) -> (pixels: [UInt8], sampled: Int64) {
        let before = RotatedComposite.sampledPixels
        let surface = h.draw()
        let pixels = surface.withPixelBytes { Array($0) }
        return (pixels, RotatedComposite.sampledPixels - before)
    }

    func testThePileResamplesOnlyWhatShowsAndLooksTheSame() throws {
        let (h, screen) = try openedPile()
        screen.allowsOcclusion = false
        let all = frame(h)
        screen.allowsOcclusion = true
        let occluded = frame(h)
        XCTAssertGreaterThan(all.sampled, 0, "the flying cards go through the resampler")
        XCTAssertTrue(all.pixels == occluded.pixels, "the same frame with and without occlusion")
        XCTAssertLessThan(Double(occluded.sampled), 0.6 * Double(all.sampled),
                          "pixels resampled: \(occluded.sampled) with occlusion, \(all.sampled) without")
        // Half-way and at the end of the flight the cards are apart: still the same pixels.
        for _ in 0..<12 { h.frame() }
        XCTAssertTrue(screen.isFlying)
        screen.allowsOcclusion = false
        let apartAll = frame(h)
        screen.allowsOcclusion = true
        XCTAssertTrue(apartAll.pixels == frame(h).pixels, "the same frame half-way")
    }

    func testTheFlyBackIntoThePileLooksTheSame() throws {
        let (h, screen) = try openedPile()
        h.settle()
        h.waitUntilReady()
        h.key(.escape)
        // The last frames of the fly-back: the photos land on one another.
        for _ in 0..<24 { h.frame() }
        XCTAssertTrue(screen.isFlying && screen.isClosing)
        screen.allowsOcclusion = false
        let all = frame(h)
        screen.allowsOcclusion = true
        let occluded = frame(h)
        XCTAssertTrue(all.pixels == occluded.pixels, "the same frame with and without occlusion")
        XCTAssertLessThan(Double(occluded.sampled), 0.6 * Double(all.sampled),
                          "pixels resampled: \(occluded.sampled) with occlusion, \(all.sampled) without")
    }

    /// In the first frame of the fly-out the photos beneath the stack's deepest drawn card lie under it (within a
    /// fraction of a pixel): they are not drawn at all (the pile looks like the stack it comes out of).
    func testPhotosBuriedExactlyUnderTheStackAreNotDrawn() throws {
        let h = BrowserHarness()
        h.waitUntilReady()
        let albums = h.browser.library.albums
        let section = try XCTUnwrap(albums.indices.max { albums[$0].photos.count < albums[$1].photos.count })
        let n = albums[section].photos.count
        let c = h.stackCenter(section: section)
        h.click(x: c.x, y: c.y)
        let screen = try XCTUnwrap(h.browser.top as? AlbumScreen)
        // The window draws its first frame a few milliseconds after the click: the photos have moved a fraction of a pixel.
        h.clock.advance(by: 0.004)
        h.update()
        let builders = h.browser.photos.builders
        func cardsDrawn() -> Int {
            let k0 = builders.counters
            h.draw()
            let k1 = builders.counters
            return (k1.quickDraws - k0.quickDraws) + (k1.transformedDraws - k0.transformedDraws)
        }
        // (Cards drawn quick or from an unrotated card are counted; the top one may be drawn from its exact card.)
        screen.allowsOcclusion = false
        let all = cardsDrawn()
        screen.allowsOcclusion = true
        let occluded = cardsDrawn()
        XCTAssertGreaterThan(occluded, 0)
        XCTAssertEqual(all - occluded, n - AlbumsScreen.drawnDepth, "the \(n - AlbumsScreen.drawnDepth) photos under the deepest card are not drawn")
    }
}
