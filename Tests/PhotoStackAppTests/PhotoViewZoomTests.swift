import Canvas
import Foundation
import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 14 item 4: zoom animates about the pointer (retargeted per notch, the image point under the pointer kept
/// throughout); a zoomed photo pans with momentum and rubber-bands at its edges; small photos show at 100 %, large
/// ones fitted, and a photo at rest is drawn from its rendering at the exact device size.
final class PhotoViewZoomTests: XCTestCase {
    /// 1024×683 photos in an 800×600 window: fitted (about 73 %).
    func harness(count: Int = 3, scale: Double = 1, extra: [String: ImageSurface] = [:], width: Double = 800,
                 height: Double = 600) throws -> BrowserHarness {
        BrowserHarness(root: try PhotoViewTest.library(count: count, extra: extra, case: self), width: width, height: height, scale: scale)
    }

    func ctrlWheel(_ h: BrowserHarness, notches: Double, at p: Point) {
        h.handle(.wheel(WheelEvent(deltaX: 0, deltaY: notches, isPrecise: false, x: p.x, y: p.y, modifiers: .control, time: h.clock.now)))
    }

    func testZoomAnimatesAboutThePointerAndRetargetsPerNotch() throws {
        let h = try harness()
        let photo = try PhotoViewTest.openPhoto(h)
        let r0 = photo.imageRect
        XCTAssertLessThan(PhotoViewTest.number(h.browser, "pixelScale") ?? 1, 0.8, "fitted")
        let u = Point(x: 0.3, y: 0.6)
        let anchor = Point(x: r0.minX + r0.width * u.x, y: r0.minY + r0.height * u.y)
        func pointUnder(_ r: Rect) -> Point { Point(x: r.minX + r.width * u.x, y: r.minY + r.height * u.y) }
        ctrlWheel(h, notches: -1, at: anchor)
        XCTAssertEqual(photo.zoom, 1, "nothing jumps when the notch comes")
        XCTAssertEqual(h.browser.state().layout["zoomTarget"], .double(1.25))
        var zooms: [Double] = []
        for i in 0..<40 {
            if i == 5 { ctrlWheel(h, notches: -1, at: anchor) }   // a second notch mid-way retargets
            h.frame()
            let r = photo.imageRect, p = pointUnder(r)
            XCTAssertEqual(p.x, anchor.x, accuracy: 1, "frame \(i): the image point stays under the pointer")
            XCTAssertEqual(p.y, anchor.y, accuracy: 1, "frame \(i): the image point stays under the pointer")
            zooms.append(photo.zoom)
        }
        XCTAssertGreaterThan(zooms[0], 1)
        XCTAssertLessThan(zooms[0], 1.25, "animated, not jumped")
        for (a, b) in zip(zooms, zooms.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b, a - 1e-9, "grows monotonically: \(zooms)")
            XCTAssertLessThan(b - a, 0.12, "no jump: \(zooms)")
        }
        h.settle()
        XCTAssertEqual(photo.zoom, 1.5625, accuracy: 1e-9)
        let p = pointUnder(photo.imageRect)
        XCTAssertEqual(p.x, anchor.x, accuracy: 1e-6)
        XCTAssertEqual(p.y, anchor.y, accuracy: 1e-6)
        // Keys zoom about the window's centre.
        let centre = Point(x: 400, y: 300), r1 = photo.imageRect
        let uc = Point(x: (centre.x - r1.minX) / r1.width, y: (centre.y - r1.minY) / r1.height)
        h.key(.plus)
        h.settle()
        let r2 = photo.imageRect
        XCTAssertEqual(r2.minX + r2.width * uc.x, centre.x, accuracy: 1e-6)
        XCTAssertEqual(r2.minY + r2.height * uc.y, centre.y, accuracy: 1e-6)
    }

    func testAZoomedPhotoPansWithMomentumAndComesBackInsideItsEdges() throws {
        let h = try harness()
        let photo = try PhotoViewTest.openPhoto(h)
        for _ in 0..<6 { h.key(.plus) }
        h.settle()
        XCTAssertEqual(photo.zoom, pow(1.25, 6), accuracy: 1e-9)
        let area = photo.area
        // A flick to the left: after the release the photo coasts on, runs past its right edge (the rubber band)
        // and comes back to rest exactly on it.
        let before = photo.imageRect
        PhotoViewTest.drag(h, from: Point(x: 600, y: 300), by: Point(x: -400, y: 0), steps: 4)
        let released = photo.imageRect
        XCTAssertLessThan(released.minX, before.minX - 200, "the photo followed the finger")
        let path = h.frames(while: { h.browser.isAnimating }) { photo.imageRect }
        XCTAssertGreaterThan(path.count, 10, "it coasts after the release")
        guard path.count > 10 else { return }
        XCTAssertLessThan(path[3].minX, released.minX - 20, "still moving left after the release")
        XCTAssertLessThan(path.map(\.maxX).min() ?? 0, area.maxX - 1, "past its right edge (rubber band)")
        let end = photo.imageRect
        XCTAssertEqual(end.maxX, area.maxX, accuracy: 0.5, "back on the edge")
        XCTAssertLessThanOrEqual(end.minX, area.minX, "still covering the area")
        XCTAssertLessThanOrEqual(end.minY, area.minY + 1e-9)
        XCTAssertGreaterThanOrEqual(end.maxY, area.maxY - 1e-9)
        // Dragged past an edge it resists, and springs back on release. First a slow drag down (released still: no
        // coasting) brings the top edge near, then a longer one pulls past it.
        PhotoViewTest.drag(h, from: Point(x: 400, y: 100), by: Point(x: 0, y: 400), steps: 20, hold: 0.1)
        h.settle()
        let top = photo.imageRect
        XCTAssertLessThan(top.minY, area.minY - 100, "the top edge is still above the area: \(top)")
        XCTAssertGreaterThan(top.minY, area.minY - 500)
        PhotoViewTest.drag(h, from: Point(x: 400, y: 40), by: Point(x: 0, y: 520), steps: 26, hold: 0.1, release: false)
        let pulled = photo.imageRect.minY - area.minY
        XCTAssertGreaterThan(pulled, 20, "pulled below its top edge")
        // The finger moved 520 − 3.5 (the drag slop) points; free content would be that far below where it was.
        XCTAssertLessThan(pulled, 516.5 - (area.minY - top.minY) - 20, "with resistance")
        h.handle(.pointerUp(PointerEvent(button: .left, x: 400, y: 500, time: h.clock.now)))
        h.settle()
        XCTAssertEqual(photo.imageRect.minY, area.minY, accuracy: 0.5)
        XCTAssertEqual(photo.zoom, pow(1.25, 6), accuracy: 1e-9, "panning does not zoom")
    }

    func testASmallPhotoShowsAt100PercentAndALargeOneFits() throws {
        let small = try PhotoViewTest.image(width: 300, height: 200)
        for scale in [1.0, 2.0] {
            let h = try harness(count: 1, scale: scale, extra: ["small.png": small])
            let photo = try PhotoViewTest.openPhoto(h, photo: 1)
            XCTAssertEqual(photo.photo.displayName, "small.png")
            XCTAssertEqual(photo.imageRect.width, 300 / scale, accuracy: 1e-9, "one image pixel per device pixel at scale \(scale)")
            XCTAssertEqual(photo.imageRect.height, 200 / scale, accuracy: 1e-9)
            XCTAssertEqual(PhotoViewTest.number(h.browser, "pixelScale") ?? 0, 1, accuracy: 1e-9)
            h.key(.left)
            h.settle()
            h.waitUntilReady()
            XCTAssertEqual(photo.index, 0)
            let r = photo.imageRect
            if scale == 1 {
                // 1024×683 pixels in a 752×524 pt area: fitted, below 100 %.
                XCTAssertEqual(max(r.width / photo.area.width, r.height / photo.area.height), 1, accuracy: 0.01, "the large one fits")
                XCTAssertLessThan(r.width * scale, 1024)
            } else {
                // At 2 device pixels per point the same photo is smaller than the area: 100 %, not enlarged to fit.
                XCTAssertEqual(r.width * scale, 1024, accuracy: 1e-9, "not upscaled past 100 % at scale \(scale)")
                XCTAssertEqual(PhotoViewTest.number(h.browser, "pixelScale") ?? 0, 1, accuracy: 1e-9)
            }
        }
    }

    func testAPhotoAtRestIsItsRenderingAtTheExactDeviceSize() throws {
        let h = try harness(count: 2)
        let photo = try PhotoViewTest.openPhoto(h)
        let r = photo.imageRect
        let (key, _) = try XCTUnwrap(photo.renderingRequest(for: 0), "a 1024 px photo shown smaller needs a rendering")
        let rendering = try XCTUnwrap(h.browser.photos.renderings.rendering(key), "made before the view is ready")
        XCTAssertEqual(Double(rendering.pixelWidth), r.width, accuracy: 1e-9)
        XCTAssertEqual(Double(rendering.pixelHeight), r.height, accuracy: 1e-9)
        let window = h.draw()
        // One pixel-aligned copy: the window's pixels are the rendering's.
        for (x, y) in [(0, 0), (rendering.pixelWidth / 2, rendering.pixelHeight / 3), (rendering.pixelWidth - 1, rendering.pixelHeight - 1)] {
            let a = window.pixel(x: Int(r.minX) + x, y: Int(r.minY) + y), b = rendering.pixel(x: x, y: y)
            XCTAssertEqual([a.r, a.g, a.b], [b.r, b.g, b.b], "pixel (\(x), \(y))")
        }
        // The neighbour's rendering is made too, so a slide copies pixels.
        let (next, _) = try XCTUnwrap(photo.renderingRequest(for: 1))
        XCTAssertTrue(h.wait(timeout: 10) { h.browser.photos.renderings.rendering(next) != nil }, "the neighbour's rendering")
    }

    func testAZoomedPhotoSlidingAwayGoesBackToItsDefaultViewOnTheWay() throws {
        let h = try harness()
        let b = h.browser
        let photo = try PhotoViewTest.openPhoto(h)
        for _ in 0..<4 { h.key(.plus) }
        h.settle()
        XCTAssertEqual(photo.zoom, pow(1.25, 4), accuracy: 1e-9)
        h.key(.right)
        XCTAssertEqual(photo.index, 1)
        XCTAssertEqual(photo.zoom, 1, "the photo coming in is at its default view")
        // The leaving photo's zoom (its `scale` in the state) falls while it slides out.
        let scales = h.frames(while: { b.isAnimating }) { b.state().visible.first { $0.item == 0 }?.scale }.compactMap { $0 }
        XCTAssertGreaterThan(scales.count, 3)
        for (a, c) in zip(scales, scales.dropFirst()) { XCTAssertLessThanOrEqual(c, a + 1e-9, "\(scales)") }
        XCTAssertLessThan(scales.last ?? 9, pow(1.25, 4) - 0.5, "it shrinks on the way out: \(scales)")
        h.key(.left)
        h.settle()
        XCTAssertEqual(photo.index, 0)
        XCTAssertEqual(photo.zoom, 1, accuracy: 1e-9, "back at its default view")
        XCTAssertEqual(photo.imageRect.width, photo.restSize(of: 0).width, accuracy: 1e-9)
    }

    /// A touchpad pinch zooms the photo view too: the spread multiplies the zoom the pinch began with, about the
    /// fingers' centre.
    func testAPinchZoomsAboutItsCentre() throws {
        let h = try harness()
        let photo = try PhotoViewTest.openPhoto(h)
        let r0 = photo.imageRect
        let centre = Point(x: r0.minX + r0.width * 0.25, y: r0.minY + r0.height * 0.4)
        func pinch(_ phase: PinchEvent.Phase, _ scale: Double) {
            h.handle(.pinch(PinchEvent(phase: phase, scale: scale, x: centre.x, y: centre.y, time: h.clock.now)))
        }
        pinch(.began, 1)
        pinch(.changed, 1.5)
        h.frame()
        pinch(.changed, 2)
        pinch(.ended, 2)
        h.settle()
        XCTAssertEqual(photo.zoom, 2, accuracy: 1e-9)
        let r = photo.imageRect
        XCTAssertEqual(r.minX + r.width * 0.25, centre.x, accuracy: 1e-6, "the point between the fingers stays there")
        XCTAssertEqual(r.minY + r.height * 0.4, centre.y, accuracy: 1e-6)
    }
}
