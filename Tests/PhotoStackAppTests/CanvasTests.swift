import Canvas
import Foundation
import XCTest

/// The Cairo/Pango wrappers and the card renderer, checked on real pixels.
final class CanvasTests: XCTestCase {
    func testARGBBufferCopyKeepsPixelsAndStride() throws {
        // 2×2 pixels with a padded stride of 12 bytes: red, green / blue, half-transparent white.
        var bytes = [UInt8](repeating: 0xEE, count: 24)
        func put(_ x: Int, _ y: Int, _ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { for i in 0..<4 { bytes[y * 12 + x * 4 + i] = $0[i] } } }
        put(0, 0, 0xFFFF_0000); put(1, 0, 0xFF00_FF00); put(0, 1, 0xFF00_00FF); put(1, 1, 0x8080_8080)
        let s = try bytes.withUnsafeBytes { try ImageSurface(copyingARGB32: $0, width: 2, height: 2, stride: 12) }
        XCTAssertEqual(s.pixel(x: 0, y: 0).r, 255)
        XCTAssertEqual(s.pixel(x: 1, y: 0).g, 255)
        XCTAssertEqual(s.pixel(x: 0, y: 1).b, 255)
        XCTAssertEqual(s.pixel(x: 1, y: 1).a, 0x80)
        XCTAssertEqual(s.pixel(x: 1, y: 1).r, 255, "premultiplied 0x80 at alpha 0x80 is white")
        XCTAssertThrowsError(try bytes.withUnsafeBytes { try ImageSurface(copyingARGB32: $0, width: 4, height: 2, stride: 12) })
    }

    func testPNGRoundTrip() throws {
        let s = try ImageSurface(pixelWidth: 5, pixelHeight: 3)
        CairoContext(surface: s).clear(to: RGBA(0, 0, 1))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rt-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try s.writePNG(to: path)
        let back = try ImageSurface(contentsOfPNG: path)
        XCTAssertEqual(back.pixelWidth, 5)
        XCTAssertEqual(back.pixel(x: 4, y: 2).b, 255)
    }

    func testPhotoCardHasWhiteBorderPhotoInsideAndShadowBelow() throws {
        let photo = try ImageSurface(pixelWidth: 40, pixelHeight: 20)
        CairoContext(surface: photo).clear(to: RGBA(1, 0, 0))
        let target = try ImageSurface(pixelWidth: 120, pixelHeight: 120)
        let ctx = CairoContext(surface: target)
        ctx.clear(to: RGBA(0, 0, 1))
        PhotoCardRenderer().draw(.image(photo), in: ctx, centerX: 60, centerY: 60, side: 80)
        let border = target.pixel(x: 21, y: 60)  // 1 pt inside the left edge (x = 20)
        XCTAssertGreaterThan(border.g, 240, "3 pt white border")
        let inside = target.pixel(x: 60, y: 60)
        XCTAssertEqual(inside.r, 255); XCTAssertLessThan(inside.g, 10, "aspect-filled photo fills the middle")
        let corner = target.pixel(x: 25, y: 25)
        XCTAssertEqual(corner.r, 255, "aspect fill covers the corners too (no letterbox)")
        let shadow = target.pixel(x: 60, y: 101)  // just below the bottom edge (y = 100), shadow offset 2
        let background = target.pixel(x: 60, y: 115)
        XCTAssertLessThan(shadow.b, background.b, "shadow darkens below the card")
    }

    func testCachedCardMatchesDirectDrawing() throws {
        func render(_ draw: (CairoContext) throws -> Void) throws -> ImageSurface {
            let s = try ImageSurface(pixelWidth: 100, pixelHeight: 100)
            let c = CairoContext(surface: s)
            c.clear(to: RGBA(0.2, 0.2, 0.2))
            try draw(c)
            return s
        }
        let direct = try render { PhotoCardRenderer().draw(.loading, in: $0, centerX: 50, centerY: 50, side: 60) }
        let cached = try render { try CachedPhotoCard(.loading, side: 60, deviceScale: 1).draw(in: $0, centerX: 50, centerY: 50) }
        for (x, y) in [(50, 50), (21, 50), (50, 21), (50, 82), (10, 10)] {
            let a = direct.pixel(x: x, y: y), b = cached.pixel(x: x, y: y)
            XCTAssertEqual(Int(a.r), Int(b.r), accuracy: 2, "(\(x), \(y))")
            XCTAssertEqual(Int(a.b), Int(b.b), accuracy: 2, "(\(x), \(y))")
        }
    }

    func testTextLayoutEllipsizesAndDetectsRightToLeft() {
        let long = TextLayout(text: "A very long album name that cannot fit", font: "Sans Bold 13", width: 80, alignment: .center, ellipsize: true)
        XCTAssertTrue(long.isEllipsized)
        XCTAssertLessThanOrEqual(long.inkExtent.width, 81)
        let short = TextLayout(text: "Sea", font: "Sans Bold 13", width: 200, alignment: .center, ellipsize: true)
        XCTAssertFalse(short.isEllipsized)
        XCTAssertGreaterThan(short.inkExtent.x, 80, "centred within the 200 pt width")
        XCTAssertTrue(TextLayout(text: "عطلة الصيف", font: "Sans 13").isRightToLeft)
        XCTAssertFalse(TextLayout(text: "Берлин", font: "Sans 13").isRightToLeft)
        XCTAssertEqual(TextLayout(text: "Hg", font: "Sans 13").size.height, 13 * 1.2, accuracy: 5, "font size is in points")
    }

    /// A Hebrew or Arabic file name inside an interface sentence: isolated, the sentence keeps its order (the
    /// name on the left, the counter on its right); not isolated, the name turns the whole line around.
    func testAnIsolatedRightToLeftNameKeepsTheSentenceInOrder() {
        for name in ["שלום.jpg", "بحر-1.jpg", "\u{202E}gpj.exe"] {
            let tail = "   ·   3 / 12"
            let isolated = TextLayout.isolated(name) + tail
            let layout = TextLayout(text: isolated, font: "Sans 12", direction: .leftToRight)
            let nameX = layout.characterExtent(utf8Offset: TextLayout.isolated("").utf8.count / 2 + name.utf8.count / 2)
            let threeX = layout.characterExtent(utf8Offset: isolated.utf8.count - " / 12".utf8.count - 1)
            XCTAssertGreaterThan(threeX.minX, nameX.maxX, "\(name): the counter after the name")
            let counterX = layout.characterExtent(utf8Offset: isolated.utf8.count - 1).minX
            XCTAssertGreaterThan(counterX, threeX.maxX, "\(name): 3 / 12 reads left to right")
            if name.unicodeScalars.first!.value != 0x202E {
                let plain = name + tail
                let scrambled = TextLayout(text: plain, font: "Sans 12")
                XCTAssertLessThan(scrambled.characterExtent(utf8Offset: plain.utf8.count - " / 12".utf8.count - 1).minX,
                                  scrambled.characterExtent(utf8Offset: 0).minX, "\(name): without isolation the counter moves to the left")
            }
        }
    }
}
