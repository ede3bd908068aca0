import XCTest
@testable import PhotoPipeline

/// `PixelImage.downscaled` (C box filter) against a plain Swift area average: must be identical.
final class DownscaleTests: XCTestCase {
    /// Straightforward area average: output (ox, oy) = rounded per-channel mean of its source box.
    func reference(_ image: PixelImage, outW: Int, outH: Int) -> [UInt32] {
        let w = image.width, h = image.height
        var out = [UInt32](repeating: 0, count: outW * outH)
        for oy in 0..<outH {
            let y0 = oy * h / outH, y1 = max(y0 + 1, (oy + 1) * h / outH)
            for ox in 0..<outW {
                let x0 = ox * w / outW, x1 = max(x0 + 1, (ox + 1) * w / outW)
                var sums = [0, 0, 0, 0]
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let p = image.pixel(x: x, y: y)
                        for c in 0..<4 { sums[c] += Int(p >> UInt32(24 - 8 * c) & 0xFF) }
                    }
                }
                let n = (y1 - y0) * (x1 - x0)
                var p: UInt32 = 0
                for c in 0..<4 { p |= UInt32((sums[c] + n / 2) / n) << UInt32(24 - 8 * c) }
                out[oy * outW + ox] = p
            }
        }
        return out
    }

    func randomImage(width: Int, height: Int, seed: UInt64) -> PixelImage {
        var state = seed
        return PixelImage(width: width, height: height) { _, _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let a = UInt32(truncatingIfNeeded: state >> 56)
            let r = UInt32(truncatingIfNeeded: state >> 40) & 0xFF, g = UInt32(truncatingIfNeeded: state >> 24) & 0xFF
            let b = UInt32(truncatingIfNeeded: state >> 8) & 0xFF
            // Premultiplied: colour channels never above alpha.
            return a << 24 | min(r, a) << 16 | min(g, a) << 8 | min(b, a)
        }
    }

    func testBoxDownscaleMatchesTheReferenceExactly() {
        // Thumbnail ratio (750×500 → 512), odd ratios, a 1-px side, and boxes over 256 pixels (division path).
        let cases: [(Int, Int, Int)] = [(750, 500, 512), (375, 250, 256), (101, 37, 64), (37, 101, 10),
                                        (640, 1, 100), (1, 300, 7), (900, 600, 20), (97, 89, 96)]
        for (i, (w, h, side)) in cases.enumerated() {
            let image = randomImage(width: w, height: h, seed: UInt64(i + 1))
            let scaled = image.downscaled(toLongestSide: side)
            XCTAssertLessThanOrEqual(scaled.longestSide, side)
            let expected = reference(image, outW: scaled.width, outH: scaled.height)
            var mismatches = 0
            for y in 0..<scaled.height {
                for x in 0..<scaled.width where scaled.pixel(x: x, y: y) != expected[y * scaled.width + x] { mismatches += 1 }
            }
            XCTAssertEqual(mismatches, 0, "\(w)×\(h) → \(scaled.width)×\(scaled.height)")
        }
    }

    func testSmallEnoughImageIsReturnedAsIs() {
        let image = randomImage(width: 40, height: 30, seed: 9)
        XCTAssertTrue(image.downscaled(toLongestSide: 40) === image)
    }

    /// A 1200×800 JPEG with detail everywhere (so box averaging differences would show).
    func detailedJPEG(orientation: Int? = nil) throws -> [UInt8] {
        let w = 1200, h = 800
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 3
                rgb[i] = UInt8((x * 7 + y * 3) & 0xFF); rgb[i + 1] = UInt8((x ^ y) & 0xFF); rgb[i + 2] = UInt8((x * y / 97) & 0xFF)
            }
        }
        let app1 = orientation.map { TestImages.exifPayload(orientation: $0) }
        return try XCTUnwrap(JPEGCodec.encode(pixels: rgb, width: w, height: h, app1: app1))
    }

    func testDecodeWithDownscaleEqualsDecodeThenDownscale() throws {
        let jpeg = try detailedJPEG()
        let decoder = ImageDecoder()
        for side in [512, 256, 200, 300] {
            let separate = try decoder.decode(bytes: jpeg, targetSize: side).image.downscaled(toLongestSide: side)
            let fused = try decoder.decode(bytes: jpeg, targetSize: side, downscaleTo: side)
            XCTAssertEqual(fused.image.width, separate.width)
            XCTAssertEqual(fused.image.height, separate.height)
            XCTAssertEqual(fused.originalWidth, 1200)
            var mismatches = 0
            for y in 0..<separate.height {
                for x in 0..<separate.width where fused.image.pixel(x: x, y: y) != separate.pixel(x: x, y: y) { mismatches += 1 }
            }
            XCTAssertEqual(mismatches, 0, "side \(side)")
        }
        // Already small enough: returned as decoded (1/4 scale of 1200 = 300 ≤ 320).
        let small = try decoder.decode(bytes: jpeg, targetSize: 300, downscaleTo: 320)
        XCTAssertEqual(small.image.longestSide, 300)
    }

    func testDownscaledDecodeOfARotatedPhotoIsTheSameAsBefore() throws {
        // Orientation 6 (90° CW): downscaled after the rotation, as `downscaled(toLongestSide:)` does.
        let jpeg = try detailedJPEG(orientation: 6)
        let decoder = ImageDecoder()
        let separate = try decoder.decode(bytes: jpeg, targetSize: 512).image.downscaled(toLongestSide: 512)
        let fused = try decoder.decode(bytes: jpeg, targetSize: 512, downscaleTo: 512).image
        XCTAssertEqual(fused.width, separate.width)
        XCTAssertEqual(fused.height, separate.height)
        XCTAssertGreaterThan(fused.height, fused.width)
        var mismatches = 0
        for y in 0..<fused.height {
            for x in 0..<fused.width where fused.pixel(x: x, y: y) != separate.pixel(x: x, y: y) { mismatches += 1 }
        }
        XCTAssertEqual(mismatches, 0)
    }
}
