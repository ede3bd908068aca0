import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// A browser driven the way the app's loop drives it: background results come through an inbox that wakes the
/// harness (`deliver` takes them, as the first phase of a loop turn), time is a manual clock, frames are drawn
/// into an image surface. No sleeping: waits block on the inbox's wake-up with a deadline.
final class BrowserHarness {
    let clock = ManualClock()
    let inbox = Inbox<AppMessage>()
    let host: HeadlessHost
    let browser: BrowserScreen
    let width: Double, height: Double

    /// assets/library of this repository.
    static var sampleLibrary: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets/library").path
    }

    /// A browser on `root` whose every photo loads as the same 32×24 gradient (no decoding), with a surface budget of
    /// `surfaceCapacity` bytes: for tests of what the caches keep.
    static func gradientPhotos(root: String, width: Double = 1280, height: Double = 800, surfaceCapacity: Int) -> BrowserHarness {
        BrowserHarness(root: root, width: width, height: height) { post in
            PhotoService(post: post, workerCount: 2, surfaceCapacity: surfaceCapacity) { _ in
                .success(LoadedImage(image: PixelImage(width: 32, height: 24) { x, _ in 0xFF00_0000 | UInt32(x * 8) },
                                     source: .decode, originalWidth: 32, originalHeight: 24))
            }
        }
    }

    /// A browser on `root` (no disk thumbnail cache unless `pipeline` says otherwise), scanned, sized to
    /// `width` × `height` and updated once. `service`: a photo service of the test's own (its `post` must be
    /// `harness.post`: make it with `BrowserHarness.makeService`).
    init(root: String = BrowserHarness.sampleLibrary, width: Double = 1280, height: Double = 800, scale: Double = 1,
         pipeline: ThumbnailPipeline = ThumbnailPipeline(diskCache: nil),
         service: ((@escaping Post) -> PhotoService)? = nil) {
        self.width = width; self.height = height
        host = try! HeadlessHost(width: width, height: height, scale: scale, clock: clock)
        let inbox = self.inbox
        let post: Post = { inbox.post($0) }
        let photos = service?(post) ?? PhotoService(pipeline: pipeline, post: post)
        photos.logsFailures = false
        let library = LibraryModel(root: PhotoPath(root))
        library.start(post: post)
        browser = BrowserScreen(library: library, photos: photos, post: post)
        inbox.connect(wake: host.wake)
        browser.resize(width: width, height: height, scale: scale, at: clock.now)
        waitForScan()
        settle()   // the albums the scan found animate in
    }

    /// Takes what background work delivered (the first phase of a loop turn); true when something changed.
    @discardableResult
    func deliver() -> Bool {
        let m = inbox.take()
        return m.isEmpty ? false : browser.receive(m, at: clock.now)
    }

    /// Delivers results, then updates the browser to the clock's time (without drawing).
    func update() {
        deliver()
        browser.update(at: clock.now)
    }

    /// One frame: the clock moves `seconds`, results are delivered, the browser updates and draws.
    func frame(advance seconds: Double = 1.0 / 60) {
        clock.advance(by: seconds)
        update()
        draw()
    }

    /// Draws the browser into the host's surface (returned).
    @discardableResult
    func draw() -> ImageSurface {
        let ctx = CairoContext(surface: host.surface)
        ctx.scale(host.scale, host.scale)
        browser.draw(in: ctx, width: width, height: height, scale: host.scale)
        return host.surface
    }

    /// Steps 1/60 s frames until nothing animates (at most 10 s of app time).
    func settle() {
        var steps = 0
        repeat { frame(); steps += 1 } while browser.isAnimating && steps < 600
    }

    /// Waits (on the inbox's wake-up) until the scan has finished.
    func waitForScan(timeout: Double = 20) {
        let deadline = Date().addingTimeInterval(timeout)
        while browser.library.isScanning && Date() < deadline { host.waitForWake(timeout: 0.05); deliver() }
        browser.update(at: clock.now)
    }

    /// Waits (on the inbox's wake-up, no sleeping) until the browser's visible photos have loaded or failed;
    /// frames run (the clock moves) while something animates, as in the window.
    func waitUntilReady(timeout: Double = 20, file: StaticString = #filePath, line: UInt = #line) {
        if !wait(timeout: timeout, until: { browser.isReadyForSnapshot }) {
            XCTFail("photos did not load in \(timeout) s", file: file, line: line)
        }
    }

    /// Waits until `condition` holds, delivering results as they arrive and running frames while something
    /// animates. False when `timeout` seconds (wall time) passed first.
    func wait(timeout: Double = 20, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        update()
        while !condition() {
            guard Date() < deadline else { return false }
            if browser.isAnimating { frame(); continue }
            host.waitForWake(timeout: max(0.01, min(0.1, deadline.timeIntervalSinceNow)))
            update()
        }
        return true
    }

    func click(x: Double, y: Double, button: PointerButton = .left) {
        let b = browser
        _ = b.handle(.pointerMoved(x: x, y: y, modifiers: [], time: clock.now), at: clock.now)
        _ = b.handle(.pointerDown(PointerEvent(button: button, x: x, y: y, time: clock.now)), at: clock.now)
        clock.advance(by: 0.05)
        _ = b.handle(.pointerUp(PointerEvent(button: button, x: x, y: y, time: clock.now)), at: clock.now)
    }

    func key(_ key: Key, modifiers: Modifiers = []) {
        _ = browser.handle(.key(KeyEvent(key: key, keysymName: "", text: "", modifiers: modifiers, time: clock.now)), at: clock.now)
    }

    func handle(_ event: HostEvent) { _ = browser.handle(event, at: clock.now) }

    /// The centre of stack `section`'s top photo, in window points.
    func stackCenter(section: Int) -> Point {
        let f = browser.albums.stackLayout.frameForStack(section: section)
        let o = browser.albums.collectionView.contentOffset
        return Point(x: f.midX - o.x, y: f.midY - o.y)
    }
}
