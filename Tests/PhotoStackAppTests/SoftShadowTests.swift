import Canvas
import Foundation
import XCTest

/// The lift shadow's two paths: the layered fills (`drawSoftShadow`) and the per-pixel kernel (`SoftShadowComposite`)
/// drawn while a stack lifts or drops; and the covered rectangle both leave out (what the card drawn next hides).
final class SoftShadowTests: XCTestCase {
    /// A 400 × 400 pt canvas at `scale`, mid-grey and opaque, with the element transform of a card of `side` pt centred
    /// in it, rotated by `rotation`; `body` draws in the element's points (0…side).
    func canvas(scale: Double, rotation: Double, side: Double = 300, _ body: (CairoContext) -> Void) throws -> ImageSurface {
        let px = Int(400 * scale)
        let s = try ImageSurface(pixelWidth: px, pixelHeight: px)
        let ctx = CairoContext(surface: s)
        ctx.clear(to: RGBA(0.5, 0.5, 0.5))
        ctx.scale(scale, scale)
        ctx.translate(200.3, 199.6)
        ctx.rotate(rotation)
        ctx.translate(-side / 2, -side / 2)
        body(ctx)
        return s
    }

    /// The lift shadow of a card of `side` pt at `lift` (PhotoCell's parameters).
    func liftShadow(side: Double, lift: Double) -> (rect: CanvasRect, radius: Double, dy: Double, color: RGBA) {
        let s = side * (1 + 0.05 * lift), c = side / 2
        return (CanvasRect(x: c - s / 2, y: c - s / 2, width: s, height: s), 10 * lift, 8 * lift, RGBA(0, 0, 0, 0.35 * lift))
    }

    /// Largest channel difference and the mean absolute difference over all channels (alpha ignored).
    func difference(_ a: ImageSurface, _ b: ImageSurface) -> (max: Int, mean: Double) {
        var worst = 0, total = 0
        for y in 0..<a.pixelHeight {
            for x in 0..<a.pixelWidth {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                for d in [abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))] { worst = max(worst, d); total += d }
            }
        }
        return (worst, Double(total) / Double(3 * a.pixelWidth * a.pixelHeight))
    }

    func testTheKernelDrawsTheLayeredShadowWithinAFewLevels() throws {
        for scale in [1.0, 2.0] {
            for rotation in [0.0, 0.07, -0.13] {
                for lift in [0.08, 0.45, 0.9] {
                    let p = liftShadow(side: 300, lift: lift)
                    let layered = try canvas(scale: scale, rotation: rotation) {
                        $0.drawSoftShadow(of: p.rect, radius: p.radius, dx: 0, dy: p.dy, color: p.color)
                    }
                    var drawn = false
                    let kernel = try canvas(scale: scale, rotation: rotation) {
                        drawn = SoftShadowComposite.draw(in: $0, of: p.rect, radius: p.radius, dx: 0, dy: p.dy, color: p.color)
                    }
                    XCTAssertTrue(drawn)
                    let d = difference(layered, kernel)
                    let what = "scale \(scale), rotation \(rotation), lift \(lift): max \(d.max), mean \(d.mean)"
                    // Cairo composites the layers one by one, rounding to 8 bits each time; the kernel composes them
                    // exactly: up to 5 levels (of 255) apart where 20 layers overlap, 2 on average over the canvas.
                    XCTAssertLessThanOrEqual(d.max, 6, what)
                    XCTAssertLessThan(d.mean, 2.5, what)
                    XCTAssertGreaterThan(layered.differingPixels(from: try canvas(scale: scale, rotation: rotation) { _ in }), 1000,
                                         "a shadow was drawn")
                }
            }
        }
    }

    /// Rounded rectangles (the kernel's shortcuts for layers sharing a core hold with corners too), a small radius and a
    /// large one.
    func testTheKernelDrawsRoundedShadowsWithinAFewLevels() throws {
        // Up to 8 levels apart where 24 layers overlap (cairo's rounding); along the rotated edges of a 3-layer shadow
        // (radius 1.5) cairo's coverage of single pixels differs from the kernel's ramp by up to 15 levels.
        for (corner, radius, worst) in [(8.0, 6.0, 8), (40.0, 12.0, 8), (3.0, 1.5, 16)] {
            let rect = CanvasRect(x: 20, y: 30, width: 240, height: 200), color = RGBA(0.1, 0.2, 0.3, 0.4)
            let layered = try canvas(scale: 1.5, rotation: 0.2) {
                $0.drawSoftShadow(of: rect, cornerRadius: corner, radius: radius, dx: 2, dy: 5, color: color)
            }
            let kernel = try canvas(scale: 1.5, rotation: 0.2) {
                XCTAssertTrue(SoftShadowComposite.draw(in: $0, of: rect, cornerRadius: corner, radius: radius, dx: 2, dy: 5, color: color))
            }
            let d = difference(layered, kernel)
            XCTAssertLessThanOrEqual(d.max, worst, "corner \(corner), radius \(radius): max \(d.max), mean \(d.mean)")
            XCTAssertLessThan(d.mean, 2.5, "corner \(corner), radius \(radius): max \(d.max), mean \(d.mean)")
        }
    }

    /// A rectangle covered afterwards by something opaque (pixel centres a device pixel inside it, as a card's drawn
    /// opaque square) is left out of the kernel's shadow, and the picture is the same pixel for pixel once it is covered.
    func testACoveredRectangleLeavesThePictureUnchanged() throws {
        let side = 300.0
        for scale in [1.0, 2.0] {
            for rotation in [0.0, 0.09] {
                for lift in [0.3, 0.8] {
                    let p = liftShadow(side: side, lift: lift)
                    let card = CanvasRect(x: 3, y: 3, width: side - 6, height: side - 6)
                    // Pixels whose centres lie a device pixel inside the filled card are opaque; the covered rectangle
                    // is a pixel inside those (PhotoCell.liftShadowCovered).
                    let covered = card.insetBy(2 / scale)
                    func draw(_ ctx: CairoContext, covered: CanvasRect?, card drawsCard: Bool = true) {
                        XCTAssertTrue(SoftShadowComposite.draw(in: ctx, of: p.rect, radius: p.radius, dx: 0, dy: p.dy, color: p.color,
                                                               covered: covered))
                        guard drawsCard else { return }
                        ctx.newPath()
                        ctx.rectangle(card)
                        ctx.setColor(RGBA(0.9, 0.2, 0.1))
                        ctx.fill()
                    }
                    let whole = try canvas(scale: scale, rotation: rotation) { draw($0, covered: nil) }
                    let holed = try canvas(scale: scale, rotation: rotation) { draw($0, covered: covered) }
                    XCTAssertEqual(whole.differingPixels(from: holed), 0, "scale \(scale), rotation \(rotation), lift \(lift)")
                    // Without the card over it, the hole shows: the covered rectangle was left out.
                    let bare = try canvas(scale: scale, rotation: rotation) { draw($0, covered: covered, card: false) }
                    XCTAssertEqual(bare.pixel(x: Int(200 * scale), y: Int(200 * scale)).r, 128, "nothing shadowed under the covered rectangle")
                }
            }
        }
    }

    /// The kernel evaluates only the pixels outside the covered rectangle.
    func testTheKernelSkipsTheCoveredPixels() throws {
        let p = liftShadow(side: 300, lift: 0.6)
        let before = SoftShadowComposite.drawn
        _ = try canvas(scale: 1, rotation: 0.05) {
            _ = SoftShadowComposite.draw(in: $0, of: p.rect, radius: p.radius, dx: 0, dy: p.dy, color: p.color)
        }
        let mid = SoftShadowComposite.drawn
        _ = try canvas(scale: 1, rotation: 0.05) {
            _ = SoftShadowComposite.draw(in: $0, of: p.rect, radius: p.radius, dx: 0, dy: p.dy, color: p.color,
                                         covered: CanvasRect(x: 4, y: 4, width: 292, height: 292))
        }
        let after = SoftShadowComposite.drawn
        XCTAssertEqual(mid.draws - before.draws, 1)
        let all = mid.pixels - before.pixels, holed = after.pixels - mid.pixels
        XCTAssertLessThan(Double(holed), 0.4 * Double(all), "pixels evaluated: \(holed) with the hole, \(all) without")
    }
}
