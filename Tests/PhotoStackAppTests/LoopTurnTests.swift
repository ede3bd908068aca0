import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// The loop turn's rules (issue 12): queries change nothing, and the UI thread never touches the file system.
final class LoopTurnTests: XCTestCase {
    /// The app on the sample library in a headless host, settled with its photos loaded.
    func makeApp(width: Double = 1280, height: Double = 800) throws -> (App, HeadlessHost, BrowserScreen) {
        let inbox = Inbox<AppMessage>()
        let browser = BrowserScreen.make(root: PhotoPath(BrowserHarness.sampleLibrary), post: { inbox.post($0) },
                                         pipeline: ThumbnailPipeline(diskCache: nil))
        browser.photos.logsFailures = false
        let app = App(screen: browser, inbox: inbox, width: width, height: height, scale: 1)
        let host = try HeadlessHost(width: width, height: height, scale: 1)
        inbox.connect(wake: host.wake)
        host.start(app)
        let deadline = Date().addingTimeInterval(30)
        while !(host.settle(app) && browser.isReadyForSnapshot) && Date() < deadline { host.waitForWake(timeout: 0.05) }
        XCTAssertTrue(browser.isReadyForSnapshot, "the sample library loaded")
        return (app, host, browser)
    }

    /// After a click opens an album and one frame of the fly-out is drawn, time passes beyond the animation's end
    /// with no frame: asking for the state, whether it animates or is ready (twice each) gives the same answers,
    /// and the app still owes a frame — the stale fly-out frame is not left on screen (the stuck-repaint bug: a
    /// state query used to run the update, ending the animation without drawing its end).
    func testQueriesChangeNothingAndAFrameStaysOwed() throws {
        let (app, host, browser) = try makeApp()
        let clock = host.clock
        let f = browser.albums.stackLayout.frameForStack(section: 1)
        let o = browser.albums.collectionView.contentOffset
        let at = Point(x: f.midX - o.x, y: f.midY - o.y)
        host.turn(app, events: [.pointerMoved(x: at.x, y: at.y, modifiers: [], time: clock.now),
                                .pointerDown(PointerEvent(button: .left, x: at.x, y: at.y, time: clock.now)),
                                .pointerUp(PointerEvent(button: .left, x: at.x, y: at.y, time: clock.now))])
        XCTAssertEqual(app.screen.name, "album")
        XCTAssertEqual(host.framesDrawn > 0, true)
        XCTAssertTrue(app.needsFrame, "the fly-out has begun")
        clock.advance(by: 2)   // far beyond the fly-out, and no frame drawn since its first

        let state1 = app.currentState(), state2 = app.currentState()
        XCTAssertEqual(state1, state2, "the state asked twice is the same")
        XCTAssertTrue(state1.animating, "the state is the one drawn: mid-flight")
        let answers1 = (app.needsFrame, browser.isAnimating, browser.isReadyForSnapshot, app.windowTitle)
        let answers2 = (app.needsFrame, browser.isAnimating, browser.isReadyForSnapshot, app.windowTitle)
        XCTAssertTrue(answers1 == answers2)
        app.writeState()
        XCTAssertTrue(app.needsFrame, "a query or a state write never settles the animation without a frame")
        XCTAssertEqual(app.currentState(), state1)

        // The next turn draws the end of the flight, and only then the app comes to rest.
        let framesBefore = host.framesDrawn
        XCTAssertTrue(host.turn(app))
        XCTAssertEqual(host.framesDrawn, framesBefore + 1)
        host.settle(app)
        XCTAssertFalse(app.needsFrame)
        XCTAssertFalse(app.currentState().animating)
        let album = try XCTUnwrap(browser.top as? AlbumScreen)
        XCTAssertFalse(album.isFlying)
    }

    /// Records which threads made the pipeline's file-system calls. `@unchecked Sendable`: guarded by `lock`.
    final class FileCalls: @unchecked Sendable {
        let lock = NSLock()
        var onMain = 0, elsewhere = 0
        func record() { lock.withLock { if Thread.isMainThread { onMain += 1 } else { elsewhere += 1 } } }
        var counts: (main: Int, other: Int) { lock.withLock { (onMain, elsewhere) } }
    }

    /// Every file-system call of the pipeline takes 50 ms (a slow disk): the app is driven through launch, a
    /// scroll, opening an album and a photo and back, one loop turn per frame on this (the UI) thread. No file
    /// call is ever made on it — the scan, the decodes and the thumbnail cache all run elsewhere — and photos
    /// appear progressively while the rest are still loading.
    func testWithASlowDiskTheUIThreadNeverTouchesTheFileSystem() throws {
        let calls = FileCalls()
        FileAccess.observe { _, _ in
            calls.record()
            usleep(50_000)
        }
        defer { FileAccess.observe(nil) }
        let cacheDir = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-slow-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cacheDir) }
        let inbox = Inbox<AppMessage>()
        let pipeline = ThumbnailPipeline(diskCache: ThumbnailCache(root: PhotoPath(cacheDir)))
        let browser = BrowserScreen.make(root: PhotoPath(BrowserHarness.sampleLibrary), post: { inbox.post($0) }, pipeline: pipeline)
        browser.photos.logsFailures = false
        let app = App(screen: browser, inbox: inbox, width: 1024, height: 700, scale: 1)
        let host = try HeadlessHost(width: 1024, height: 700, scale: 1)
        inbox.connect(wake: host.wake)
        host.start(app)
        var sawPartialLoad = false
        var frames = 0
        func run(_ seconds: Double, events: [HostEvent] = []) {
            var pending = events
            let end = host.clock.now + seconds
            while host.clock.now < end {
                host.clock.advance(by: 1.0 / 60)
                host.turn(app, events: pending, forceFrame: true)
                pending = []
                frames += 1
                let photos = app.currentState().photos ?? []
                if photos.contains(where: { $0.status == "loaded" }) && photos.contains(where: { $0.status == "loading" }) {
                    sawPartialLoad = true
                }
                host.waitForWake(timeout: 1.0 / 60)   // as the window sleeps until the next frame or a result
            }
        }
        run(3)
        XCTAssertGreaterThan(browser.albums.albumCount, 0, "the scan delivered albums")
        let t = { host.clock.now }
        run(1, events: [.wheel(WheelEvent(deltaX: 0, deltaY: 3, isPrecise: false, x: 400, y: 300, time: t()))])
        run(1, events: [.key(KeyEvent(key: .home, keysymName: "Home", text: "", time: t())),
                        .key(KeyEvent(key: .down, keysymName: "Down", text: "", time: t())),
                        .key(KeyEvent(key: .enter, keysymName: "Return", text: "", time: t()))])
        XCTAssertEqual(app.screen.name, "album")
        run(2, events: [.key(KeyEvent(key: .right, keysymName: "Right", text: "", time: t())),
                        .key(KeyEvent(key: .enter, keysymName: "Return", text: "", time: t()))])
        XCTAssertEqual(app.screen.name, "photo")
        run(2, events: [.key(KeyEvent(key: .right, keysymName: "Right", text: "", time: t())),
                        .key(KeyEvent(key: .plus, keysymName: "plus", text: "+", time: t()))])   // zoom: needs the photo's size
        run(1, events: [.key(KeyEvent(key: .escape, keysymName: "Escape", text: "", time: t())),
                        .key(KeyEvent(key: .escape, keysymName: "Escape", text: "", time: t()))])
        run(1)
        XCTAssertEqual(app.screen.name, "albums")
        let (onMain, elsewhere) = calls.counts
        XCTAssertEqual(onMain, 0, "file-system calls on the UI thread")
        XCTAssertGreaterThan(elsewhere, 20, "the scan and the loads did go through the slow file layer")
        XCTAssertTrue(sawPartialLoad, "photos appeared while others were still loading")
        XCTAssertGreaterThan(frames, 500)
    }
}
