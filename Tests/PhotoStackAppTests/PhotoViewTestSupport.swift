import Canvas
import Foundation
import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Helpers of the photo view's motion tests: libraries made for them, opening a photo, drags and touchpad swipes
/// as the window delivers them (one event per frame), and what the view presents.
enum PhotoViewTest {
    /// A library of one album "Many" holding `count` symbolic links to a 1024×683 sample photo, plus `extra` files
    /// written by the test (name → PNG surface).
    static func library(count: Int, extra: [String: ImageSurface] = [:], case test: XCTestCase) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-photoview-\(UUID().uuidString)").path
        let album = (root as NSString).appendingPathComponent("Many")
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        let target = (BrowserHarness.sampleLibrary as NSString).appendingPathComponent("Geometry/pattern-1.jpg")
        for i in 0..<count {
            try FileManager.default.createSymbolicLink(atPath: (album as NSString).appendingPathComponent(String(format: "p%04d.jpg", i)),
                                                       withDestinationPath: target)
        }
        for (name, surface) in extra { try surface.writePNG(to: (album as NSString).appendingPathComponent(name)) }
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        return root
    }

    /// A `width` × `height` pixel image with a few coloured bands (opaque).
    static func image(width: Int, height: Int) throws -> ImageSurface {
        let s = try ImageSurface(pixelWidth: width, pixelHeight: height)
        let ctx = CairoContext(surface: s)
        for i in 0..<4 {
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: Double(i * width / 4), y: 0, width: Double(width / 4 + 1), height: Double(height)))
            ctx.setColor(RGBA(Double(i) / 3, 0.5, 1 - Double(i) / 3))
            ctx.fill()
        }
        return s
    }

    /// Opens the first album's grid (Enter twice) and waits until it has settled and loaded.
    static func openGrid(_ h: BrowserHarness) throws -> AlbumScreen {
        h.key(.enter)
        h.key(.enter)
        h.settle()
        h.waitUntilReady()
        return try XCTUnwrap(h.browser.top as? AlbumScreen)
    }

    /// Opens photo `photo` of album `album` without a transition and waits until it rests, loaded.
    static func openPhoto(_ h: BrowserHarness, album: Int = 0, photo: Int = 0) throws -> PhotoScreen {
        h.browser.open(album: album, photo: photo)
        h.settle()
        let p = try XCTUnwrap(h.browser.top as? PhotoScreen)
        h.waitUntilReady()
        h.settle()
        return p
    }

    /// A drag from `from` by `delta` points in `steps` moves, one per frame (1/60 s), then `hold` seconds still,
    /// then the release; frames run throughout. Returns the pager offsets (x) seen after each move.
    @discardableResult
    static func drag(_ h: BrowserHarness, from: Point, by delta: Point, steps: Int, hold: Double = 0, release: Bool = true) -> [Double] {
        let b = h.browser
        var xs: [Double] = []
        _ = b.handle(.pointerDown(PointerEvent(button: .left, x: from.x, y: from.y, time: h.clock.now)), at: h.clock.now)
        for i in 1...steps {
            h.clock.advance(by: 1.0 / 60)
            let f = Double(i) / Double(steps)
            _ = b.handle(.pointerMoved(x: from.x + delta.x * f, y: from.y + delta.y * f, modifiers: [], time: h.clock.now), at: h.clock.now)
            h.update()
            h.draw()
            xs.append(pagerX(b))
        }
        var t = 0.0
        while t < hold - 1e-9 { h.frame(); t += 1.0 / 60 }
        if release {
            _ = b.handle(.pointerUp(PointerEvent(button: .left, x: from.x + delta.x, y: from.y + delta.y, time: h.clock.now)), at: h.clock.now)
        }
        return xs
    }

    /// The photo view's pager offset (x, points) in the state.
    static func pagerX(_ b: BrowserScreen) -> Double { b.state().contentOffset.x }

    /// The frame of photo `item` in the state's `visible` list (the carried photo's presented frame in a transition).
    static func frame(_ b: BrowserScreen, item: Int) -> Rect? {
        guard let v = b.state().visible.last(where: { $0.item == item }) else { return nil }
        return Rect(x: v.frame[0], y: v.frame[1], width: v.frame[2], height: v.frame[3])
    }

    /// A state `layout` number.
    static func number(_ b: BrowserScreen, _ key: String) -> Double? {
        switch b.state().layout[key] {
        case .int(let i)?: return Double(i)
        case .double(let d)?: return d
        default: return nil
        }
    }
}

extension BrowserHarness {
    /// Runs frames while `condition` holds (at most `limit`), returning the value `sample` gave after each.
    func frames<T>(while condition: () -> Bool, limit: Int = 600, sample: () -> T) -> [T] {
        var out: [T] = []
        while condition() && out.count < limit { frame(); out.append(sample()) }
        return out
    }
}
