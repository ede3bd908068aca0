import Foundation
import XCTest
@testable import Canvas

/// A card beneath a stack's top card is rendered with its middle left out (the top card covers it). Drawn scaled — the
/// stand-in of a reflow or of a lift — that middle is neither resampled nor composited: the same pixels as resampling
/// and compositing the whole card, for a fraction of the work.
final class ScaledRotatedCardTests: XCTestCase {
    func photo() throws -> ImageSurface {
        let s = try ImageSurface(pixelWidth: 97, pixelHeight: 71)
        let ctx = CairoContext(surface: s)
        for i in 0..<12 {
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: Double(i * 8), y: Double((i * 29) % 60), width: 9, height: 17))
            ctx.setColor(RGBA(Double(i % 3) / 2, Double(i % 5) / 4, Double(i % 7) / 6, 1))
            ctx.fill()
        }
        return s
    }

    func testTheLeftOutMiddleIsSkippedWithTheSamePixels() throws {
        let unrotated = try CachedPhotoCard(.image(photo()), side: 180, deviceScale: 1)
        let rotation = 0.061
        let covered = RotatedPhotoCard.inscribedHalfSide(side: 180, rotation: -0.05)
        let card = try RotatedPhotoCard(from: unrotated, pixelsPerPoint: 1, rotation: rotation, coveredHalfSide: covered)
        XCTAssertGreaterThan(card.omittedHalfSide, 50, "a middle left out")
        for (scale, cx, cy) in [(0.5, 150.3, 140.7), (0.73, 151.0, 149.5), (1.37, 160.2, 158.9), (2.0, 200.5, 201.0)] {
            let w = 420, h = 420
            let fast = try ImageSurface(pixelWidth: w, pixelHeight: h), whole = try ImageSurface(pixelWidth: w, pixelHeight: h)
            for s in [fast, whole] {
                let ctx = CairoContext(surface: s)
                ctx.setColor(RGBA(0.2, 0.3, 0.4, 1))
                ctx.paint()
            }
            let before = RotatedComposite.sampledPixels
            card.draw(in: CairoContext(surface: fast), deviceX: cx, deviceY: cy, scale: scale)
            let sampledFast = RotatedComposite.sampledPixels - before
            // The same placement (`draw` puts the centre at whole pixels plus half the surface), the whole card resampled.
            let half = Double(card.surface.pixelWidth) / 2
            let ctx = CairoContext(surface: whole)
            ctx.translate((cx - half + 0.5).rounded(.down) + half, (cy - half + 0.5).rounded(.down) + half)
            ctx.scale(scale, scale)
            let mid = RotatedComposite.sampledPixels
            XCTAssertTrue(RotatedComposite.draw(card.surface, halfSide: half, in: ctx, alpha: 1))
            let sampledWhole = RotatedComposite.sampledPixels - mid
            XCTAssertEqual(fast.differingPixels(from: whole), 0, "scale \(scale): the same pixels")
            XCTAssertLessThan(Double(sampledFast), 0.6 * Double(sampledWhole),
                              "scale \(scale): the middle is not resampled (\(sampledFast) of \(sampledWhole) pixels)")
        }
    }
}
