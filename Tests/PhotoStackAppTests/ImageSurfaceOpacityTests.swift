import Canvas
import XCTest

/// `ImageSurface.isOpaque` decides whether a built card hides the cards under it (`CachedPhotoCard.hasOpaqueSquare`,
/// the occlusion that lets frames skip covered pixels): one translucent pixel inside the rectangle must say no.
final class ImageSurfaceOpacityTests: XCTestCase {
    /// A `width`×`height` surface painted opaque grey, with the pixels in `clear` left transparent.
    private func surface(width: Int, height: Int, clear: [(Int, Int)] = []) throws -> ImageSurface {
        let s = try ImageSurface(pixelWidth: width, pixelHeight: height)
        let ctx = CairoContext(surface: s)
        ctx.clear(to: RGBA(0.5, 0.5, 0.5))
        for (x, y) in clear {
            ctx.withSavedState {
                ctx.clip(toDeviceRects: [(x: x, y: y, width: 1, height: 1)])
                ctx.clear(to: RGBA(0, 0, 0, 0))
            }
        }
        return s
    }

    func testAnOpaqueSurfaceIsOpaqueAndAnEmptyRectangleIsNot() throws {
        let s = try surface(width: 37, height: 23)
        XCTAssertTrue(s.isOpaque(x0: 0, y0: 0, x1: 37, y1: 23))
        XCTAssertTrue(s.isOpaque(x0: -5, y0: -5, x1: 100, y1: 100), "clipped to the surface")
        XCTAssertFalse(s.isOpaque(x0: 10, y0: 10, x1: 10, y1: 20), "empty")
    }

    func testOneTransparentPixelInsideTheRectangleMakesItNotOpaqueAndOutsideItDoesNot() throws {
        for (x, y) in [(3, 4), (35, 4), (3, 20), (35, 20), (19, 11)] {
            let s = try surface(width: 37, height: 23, clear: [(x, y)])
            XCTAssertFalse(s.isOpaque(x0: 3, y0: 4, x1: 36, y1: 21), "pixel (\(x), \(y)) is transparent")
            XCTAssertTrue(s.isOpaque(x0: 0, y0: 0, x1: 37, y1: y), "the rows above it")
        }
        let edge = try surface(width: 37, height: 23, clear: [(2, 4), (36, 10), (10, 3), (10, 21)])
        XCTAssertTrue(edge.isOpaque(x0: 3, y0: 4, x1: 36, y1: 21), "transparent pixels just outside the rectangle")
    }
}
