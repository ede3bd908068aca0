import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Libraries, browsers and input for the zoom tests (issue 14, items 1–2).
enum ZoomTestSupport {
    /// A library of `albums` folders of `photos` symbolic links each to sample photos, removed after the test.
    static func library(albums: Int, photos: Int, in test: XCTestCase) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-zoom-\(UUID().uuidString)").path
        let sample = BrowserHarness.sampleLibrary
        let targets = ["Geometry/pattern-1.jpg", "Geometry/pattern-2.jpg", "Summer Holidays/sunset-1.jpg"]
            .map { (sample as NSString).appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0) }
        let fallback = (sample as NSString).appendingPathComponent("Geometry/pattern-1.jpg")
        for a in 0..<albums {
            let album = (root as NSString).appendingPathComponent(String(format: "Album %03d", a))
            try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
            for i in 0..<photos {
                let target = targets.isEmpty ? fallback : targets[(a + i) % targets.count]
                try FileManager.default.createSymbolicLink(atPath: (album as NSString).appendingPathComponent(String(format: "p%04d.jpg", i)),
                                                           withDestinationPath: target)
            }
        }
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        return root
    }

    /// A browser on `root` whose photos load at once (grey 4×4 images).
    static func browser(root: String, width: Double = 1920, height: Double = 1080, scale: Double = 1) -> BrowserHarness {
        BrowserHarness(root: root, width: width, height: height, scale: scale) { post in
            PhotoService(post: post, workerCount: 1) { _ in AlbumLoadPriorityTests.grayImage }
        }
    }

    /// One 1/60 s frame without drawing (drawing a desktop-sized window in a debug build costs much and changes
    /// nothing the zoom tests look at).
    static func step(_ h: BrowserHarness, advance seconds: Double = 1.0 / 60) {
        h.clock.advance(by: seconds)
        h.update()
    }

    /// Steps frames (without drawing) until the shown screen's elements and content offset rest (at most 10 s of
    /// app time); the scroll indicators may still be fading.
    static func settle(_ h: BrowserHarness) {
        var steps = 0
        repeat { step(h); steps += 1 } while moving(h) && steps < 600
    }

    /// True while the shown screen's elements or content offset move (not counting the scroll indicators' fade).
    static func moving(_ h: BrowserHarness) -> Bool {
        (h.browser.top as? CollectionScreen)?.collectionView.isAnimating ?? h.browser.isAnimating
    }

    /// One Ctrl+wheel notch (`notches` < 0: up, zoom in) or touchpad scroll (`precise`) at `point`.
    static func ctrlWheel(_ h: BrowserHarness, _ notches: Double, at point: Point, precise: Bool = false) {
        h.handle(.wheel(WheelEvent(deltaX: 0, deltaY: notches, isPrecise: precise, x: point.x, y: point.y,
                                   modifiers: .control, time: h.clock.now)))
    }

    /// A pinch phase at `point`.
    static func pinch(_ h: BrowserHarness, _ phase: PinchEvent.Phase, scale: Double, at point: Point) {
        h.handle(.pinch(PinchEvent(phase: phase, scale: scale, x: point.x, y: point.y, time: h.clock.now)))
    }

    /// The screen's `layout` facts from its state.
    static func layout(_ h: BrowserHarness) -> [String: StateValue] { h.browser.state().layout }

    static func int(_ h: BrowserHarness, _ key: String) -> Int? {
        if case .int(let v)? = layout(h)[key] { return v }
        return nil
    }

    static func double(_ h: BrowserHarness, _ key: String) -> Double? {
        switch layout(h)[key] {
        case .double(let v)?: return v
        case .int(let v)?: return Double(v)
        default: return nil
        }
    }

    /// What a zoom step did to the cell kept at the pointer: the greatest distance of its anchored point from the
    /// pointer's height over the frames, that distance at the end, and its horizontal path on screen.
    struct AnchorRun { var worstY = 0.0, lastY = 0.0, xs: [Double] = [] }

    /// Runs 1/120 s frames for `seconds` (events in `during` sent at the given frame numbers) and follows unit point
    /// `u` of `cell`'s presented frame on screen.
    static func follow(_ h: BrowserHarness, _ cv: CollectionView, cell: StackEngine.IndexPath, u: Point, pointer: Point,
                       seconds: Double, during: [Int: () -> Void] = [:]) throws -> AnchorRun {
        var r = AnchorRun()
        for frame in 0..<Int(seconds * 120) {
            during[frame]?()
            step(h, advance: 1.0 / 120)
            let f = try XCTUnwrap(cv.presentedAttributes(for: .cell(cell))?.frame, "the anchored cell stays live")
            let y = f.minY + u.y * f.height - cv.contentOffset.y
            r.lastY = abs(y - pointer.y)
            r.worstY = max(r.worstY, r.lastY)
            r.xs.append(f.minX + u.x * f.width - cv.contentOffset.x)
        }
        return r
    }

    /// The unit point of `pointer` (viewport points) in `cell`'s presented frame.
    static func unitPoint(_ cv: CollectionView, cell: StackEngine.IndexPath, pointer: Point) throws -> Point {
        let f = try XCTUnwrap(cv.presentedAttributes(for: .cell(cell))?.frame)
        let c = cv.contentPoint(fromViewport: pointer)
        return Point(x: (c.x - f.minX) / f.width, y: (c.y - f.minY) / f.height)
    }

    /// The largest frame-to-frame step of a path, points.
    static func largestStep(_ xs: [Double]) -> Double { zip(xs, xs.dropFirst()).map { abs($1 - $0) }.max() ?? 0 }
}
