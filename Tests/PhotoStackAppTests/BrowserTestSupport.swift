import Foundation
import PhotoPipeline
import StackEngine
import X11Host
import XCTest
@testable import PhotoStackApp

/// Headless drivers for the album browser: a manual clock, synthetic host events, the sample library.
enum BrowserTestSupport {
    /// assets/library of this repository.
    static var sampleLibrary: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets/library").path
    }

    /// A browser on `root` (scanned synchronously, no disk thumbnail cache), sized to `width` × `height`.
    static func browser(root: String = sampleLibrary, width: Double = 1280, height: Double = 800,
                        clock: ManualClock) -> BrowserScreen {
        let b = BrowserScreen.make(root: PhotoPath(root), clock: clock, synchronousScan: true,
                                   pipeline: ThumbnailPipeline(diskCache: nil))
        b.images.logsFailures = false
        b.resize(width: width, height: height, scale: 1, at: clock.now)
        b.update(at: clock.now)
        return b
    }

    static func click(_ s: Screen, x: Double, y: Double, clock: ManualClock, button: PointerButton = .left) {
        _ = s.handle(.pointerMoved(x: x, y: y, modifiers: [], time: clock.now), at: clock.now)
        _ = s.handle(.pointerDown(PointerEvent(button: button, x: x, y: y, time: clock.now)), at: clock.now)
        clock.advance(by: 0.05)
        _ = s.handle(.pointerUp(PointerEvent(button: button, x: x, y: y, time: clock.now)), at: clock.now)
    }

    static func key(_ s: Screen, _ key: Key, clock: ManualClock, modifiers: Modifiers = []) {
        _ = s.handle(.key(KeyEvent(key: key, keysymName: "", text: "", modifiers: modifiers, time: clock.now)), at: clock.now)
    }

    /// Steps 1/60 s frames until nothing animates (at most 10 s of app time).
    static func settle(_ s: Screen, clock: ManualClock) {
        var steps = 0
        repeat {
            clock.advance(by: 1.0 / 60)
            s.update(at: clock.now)
            steps += 1
        } while s.isAnimating && steps < 600
    }

    /// The centre of stack `section`'s top photo, in window points.
    static func stackCenter(_ b: BrowserScreen, section: Int) -> Point {
        let f = b.albums.stackLayout.frameForStack(section: section)
        let o = b.albums.collectionView.contentOffset
        return Point(x: f.midX - o.x, y: f.midY - o.y)
    }
}

extension XCTestCase {
    /// Waits (on the wake signal, no sleeping) until the browser's visible photos have loaded or failed.
    func waitUntilReady(_ b: BrowserScreen, timeout: Double = 20, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(timeout)
        while !b.isReadyForSnapshot {
            guard Date() < deadline else { return XCTFail("photos did not load in \(timeout) s", file: file, line: line) }
            let woke = expectation(description: "loader woke the host")
            woke.assertForOverFulfill = false
            b.images.wakeSignal.connect { woke.fulfill() }
            wait(for: [woke], timeout: max(0.1, deadline.timeIntervalSinceNow))
        }
    }
}
