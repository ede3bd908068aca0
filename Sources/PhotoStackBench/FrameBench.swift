import Canvas
import Foundation
import PhotoPipeline
import Host
import PhotoStackApp
import StackEngine

/// Figures of one `FrameBench` run.
public struct FrameBenchResult: Codable, Sendable {
    public var width: Double, height: Double, scale: Double
    public var albums: Int, photos: Int
    /// How the thumbnails were made: generated in memory, all converted to surfaces before the fling.
    public var images: String
    /// Flings (pointer down, fast drag, release) it took to reach the bottom.
    public var flings: Int
    /// Content height and the final offset, points.
    public var contentHeight: Double, finalOffset: Double
    public var reachedBottom: Bool
    /// CPU time of the UI thread per frame: input events of the frame, update and draw into the image surface.
    public var cpu: FrameStats
    /// Wall time per frame (the same span), for comparison.
    public var wall: FrameStats
    /// Frames were started 1/60 s of wall time apart (as the window does), so background threads (card builds)
    /// get the time a real frame interval gives them; false: back to back.
    public var paced: Bool
    /// Frames could be made by moving the previous one and redrawing what changed (false: all drawn whole,
    /// which is what the X11 window's server-side back buffer gets).
    public var scrollCopy: Bool
    /// CPU time of the UI thread and of every other thread of the process over the fling, seconds.
    public var uiThreadCPUSeconds: Double, otherThreadsCPUSeconds: Double
    /// What happened to the photo cards over the fling.
    public var cards: FrameCardFigures
}

/// Card work of a `FrameBench` run: built by the background builders, or handled on the UI thread.
public struct FrameCardFigures: Codable, Sendable {
    /// Card builder threads.
    public var builderThreads: Int
    /// Cards built by the builder threads.
    public var builtInBackground: Int
    /// Cards built on the UI thread, waits on the UI thread for a running build, and cards drawn by the
    /// quick path (the exact card not ready while scrolling), over the fling.
    public var builtOnUIThread: Int, uiThreadWaits: Int, quickDraws: Int
    /// Frames that built or waited for a card on the UI thread; frames that drew at least one quick card.
    public var framesBuildingOnUIThread: Int, framesWithQuickCards: Int
    /// The most quick cards in one frame.
    public var maxQuickCardsPerFrame: Int
}

/// Renders the albums screen headless while scripted flings scroll it from top to bottom, measuring the CPU
/// time of every frame. Everything real: `App` → `BrowserScreen` → `AlbumsScreen` (its collection view and
/// scroller fed by synthetic pointer down/move/up events, cards from the `PhotoService`, titles, texture), run
/// through the `HeadlessHost`'s loop turn (inbox, events, update, draw into a cairo image surface); only the
/// clock is a `ManualClock` stepped 1/60 s per frame, and the thumbnails are small images generated in memory and
/// all loaded before the fling (decode cost excluded).
public enum FrameBench {
    /// Longest side of the generated thumbnails, pixels (they are drawn scaled up on the cards).
    public static let thumbnailSize = (width: 64, height: 48)

    public static func run(albums: Int = 1_000, photosPerAlbum: Int = 5, width: Double = 1920, height: Double = 1080,
                           scale: Double = 1, paced: Bool = true, scrollCopy: Bool = true, maxFrames: Int = 50_000) throws -> FrameBenchResult {
        let library = try BenchLibrary.placeholders(albums: albums, photosPerAlbum: photosPerAlbum)
        defer { library.remove() }
        let session = try BenchSession(root: library.root, width: width, height: height, scale: scale,
                                       thumbnail: thumbnailSize) { x, y, seed in
            let r = UInt32((x * 4) & 0xff) ^ (seed & 0xff), g = UInt32((y * 5) & 0xff) ^ ((seed >> 8) & 0xff)
            let b = (seed >> 16) & 0xff
            return 0xff00_0000 | r << 16 | g << 8 | b
        }
        let service = session.service, model = session.model, browser = session.browser
        let app = session.app, host = session.host, clock = host.clock
        let tw = thumbnailSize.width, th = thumbnailSize.height
        let deadline = Date().addingTimeInterval(120)
        try session.waitForScan(until: deadline)
        host.settle(app)   // the albums the scan found have animated in

        // Pre-warm: every drawn card of every stack has its surface before the first measured frame.
        let albumsScreen = browser.albums
        albumsScreen.allowsScrollCopy = scrollCopy
        for (a, album) in model.albums.enumerated() {
            for (i, photo) in album.photos.prefix(AlbumsScreen.drawnDepth).enumerated() {
                service.want(photo, pixelSize: albumsScreen.pixelSize(forItem: i), priority: .visible, order: a)
            }
        }
        while service.pendingCount > 0 && Date() < deadline { host.waitForWake(timeout: 0.05); app.takeBackgroundResults(at: clock.now) }
        guard service.pendingCount == 0, !model.isScanning else { throw BenchError("thumbnails did not load in 120 s") }
        host.turn(app, forceFrame: true)   // the first frame (cards rendered for the first screen) is not part of the fling

        var cpu: [Double] = [], wall: [Double] = []
        // PHOTOSTACK_BENCH_TRACE=1: a line on stderr for every slow frame or frame building cards on the UI thread.
        let tracing = ProcessInfo.processInfo.environment["PHOTOSTACK_BENCH_TRACE"] != nil
        let builder = service.builders
        builder.resetCounters()
        var framesBuilding = 0, framesQuick = 0, maxQuick = 0
        let processCPU0 = ProcessFigures.processCPUSeconds(), uiCPU0 = ProcessFigures.threadCPUSeconds()
        var nextFrame = Date()
        var flings = 0
        var pending: [HostEvent] = []
        var flingFrame = 0           // frames since the current fling was released
        var lastOffset = albumsScreen.collectionView.contentOffset.y
        let x = width / 2
        let dragStep = 110.0         // points per frame while dragging: 6600 pt/s
        let maxY = { albumsScreen.scroller.geometry.maxOffset.y }
        while cpu.count < maxFrames {
            let offset = albumsScreen.collectionView.contentOffset.y
            let atBottom = offset >= maxY() - 0.5
            if atBottom && !app.needsFrame { break }
            let speed = abs(offset - lastOffset) * 60
            lastOffset = offset
            // Next fling when the previous one slowed under 300 pt/s (or stopped), unless at the bottom.
            if pending.isEmpty && !atBottom && (flings == 0 || (flingFrame > 2 && speed < 300)) {
                flings += 1
                flingFrame = 0
                let y0 = height * 0.85
                let t = clock.now
                pending = [.pointerDown(PointerEvent(button: .left, x: x, y: y0, time: t))]
                // The drag: one move per frame, then the release on the frame after the last move.
                for i in 1...5 {
                    pending.append(.pointerMoved(x: x, y: y0 - dragStep * Double(i), modifiers: [], time: t + Double(i) / 60))
                }
                pending.append(.pointerUp(PointerEvent(button: .left, x: x, y: y0 - dragStep * 5, time: t + 5.0 / 60)))
            }
            // This frame's events: the down with the first move, then one move per frame, the up with the last move.
            var events: [HostEvent] = []
            while let e = pending.first {
                if case .pointerDown = e { events.append(e); pending.removeFirst(); continue }
                if case .pointerUp = e { events.append(e); pending.removeFirst(); break }
                if case .pointerMoved(_, _, _, let t) = e, t <= clock.now + 1e-9 { events.append(e); pending.removeFirst(); continue }
                break
            }
            if paced {
                let wait = nextFrame.timeIntervalSinceNow
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                nextFrame = max(nextFrame.addingTimeInterval(1.0 / 60), Date())
            }
            let k0 = builder.counters
            let w0 = Date(), c0 = ProcessFigures.threadCPUSeconds()
            host.turn(app, events: events, forceFrame: true)
            let c1 = ProcessFigures.threadCPUSeconds(), w1 = Date()
            let k1 = builder.counters
            if k1.builtOnUIThread > k0.builtOnUIThread || k1.waits > k0.waits { framesBuilding += 1 }
            if tracing, (c1 - c0) * 1000 > 8.3 || k1.builtOnUIThread > k0.builtOnUIThread || k1.quickDraws - k0.quickDraws > 4 {
                FileHandle.standardError.write(Data(String(format: "frame %d fling %d (+%d) offset %.0f cpu %.1f ms: built on UI %d, quick %d, transformed %d, moving %@\n",
                    cpu.count, flings, flingFrame, albumsScreen.collectionView.contentOffset.y, (c1 - c0) * 1000,
                    k1.builtOnUIThread - k0.builtOnUIThread, k1.quickDraws - k0.quickDraws, k1.transformedDraws - k0.transformedDraws,
                    albumsScreen.scroller.isMoving(at: clock.now) ? "yes" : "no").utf8))
            }
            if k1.quickDraws > k0.quickDraws { framesQuick += 1; maxQuick = max(maxQuick, k1.quickDraws - k0.quickDraws) }
            cpu.append((c1 - c0) * 1000)
            wall.append(w1.timeIntervalSince(w0) * 1000)
            flingFrame += 1
            clock.advance(by: 1.0 / 60)
        }
        let uiCPU = ProcessFigures.threadCPUSeconds() - uiCPU0
        let k = builder.counters
        let processCPU = ProcessFigures.processCPUSeconds() - processCPU0
        let cv = albumsScreen.collectionView
        return FrameBenchResult(width: width, height: height, scale: scale, albums: model.albums.count,
                                photos: library.photoCount,
                                images: "generated in memory, \(tw)×\(th) px, top \(AlbumsScreen.drawnDepth) of each stack loaded as surfaces before the fling",
                                flings: flings, contentHeight: cv.contentSize.height, finalOffset: cv.contentOffset.y,
                                reachedBottom: cv.contentOffset.y >= maxY() - 0.5,
                                cpu: FrameStats(milliseconds: cpu), wall: FrameStats(milliseconds: wall), paced: paced, scrollCopy: scrollCopy,
                                uiThreadCPUSeconds: uiCPU, otherThreadsCPUSeconds: max(0, processCPU - uiCPU),
                                cards: FrameCardFigures(builderThreads: builder.workerCount, builtInBackground: k.built,
                                                        builtOnUIThread: k.builtOnUIThread, uiThreadWaits: k.waits,
                                                        quickDraws: k.quickDraws, framesBuildingOnUIThread: framesBuilding,
                                                        framesWithQuickCards: framesQuick, maxQuickCardsPerFrame: maxQuick))
    }
}
