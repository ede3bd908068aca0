import Canvas
import Foundation
import Host
import PhotoPipeline
import PhotoStackApp
import StackEngine

/// Figures of one `OpenAlbumBench` run: the fly-out of a big album and its fly-back.
public struct OpenAlbumBenchResult: Codable, Sendable {
    public var width: Double, height: Double, scale: Double
    /// Albums in the library and photos in each.
    public var albums: Int, photosPerAlbum: Int
    public var images: String
    /// The frames from the click to the end of the fly-out, and from Escape to the end of the fly-back.
    public var open: OpenAlbumPhase, close: OpenAlbumPhase
}

/// One direction of the transition.
public struct OpenAlbumPhase: Codable, Sendable {
    /// UI-thread CPU per frame (events, update, draw into the image surface), milliseconds.
    public var cpu: FrameStats
    /// CPU of the first frame (the one the click or the key starts), milliseconds.
    public var firstFrameMilliseconds: Double
    /// Card work summed over the phase (`BrowserScreen.workCounters`).
    public var work: [String: Int]
    /// The most cards drawn from an unrotated card with a transform in one frame.
    public var maxTransformedCardsPerFrame: Int
}

/// Opens a big album headless and flies it back, measuring the UI thread's CPU in every frame: `App` →
/// `BrowserScreen` → `AlbumsScreen` / `AlbumScreen` through the `HeadlessHost`'s loop turn, a `ManualClock` stepped
/// 1/60 s per frame, frames started 1/60 s of wall time apart (the card builders get the time a window gives them);
/// thumbnails generated in memory (no decoding). The stack of album 1 is clicked at rest, the fly-out runs until
/// the grid rests, then Escape flies the photos back until the albums screen rests.
/// `PHOTOSTACK_BENCH_TRACE=1` prints every frame on stderr.
public enum OpenAlbumBench {
    /// Size of the generated thumbnails, pixels (a 3:2 photo at the album grid's cell size).
    public static let thumbnailSize = (width: 320, height: 213)

    public static func run(albums: Int = 6, photosPerAlbum: Int = 2_000, width: Double = 1280, height: Double = 800,
                           scale: Double = 1) throws -> OpenAlbumBenchResult {
        let library = try BenchLibrary.placeholders(albums: albums, photosPerAlbum: photosPerAlbum)
        defer { library.remove() }
        let session = try BenchSession(root: library.root, width: width, height: height, scale: scale,
                                       thumbnail: thumbnailSize) { x, y, seed in
            let r = UInt32((x * 2) & 0xff) ^ (seed & 0xff), g = UInt32((y * 3) & 0xff) ^ ((seed >> 8) & 0xff)
            let b = UInt32((x + y) & 0xff) ^ ((seed >> 16) & 0xff)
            return 0xff00_0000 | r << 16 | g << 8 | b
        }
        let service = session.service, browser = session.browser
        let app = session.app, host = session.host, clock = host.clock
        let tw = thumbnailSize.width, th = thumbnailSize.height
        let deadline = Date().addingTimeInterval(120)
        try session.waitForScan(until: deadline)
        // The albums screen at rest with its thumbnails and cards (what a user clicks on).
        while Date() < deadline {
            host.settle(app)
            if service.pendingCount == 0 && browser.isReadyForSnapshot { break }
            host.waitForWake(timeout: 0.05)
        }
        host.turn(app, forceFrame: true)

        let tracing = ProcessInfo.processInfo.environment["PHOTOSTACK_BENCH_TRACE"] != nil
        var nextFrame = Date()
        /// Frames from `events` until `done` (or 10 s of frames), paced 1/60 s apart.
        func phase(_ name: String, events first: [HostEvent], done: () -> Bool) -> OpenAlbumPhase {
            var cpu: [Double] = []
            var work: [String: Int] = [:]
            var maxTransformed = 0
            var events = first
            while cpu.count < 600 {
                let wait = nextFrame.timeIntervalSinceNow
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                nextFrame = max(nextFrame.addingTimeInterval(1.0 / 60), Date())
                let w0 = browser.workCounters
                let c0 = ProcessFigures.threadCPUSeconds()
                host.turn(app, events: events, forceFrame: true)
                let ms = (ProcessFigures.threadCPUSeconds() - c0) * 1000
                events = []
                let w1 = browser.workCounters
                var grew: [String: Int] = [:]
                for (k, v) in w1 where v > (w0[k] ?? 0) { grew[k] = v - (w0[k] ?? 0); work[k, default: 0] += v - (w0[k] ?? 0) }
                maxTransformed = max(maxTransformed, grew["transformedCards"] ?? 0)
                if tracing {
                    let list = grew.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                    FileHandle.standardError.write(Data(String(format: "%@ frame %d cpu %.2f ms %@\n", name, cpu.count, ms, list).utf8))
                }
                cpu.append(ms)
                clock.advance(by: 1.0 / 60)
                if done() { break }
            }
            return OpenAlbumPhase(cpu: FrameStats(milliseconds: cpu), firstFrameMilliseconds: cpu.first ?? 0, work: work,
                                  maxTransformedCardsPerFrame: maxTransformed)
        }

        let albumsScreen = browser.albums
        let stack = albumsScreen.stackLayout.frameForStack(section: 0)
        let offset = albumsScreen.collectionView.contentOffset
        let x = stack.midX - offset.x, y = stack.midY - offset.y
        let t = clock.now
        let click: [HostEvent] = [.pointerMoved(x: x, y: y, modifiers: [], time: t),
                                  .pointerDown(PointerEvent(button: .left, x: x, y: y, time: t)),
                                  .pointerUp(PointerEvent(button: .left, x: x, y: y, time: t))]
        let open = phase("open", events: click) { !(browser.top is AlbumsScreen) && !browser.isAnimating }
        guard let album = browser.top as? AlbumScreen else { throw BenchError("the click did not open the album") }
        // The grid at rest with its exact cards before closing.
        while Date() < deadline {
            host.settle(app)
            if service.pendingCount == 0 && album.isReadyForSnapshot { break }
            host.waitForWake(timeout: 0.05)
        }
        host.turn(app, forceFrame: true)
        nextFrame = Date()
        let escape: [HostEvent] = [.key(KeyEvent(key: .escape, keysymName: "Escape", text: "", time: clock.now))]
        let close = phase("close", events: escape) { browser.top is AlbumsScreen && !browser.isAnimating }
        return OpenAlbumBenchResult(width: width, height: height, scale: scale, albums: albums, photosPerAlbum: photosPerAlbum,
                                    images: "generated in memory, \(tw)×\(th) px", open: open, close: close)
    }
}
