@testable import Canvas
import XCTest

/// The screens' background texture: one tile and one pre-tiled surface for every texture of the same size and
/// seed (a window-sized surface per screen was ~10 MB each at 1920×1080), and fills that still match the
/// repeating pattern after another texture grew the shared surface.
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

    func testTexturesOfOneSeedShareTheirPreTiledSurface() throws {
        let seed: UInt64 = 0xBAC_4321   // a seed of this test only: no other test grows its surface
        let a = try BackgroundTexture(size: 64, seed: seed), b = try BackgroundTexture(size: 64, seed: seed)
        XCTAssertTrue(a.tile === b.tile, "one tile per size and seed")
        _ = try filled(a, w: 300, h: 200, rect: CanvasRect(x: 0, y: 0, width: 300, height: 200), origin: 0)
        _ = try filled(b, w: 300, h: 200, rect: CanvasRect(x: 0, y: 0, width: 300, height: 200), origin: 0)
        let shared = try XCTUnwrap(a.preTiledSurface)
        XCTAssertTrue(shared === b.preTiledSurface, "the second texture reuses the first one's pre-tiled surface")

        // A wider fill of one and a taller fill of the other: the shared surface covers both (plus a tile).
        _ = try filled(b, w: 500, h: 100, rect: CanvasRect(x: 0, y: 0, width: 500, height: 100), origin: 0)
        _ = try filled(a, w: 100, h: 400, rect: CanvasRect(x: 0, y: 0, width: 100, height: 400), origin: 0)
        let grown = try XCTUnwrap(a.preTiledSurface)
        XCTAssertTrue(grown === b.preTiledSurface)
        XCTAssertGreaterThanOrEqual(grown.pixelWidth, 500 + 64)
        XCTAssertGreaterThanOrEqual(grown.pixelHeight, 400 + 64)

        // Other seeds have their own.
        let c = try BackgroundTexture(size: 64, seed: seed + 1)
        XCTAssertFalse(c.tile === a.tile)
    }

    func testSharedSurfaceFillsMatchTheRepeatingPattern() throws {
        let seed: UInt64 = 0xBAC_9876
        let a = try BackgroundTexture(size: 32, seed: seed), b = try BackgroundTexture(size: 32, seed: seed)
        let rect = CanvasRect(x: 10, y: 7, width: 150, height: 90)
        // b grows the shared surface first; a's fills (shifted origins) must still equal the repeating pattern.
        _ = try filled(b, w: 400, h: 300, rect: CanvasRect(x: 0, y: 0, width: 400, height: 300), origin: 0)
        for origin in [0.0, 13, 45.5] {
            let fast = try filled(a, w: 200, h: 120, rect: rect, origin: origin)
            let reference = try filled(a, w: 200, h: 120, rect: rect, origin: origin, repeating: true)
            XCTAssertEqual(fast.differingPixels(from: reference), 0, "origin \(origin)")
        }
    }
}
