@testable import Canvas
import XCTest

/// The screens' background texture: one tile for every texture of the same size and seed, and fills that match the
/// repeating pattern.
final class BackgroundTextureTests: XCTestCase {
    /// Fills `rect` of a `w`×`h` surface with `texture` (origin shifted by `origin` points).
    private func filled(_ texture: BackgroundTexture, w: Int, h: Int, rect: CanvasRect, origin: Double,
                        repeating: Bool = false) throws -> ImageSurface {
        let s = try ImageSurface(pixelWidth: w, pixelHeight: h)
        let ctx = CairoContext(surface: s)
        ctx.clear(to: RGBA(1, 0, 0))
        if repeating {
            texture.fillRepeating(rect, in: ctx, deviceScale: 1, originX: origin, originY: -origin)
        } else {
            texture.fill(rect, in: ctx, deviceScale: 1, originX: origin, originY: -origin)
        }
        return s
    }

    func testTexturesOfOneSeedShareTheirTile() throws {
        let seed: UInt64 = 0xBAC_4321
        let a = try BackgroundTexture(size: 64, seed: seed), b = try BackgroundTexture(size: 64, seed: seed)
        XCTAssertTrue(a.tile === b.tile, "one tile per size and seed")
        let c = try BackgroundTexture(size: 64, seed: seed + 1)
        XCTAssertFalse(c.tile === a.tile, "other seeds have their own")
    }

    /// The fill (one SOURCE composite of the tile repeated from the origin's device pixel) is the general repeating
    /// pattern's picture, whatever the origin: the tiles stay put in the content as it scrolls.
    func testFillsMatchTheRepeatingPattern() throws {
        let a = try BackgroundTexture(size: 32, seed: 0xBAC_9876)
        let rect = CanvasRect(x: 10, y: 7, width: 150, height: 90)
        for origin in [0.0, 13, 45.5, -70, 12345] {
            let fast = try filled(a, w: 200, h: 120, rect: rect, origin: origin)
            let reference = try filled(a, w: 200, h: 120, rect: rect, origin: origin, repeating: true)
            XCTAssertEqual(fast.differingPixels(from: reference), 0, "origin \(origin)")
        }
    }
}
