import Canvas
import XCTest
@testable import PhotoStackApp

/// The photo view's exact-size renderings: scaled to the size asked and turned like the view-only rotation
/// (`ImageSurface.rotated(quarterTurns:)`, clockwise).
final class PhotoRenderingsTests: XCTestCase {
    func testARenderingIsTurnedClockwiseLikeTheViewOnlyRotation() throws {
        let source = try PhotoViewTest.image(width: 80, height: 40)
        for turns in 0..<4 {
            let expected = try source.rotated(quarterTurns: turns)
            let r = try XCTUnwrap(PhotoRenderings.render(source, width: expected.pixelWidth, height: expected.pixelHeight, turns: turns))
            XCTAssertEqual(r.pixelWidth, expected.pixelWidth)
            XCTAssertEqual(r.pixelHeight, expected.pixelHeight)
            // Away from the bands' borders (the GOOD filter blends across them), every pixel is the turned source's.
            for (x, y) in [(5, 5), (expected.pixelWidth - 6, 5), (5, expected.pixelHeight - 6),
                           (expected.pixelWidth - 6, expected.pixelHeight - 6)] {
                let a = r.pixel(x: x, y: y), b = expected.pixel(x: x, y: y)
                XCTAssertEqual([a.r, a.g, a.b], [b.r, b.g, b.b], "\(turns) turns, pixel (\(x), \(y))")
            }
        }
    }

    func testARenderingIsScaledToTheSizeAsked() throws {
        let source = try PhotoViewTest.image(width: 400, height: 200)
        let r = try XCTUnwrap(PhotoRenderings.render(source, width: 100, height: 50))
        XCTAssertEqual([r.pixelWidth, r.pixelHeight], [100, 50])
        // The first and last bands end up at the left and right.
        for (x, sx) in [(5, 20), (94, 379)] {
            let a = r.pixel(x: x, y: 25), b = source.pixel(x: sx, y: 100)
            XCTAssertEqual([a.r, a.g, a.b], [b.r, b.g, b.b], "x \(x)")
        }
    }
}
