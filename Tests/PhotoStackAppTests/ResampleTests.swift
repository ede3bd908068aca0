import Canvas
import XCTest

/// The C bilinear resampler gives what cairo's bilinear filter gives (within rounding), on a photo card
/// rotated, scaled and moved by fractions of a pixel, and refuses what it cannot do.
final class ResampleTests: XCTestCase {
    func card() throws -> ImageSurface {
        let img = try ImageSurface(contentsOfPNG: BrowserHarness.sampleLibrary + "/Gatos e Café/chelsea.png")
        return try CachedPhotoCard(.image(img), side: 120, deviceScale: 1).surface
    }

    /// Source pixel coordinates of a device pixel for a card drawn centred at (cx, cy), rotated, scaled.
    func inverse(cx: Double, cy: Double, rotation: Double, scale: Double, half: Double)
        -> (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        let cosr = cos(rotation) / scale, sinr = sin(rotation) / scale
        // src = R(-r)/s · (p − c) + half
        return (cosr, -sinr, sinr, cosr, -(cosr * cx + sinr * cy) + half, -(-sinr * cx + cosr * cy) + half)
    }

    func testMatchesCairosBilinearFilter() throws {
        let src = try card()
        let half = Double(src.pixelWidth) / 2
        for (rotation, scale, cx, cy) in [(0.05, 1.0, 100.3, 99.6), (-0.09, 0.83, 101.0, 98.25), (0.7, 1.3, 99.5, 100.5), (0.0, 1.1, 100.4, 100.0)] {
            let viaCairo = try ImageSurface(pixelWidth: 200, pixelHeight: 200)
            let ctx = CairoContext(surface: viaCairo)
            ctx.translate(cx, cy); ctx.rotate(rotation); ctx.scale(scale, scale)
            ctx.setSource(src, x: -half, y: -half, filter: .bilinear)
            ctx.paint()
            let viaKernel = try ImageSurface(pixelWidth: 200, pixelHeight: 200)
            XCTAssertTrue(viaKernel.resample(src, inverse: inverse(cx: cx, cy: cy, rotation: rotation, scale: scale, half: half),
                                             x0: 0, y0: 0, x1: 200, y1: 200))
            var worst = 0, sum = 0, n = 0
            for y in 0..<200 {
                for x in 0..<200 {
                    let p = viaCairo.pixel(x: x, y: y), q = viaKernel.pixel(x: x, y: y)
                    // `pixel` gives unpremultiplied values: compare what is stored (premultiplied).
                    func pm(_ c: UInt8, _ a: UInt8) -> Int { Int((Double(c) * Double(a) / 255).rounded()) }
                    let d = max(abs(pm(p.r, p.a) - pm(q.r, q.a)), abs(pm(p.g, p.a) - pm(q.g, q.a)), abs(pm(p.b, p.a) - pm(q.b, q.a)),
                                abs(Int(p.a) - Int(q.a)))
                    worst = max(worst, d); sum += d; n += 1
                }
            }
            XCTAssertLessThanOrEqual(worst, 4, "rotation \(rotation) scale \(scale): largest channel difference")
            XCTAssertLessThan(Double(sum) / Double(n), 0.6, "rotation \(rotation) scale \(scale): mean difference")
        }
    }

    func testWritesOnlyItsRectangleAndRefusesBadMatrices() throws {
        let src = try card()
        let dst = try ImageSurface(pixelWidth: 50, pixelHeight: 50)
        let ctx = CairoContext(surface: dst)
        ctx.clear(to: RGBA(1, 0, 0))
        XCTAssertTrue(dst.resample(src, inverse: (1, 0, 0, 1, 0, 0), x0: 10, y0: 10, x1: 20, y1: 20))
        XCTAssertEqual(dst.pixel(x: 9, y: 15).r, 255, "left of the rectangle untouched")
        XCTAssertEqual(dst.pixel(x: 20, y: 15).r, 255, "right of it untouched")
        XCTAssertTrue(dst.resample(src, inverse: (1, 0, 0, 1, 0, 0), x0: -100, y0: -5, x1: 1000, y1: 3), "clipped to the surface")
        XCTAssertFalse(dst.resample(src, inverse: (.nan, 0, 0, 1, 0, 0), x0: 0, y0: 0, x1: 5, y1: 5))
        XCTAssertFalse(dst.resample(src, inverse: (1e300, 0, 0, 1, 0, 0), x0: 0, y0: 0, x1: 5, y1: 5))
        // Far outside the source: transparent.
        XCTAssertTrue(dst.resample(src, inverse: (1, 0, 0, 1, 5000, 5000), x0: 0, y0: 0, x1: 5, y1: 5))
        XCTAssertEqual(dst.pixel(x: 2, y: 2).a, 0)
    }

    /// A card drawn rotated goes through the kernel and looks like cairo's own bilinear composite: over a
    /// background, clipped, with an element alpha.
    func testARotatedCardLooksAsCairoDrawsIt() throws {
        let img = try ImageSurface(contentsOfPNG: BrowserHarness.sampleLibrary + "/Gatos e Café/chelsea.png")
        let card = try CachedPhotoCard(.image(img), side: 100, deviceScale: 2)
        func render(viaCairo: Bool) throws -> ImageSurface {
            let out = try ImageSurface(pixelWidth: 300, pixelHeight: 300)
            let ctx = CairoContext(surface: out)
            ctx.clear(to: RGBA(0.16, 0.18, 0.22))
            ctx.scale(2, 2)
            ctx.newPath(); ctx.rectangle(CanvasRect(x: 10, y: 20, width: 120, height: 100)); ctx.clip()
            ctx.translate(75.3, 74.8); ctx.rotate(0.07)
            if viaCairo {
                ctx.scale(1.05 / 2, 1.05 / 2)
                let half = Double(card.surface.pixelWidth) / 2
                ctx.setSource(card.surface, x: -half, y: -half, filter: .bilinear)
                ctx.paint(alpha: 0.8)
            } else {
                card.draw(in: ctx, centerX: 0, centerY: 0, scale: 1.05, alpha: 0.8)
            }
            return out
        }
        let a = try render(viaCairo: true), b = try render(viaCairo: false)
        var worst = 0
        for y in 0..<300 {
            for x in 0..<300 {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 4, "largest channel difference over an opaque background")
        XCTAssertEqual(b.pixel(x: 5, y: 100).r, a.pixel(x: 5, y: 100).r, "outside the clip: background")
    }

    /// Pixels whose centres an occluding quad covers are left transparent and not sampled; every other pixel is
    /// exactly what the plain kernel gives.
    func testOccludedPixelsAreSkippedAndTheRestIsUnchanged() throws {
        let src = try card()
        let half = Double(src.pixelWidth) / 2
        let inv = inverse(cx: 100.3, cy: 99.6, rotation: 0.3, scale: 1.2, half: half)
        let plain = try ImageSurface(pixelWidth: 200, pixelHeight: 200)
        XCTAssertTrue(plain.resample(src, inverse: inv, x0: 0, y0: 0, x1: 200, y1: 200))
        // A rotated square and a thin sliver crossing it, as cards drawn later would cover.
        let a = DeviceQuad(CanvasRect(x: -40, y: -40, width: 80, height: 80),
                           through: (cos(0.2), sin(0.2), -sin(0.2), cos(0.2), 90.5, 110.25))
        let b = DeviceQuad(CanvasRect(x: 0, y: 0, width: 150, height: 6), through: (1, 0, 0, 1, 20.3, 60.7))
        let occluded = try ImageSurface(pixelWidth: 200, pixelHeight: 200)
        var sampled: Int64 = 0
        XCTAssertTrue(occluded.resample(src, inverse: inv, x0: 0, y0: 0, x1: 200, y1: 200, occluders: [a, b], sampled: &sampled))
        /// Inside the convex quad: on the inner side of every edge (corners in order, either orientation).
        func inside(_ q: DeviceQuad, _ x: Double, _ y: Double) -> Bool {
            var sign = 0.0
            for i in 0..<4 {
                let p = q.points[i], n = q.points[(i + 1) % 4]
                let cross = (n.x - p.x) * (y - p.y) - (n.y - p.y) * (x - p.x)
                if abs(cross) < 1e-9 { continue }
                if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            }
            return true
        }
        var covered = 0, mismatches = 0
        plain.withPixelBytes { p in
            occluded.withPixelBytes { o in
                for y in 0..<200 {
                    for x in 0..<200 {
                        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                        let off = y * plain.stride + x * 4
                        let pv = p.load(fromByteOffset: off, as: UInt32.self), ov = o.load(fromByteOffset: off, as: UInt32.self)
                        if inside(a, cx, cy) || inside(b, cx, cy) {
                            covered += 1
                            if ov != 0 { mismatches += 1 }
                        } else if pv != ov {
                            mismatches += 1
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(covered, 6_000, "the quads cover part of the rectangle")
        XCTAssertEqual(mismatches, 0, "covered pixels transparent, the others as the plain kernel gives them")
        XCTAssertEqual(sampled, Int64(200 * 200 - covered), "only the uncovered pixels are sampled")
        // A quad with a corner that is not a number hides nothing.
        var all: Int64 = 0
        XCTAssertTrue(occluded.resample(src, inverse: inv, x0: 0, y0: 0, x1: 10, y1: 10,
                                        occluders: [DeviceQuad(CanvasRect(x: 0, y: 0, width: .nan, height: 5), through: (1, 0, 0, 1, 0, 0))],
                                        sampled: &all))
        XCTAssertEqual(all, 100)
    }

    /// The nearest-texel kernel (a card scaling while a stack lifts): each pixel is the source texel under its centre
    /// (transparent outside the source), covered pixels transparent and not sampled; maps that rotate are refused.
    func testNearestKernelTakesTheTexelUnderEachPixelCentre() throws {
        let src = try card()
        let half = Double(src.pixelWidth) / 2
        let inv = inverse(cx: 100.3, cy: 99.6, rotation: 0, scale: 1.037, half: half)
        let dst = try ImageSurface(pixelWidth: 200, pixelHeight: 200)
        CairoContext(surface: dst).clear(to: RGBA(1, 0, 0))
        let quad = DeviceQuad(CanvasRect(x: -30, y: -30, width: 60, height: 60), through: (cos(0.1), sin(0.1), -sin(0.1), cos(0.1), 100, 100))
        var sampled: Int64 = 0
        XCTAssertTrue(dst.resample(src, inverse: inv, x0: 0, y0: 0, x1: 200, y1: 200, occluders: [quad], nearest: true, sampled: &sampled))
        var mismatches = 0, covered = 0, inside = 0
        func texel(_ sx: Double, _ sy: Double, _ s: UnsafeRawBufferPointer) -> UInt32 {
            let ix = Int(sx.rounded(.down)), iy = Int(sy.rounded(.down))
            guard ix >= 0, iy >= 0, ix < src.pixelWidth, iy < src.pixelHeight else { return 0 }
            return s.load(fromByteOffset: iy * src.stride + ix * 4, as: UInt32.self)
        }
        src.withPixelBytes { s in
            dst.withPixelBytes { d in
                for y in 0..<200 {
                    for x in 0..<200 {
                        let v = d.load(fromByteOffset: y * dst.stride + x * 4, as: UInt32.self)
                        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                        if quad.containsCentre(cx, cy) {
                            covered += 1
                            if v != 0 { mismatches += 1 }
                            continue
                        }
                        let sx = inv.a * cx + inv.tx, sy = inv.d * cy + inv.ty
                        if sx >= 0 && sy >= 0 && sx < Double(src.pixelWidth) && sy < Double(src.pixelHeight) { inside += 1 }
                        // Fixed-point stepping may fall on the other side of a texel edge it passes within 1/100 of.
                        if ![0, -0.01, 0.01].contains(where: { texel(sx + $0, sy, s) == v }) { mismatches += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(covered, 3_000)
        XCTAssertGreaterThan(inside, 10_000)
        XCTAssertEqual(mismatches, 0, "each pixel the texel under its centre, covered ones transparent")
        XCTAssertEqual(sampled, Int64(inside), "only the uncovered pixels inside the source are sampled")
        let rotated = inverse(cx: 100, cy: 100, rotation: 0.05, scale: 1.0, half: half)
        XCTAssertFalse(dst.resample(src, inverse: rotated, x0: 0, y0: 0, x1: 10, y1: 10, nearest: true), "rotation refused")
    }
}

private extension DeviceQuad {
    /// True when (x, y) is on the inner side of every edge (corners in order, either orientation).
    func containsCentre(_ x: Double, _ y: Double) -> Bool {
        var sign = 0.0
        for i in 0..<4 {
            let p = points[i], n = points[(i + 1) % 4]
            let cross = (n.x - p.x) * (y - p.y) - (n.y - p.y) * (x - p.x)
            if abs(cross) < 1e-9 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }
}
