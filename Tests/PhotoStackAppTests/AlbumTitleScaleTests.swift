import Canvas
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Album titles drawn scaled while their stacks change size: each frame's scale would be a new font that Pango and
/// cairo keep, so the title is drawn once at rest into an image and that is scaled (the soak test's heap grew
/// ~5 MB a minute from this).
final class AlbumTitleScaleTests: XCTestCase {
    private func title(_ text: String = "Holidays/2025 — Praia do Norte") -> AlbumTitleView {
        let v = AlbumTitleView()
        v.text = text
        return v
    }

    private func drawn(_ view: AlbumTitleView, scale k: Double, deviceScale: Double = 1) throws -> ImageSurface {
        let s = try ImageSurface(pixelWidth: Int(320 * deviceScale), pixelHeight: Int(40 * deviceScale))
        let ctx = CairoContext(surface: s)
        ctx.clear(to: RGBA(0.2, 0.3, 0.4))
        ctx.scale(deviceScale, deviceScale)
        view.drawScale = k
        view.draw(in: ctx, size: Size(width: 300 * k, height: 30), deviceScale: deviceScale)
        return s
    }

    func testAReflowsFramesDoNotMakeANewFontEach() throws {
        let view = title()
        _ = try drawn(view, scale: 1)
        _ = try drawn(view, scale: 0.61)
        _ = SystemMemory.returnFreeHeap()
        let before = SystemMemory.heapInUseBytes
        for i in 0..<300 { _ = try drawn(view, scale: 0.6 + Double(i) / 750) }
        _ = SystemMemory.returnFreeHeap()
        let grown = SystemMemory.heapInUseBytes - before
        // Text laid out at each scale: +15 MB over these 300 frames (fonts kept by Pango and cairo).
        XCTAssertLessThan(grown, 2 << 20, "heap grew \(grown / 1024) KB over 300 frames of a reflow")
    }

    func testTheScaledImageLooksLikeTheTextDrawnAtThatScale() throws {
        for (k, deviceScale) in [(0.8, 1.0), (1.25, 1.0), (0.7, 2.0)] {
            let view = title()
            let fromImage = try drawn(view, scale: k, deviceScale: deviceScale)
            XCTAssertNotNil(view.image, "scaled: drawn from the image")
            // The reference: the same layout drawn directly under the scale.
            let reference = try ImageSurface(pixelWidth: fromImage.pixelWidth, pixelHeight: fromImage.pixelHeight)
            let ctx = CairoContext(surface: reference)
            ctx.clear(to: RGBA(0.2, 0.3, 0.4))
            ctx.scale(deviceScale, deviceScale)
            let l = view.textLayout(width: 300)
            ctx.translate(300 * k / 2, 15)
            ctx.scale(k, k)
            ctx.translate(-150, -l.size.height / 2)
            l.draw(in: ctx, x: 0, y: 0, color: .white, shadowColor: AlbumTitleView.shadowColor, shadowOffset: (0, 1))
            let blank = try drawn(title(""), scale: k, deviceScale: deviceScale)

            let a = try XCTUnwrap(ink(of: fromImage, over: blank)), b = try XCTUnwrap(ink(of: reference, over: blank))
            // Pango hints the text for the size it is laid out at, so glyph advances differ a little from the text
            // laid out at the frame's scale; the ink must still cover the same box and be as heavy.
            let w = Double(b.maxX - b.minX), tol = 0.03 * w + 2 * deviceScale
            XCTAssertEqual(Double(a.minX), Double(b.minX), accuracy: tol, "scale \(k) at \(deviceScale)")
            XCTAssertEqual(Double(a.maxX), Double(b.maxX), accuracy: tol, "scale \(k) at \(deviceScale)")
            XCTAssertEqual(Double(a.minY), Double(b.minY), accuracy: 2.5 * deviceScale, "scale \(k) at \(deviceScale)")
            XCTAssertEqual(Double(a.maxY), Double(b.maxY), accuracy: 2.5 * deviceScale, "scale \(k) at \(deviceScale)")
            XCTAssertEqual(Double(a.count), Double(b.count), accuracy: 0.15 * Double(b.count), "scale \(k) at \(deviceScale)")
        }
    }

    /// The box and number of pixels of `s` that differ from `blank` by more than 24 in a channel.
    private func ink(of s: ImageSurface, over blank: ImageSurface) -> (minX: Int, maxX: Int, minY: Int, maxY: Int, count: Int)? {
        var r: (minX: Int, maxX: Int, minY: Int, maxY: Int, count: Int)?
        for y in 0..<s.pixelHeight {
            for x in 0..<s.pixelWidth {
                let p = s.pixel(x: x, y: y), q = blank.pixel(x: x, y: y)
                guard max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) > 24 else { continue }
                if let o = r {
                    r = (min(o.minX, x), max(o.maxX, x), min(o.minY, y), max(o.maxY, y), o.count + 1)
                } else {
                    r = (x, x, y, y, 1)
                }
            }
        }
        return r
    }

    func testAtRestTheTextIsDrawnDirectly() throws {
        let view = title()
        _ = try drawn(view, scale: 0.8)
        XCTAssertNotNil(view.image)
        _ = try drawn(view, scale: 1, deviceScale: 2)
        XCTAssertNil(view.image, "at rest: exact text, and the image is let go")
    }
}
