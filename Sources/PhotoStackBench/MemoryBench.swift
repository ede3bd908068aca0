import Canvas
import Foundation
import PhotoPipeline
import Host
import PhotoStackApp
import StackEngine

/// Figures of one `MemoryBench` run.
public struct MemoryBenchResult: Codable, Sendable {
    public var width: Double, height: Double
    public var albums: Int, photos: Int
    public var jpegWidth: Int, jpegHeight: Int
    /// Pages scrolled (PageDown presses) and frames drawn on the way to the bottom.
    public var pages: Int, frames: Int
    public var reachedBottom: Bool
    /// Thumbnails written to the (temporary) thumbnail cache: one per photo decoded.
    public var thumbnailsWritten: Int
    /// Bytes of photo surfaces held at the end, and the cache's budget.
    public var surfaceCacheBytes: Int, surfaceCacheCapacity: Int
    /// VmRSS after the library was generated and scanned (before browsing), at the end, and VmHWM at the end.
    public var rssBeforeBytes: Int, rssAfterBytes: Int, peakRSSBytes: Int
    /// Whether VmHWM could be reset after generating the library (so the peak covers browsing only).
    public var peakResetAfterGeneration: Bool
    public var seconds: Double
}

/// Browses a generated library of real JPEGs from top to bottom headless — the real scan, `PhotoService`,
/// `ImageLoader` (one worker per core), decodes, a thumbnail cache in a temporary folder and the bounded
/// surface and card caches — a page at a time (PageDown through the screen's input path, animated scroll drawn
/// frame by frame through the headless host's loop turn, then every visible photo loaded and drawn), and
/// reports peak RSS.
public enum MemoryBench {
    public static func run(albums: Int = 1_000, photosPerAlbum: Int = 10, jpegWidth: Int = 640, jpegHeight: Int = 480,
                           width: Double = 1920, height: Double = 1080, timeout: Double = 600) throws -> MemoryBenchResult {
        let start = Date()
        let library = try BenchLibrary.jpegs(albums: albums, photosPerAlbum: photosPerAlbum, width: jpegWidth, height: jpegHeight)
        defer { library.remove() }
        let cacheDir = NSTemporaryDirectory() + "photostack-bench-thumbs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cacheDir) }
        let pipeline = ThumbnailPipeline(diskCache: ThumbnailCache(root: PhotoPath(cacheDir)))
        let reset = ProcessFigures.resetPeakRSS()
        let inbox = Inbox<AppMessage>()
        let browser = BrowserScreen.make(root: PhotoPath(library.root), post: { inbox.post($0) }, pipeline: pipeline)
        browser.photos.logsFailures = false
        let app = App(screen: browser, inbox: inbox, width: width, height: height, scale: 1)
        let host = try HeadlessHost(width: width, height: height, scale: 1)
        let clock = host.clock
        inbox.connect(wake: host.wake)
        host.start(app)
        let deadline = Date().addingTimeInterval(timeout)
        while browser.library.isScanning && Date() < deadline { host.waitForWake(timeout: 0.05); host.turn(app) }
        let rssBefore = ProcessFigures.rssBytes()
        var frames = 0
        func frame() {
            clock.advance(by: 1.0 / 60)
            host.turn(app, forceFrame: true)
            frames += 1
        }
        let screen = browser.albums
        var pages = 0
        // PHOTOSTACK_MEMORY_TRACE=1: a line on stderr at each page and after every frame (RSS with its anonymous
        // and file parts, VmHWM, surface-cache bytes, loads pending, live elements), MB.
        let tracing = ProcessInfo.processInfo.environment["PHOTOSTACK_MEMORY_TRACE"] != nil
        func trace(_ label: String) {
            guard tracing else { return }
            let mb = { (kB: Int?) in (kB ?? 0) / 1024 }
            let line = "\(label) rss \(ProcessFigures.rssBytes() >> 20) (anon \(mb(ProcessFigures.statusField("RssAnon"))) "
                + "file \(mb(ProcessFigures.statusField("RssFile")))) hwm \(ProcessFigures.peakRSSBytes() >> 20) "
                + "surfaces \(browser.photos.surfaces.totalBytes >> 20) pending \(browser.photos.pendingCount) "
                + "live \(screen.collectionView.displayList.count)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        while Date() < deadline {
            trace("page \(pages), frame \(frames):")
            // Let the scroll animation run, drawing every frame.
            var steps = 0
            repeat { frame(); steps += 1; trace("  frame") }
            while screen.collectionView.isAnimating && steps < 600
            // Wait for the window's photos (the loader wakes the host through the inbox).
            while !browser.isReadyForSnapshot && Date() < deadline { host.waitForWake(timeout: 0.05); host.turn(app) }
            frame()
            trace("  ready")
            let offset = screen.collectionView.contentOffset.y
            if offset >= screen.scroller.geometry.maxOffset.y - 0.5 { break }
            app.handle(.key(KeyEvent(key: .pageDown, keysymName: "Next", text: "", time: clock.now)), at: clock.now)
            pages += 1
        }
        // The peak of browsing, read before the bench's own bookkeeping below (listing 3,000 files).
        let peak = ProcessFigures.peakRSSBytes()
        // Thumbnails are written after their photo is delivered: let the last writes finish before counting.
        while browser.photos.loaderPendingCount > 0 && Date() < deadline { host.waitForWake(timeout: 0.01) }
        let written = FileManager.default.enumerator(atPath: cacheDir)?.allObjects
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }.count ?? 0
        return MemoryBenchResult(width: width, height: height, albums: library.albums, photos: library.photoCount,
                                 jpegWidth: jpegWidth, jpegHeight: jpegHeight, pages: pages, frames: frames,
                                 reachedBottom: screen.collectionView.contentOffset.y >= screen.scroller.geometry.maxOffset.y - 0.5,
                                 thumbnailsWritten: written,
                                 surfaceCacheBytes: browser.photos.surfaces.totalBytes,
                                 surfaceCacheCapacity: browser.photos.surfaces.capacity,
                                 rssBeforeBytes: rssBefore, rssAfterBytes: ProcessFigures.rssBytes(), peakRSSBytes: peak,
                                 peakResetAfterGeneration: reset, seconds: Date().timeIntervalSince(start))
    }
}
