import Foundation
import Host
import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// Issue 13 (scale): with every file-system call slowed to 20 ms (a slow disk injected through `FileAccess`), the
/// app's loop keeps turning — no turn ever makes a file call, so none waits on the disk — and the library appears
/// progressively: albums while the scan still runs, photos a few at a time.
final class SlowDiskLibraryTests: XCTestCase {
    /// The injected file layer: every call announced through `FileAccess.will` waits `delay` seconds (the slow disk)
    /// and is recorded, with the calls made on the thread that runs the loop's turns kept apart.
    /// `@unchecked Sendable`: guarded by `lock`.
    final class SlowDisk: @unchecked Sendable {
        let delay: useconds_t
        private let lock = NSLock()
        private var loopThread: pthread_t?
        private var onLoop: [String] = []
        private var elsewhere = 0

        init(milliseconds: UInt32) { delay = milliseconds * 1000 }

        /// Calls from now on made on the current thread count as the loop's.
        func markLoopThread() { lock.withLock { loopThread = pthread_self() } }

        func call(_ op: FileAccess.Operation, _ path: PhotoPath) {
            lock.withLock {
                if let t = loopThread, pthread_equal(t, pthread_self()) != 0 { onLoop.append("\(op.rawValue) \(path.string)") } else { elsewhere += 1 }
            }
            usleep(delay)   // the slow disk (the only wait in this test)
        }

        var counts: (onLoop: [String], elsewhere: Int) { lock.withLock { (onLoop, elsewhere) } }
    }

    /// `folders` album folders of `perFolder` photos each (hard links to the sample library's JPEGs) in a new
    /// temporary folder; returns the library's root.
    func makeLibrary(folders: Int, perFolder: Int) throws -> String {
        let fm = FileManager.default
        let samples = try fm.contentsOfDirectory(atPath: BrowserHarness.sampleLibrary).sorted().flatMap { album -> [String] in
            let dir = BrowserHarness.sampleLibrary + "/" + album
            return ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted().map { dir + "/" + $0 }
        }
        XCTAssertFalse(samples.isEmpty, "the sample library has photos")
        let root = fm.temporaryDirectory.appendingPathComponent("photostack-slowdisk-\(UUID().uuidString)").path
        var k = 0
        for f in 0..<folders {
            let dir = root + "/lib/" + String(format: "event-%03d", f)
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for p in 0..<perFolder {
                try fm.linkItem(atPath: samples[k % samples.count], toPath: dir + String(format: "/IMG_%02d.jpg", p))
                k += 1
            }
        }
        return root
    }

    /// What one loop turn showed.
    struct Seen: Equatable { var scanning: Bool; var albums: Int; var loaded: Int; var shown: Int }

    /// 150 albums of 2 photos, a cold thumbnail cache, every file call 20 ms: the app is driven one loop turn per frame
    /// (the clock advanced by a frame interval each time, the loop woken by its inbox as the window's is) until the
    /// scan is done and every photo on screen is loaded. The background workers are the app's own (scan, watches,
    /// decoders, thumbnail cache writes, card builders).
    func testWithEveryFileCallSlowedTo20msTurnsNeverTouchTheDiskAndTheLibraryAppearsProgressively() throws {
        let folders = 150, perFolder = 2
        let root = try makeLibrary(folders: folders, perFolder: perFolder)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let disk = SlowDisk(milliseconds: 20)
        disk.markLoopThread()
        FileAccess.observe { op, path in disk.call(op, path) }
        defer { FileAccess.observe(nil) }

        let inbox = Inbox<AppMessage>()
        let pipeline = ThumbnailPipeline(diskCache: ThumbnailCache(root: PhotoPath(root + "/cache")))
        let browser = BrowserScreen.make(root: PhotoPath(root + "/lib"), post: { inbox.post($0) }, pipeline: pipeline)
        browser.photos.logsFailures = false
        let app = App(screen: browser, inbox: inbox, width: 1024, height: 700, scale: 1)
        let host = try HeadlessHost(width: 1024, height: 700, scale: 1)
        inbox.connect(wake: host.wake)
        host.start(app)

        var seen: [Seen] = []
        var turns = 0, longestTurn = 0.0
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            host.clock.advance(by: host.frameInterval)
            let start = Date()
            host.turn(app, forceFrame: true)
            longestTurn = max(longestTurn, Date().timeIntervalSince(start))
            turns += 1
            let photos = browser.albums.visiblePhotoStates()
            let s = Seen(scanning: browser.library.isScanning, albums: browser.albums.albumCount,
                         loaded: photos.filter { $0.status == "loaded" }.count, shown: photos.count)
            if seen.last != s { seen.append(s) }
            if !s.scanning, s.shown > 0, s.loaded == s.shown { break }
            host.waitForWake(timeout: host.frameInterval)   // as the window sleeps until its next frame or a result
        }
        let (onLoop, elsewhere) = disk.counts
        print("slow disk: \(turns) turns, longest \(Int(longestTurn * 1000)) ms, \(elsewhere) file calls off the loop; states: \(seen)")

        // (a) No loop turn made a file call: none of them waited on the slow disk.
        XCTAssertEqual(onLoop, [], "file-system calls made by loop turns (each would hold a frame for 20 ms)")
        XCTAssertGreaterThan(elsewhere, folders * 2, "the scan, the watches and the loads went through the slow file layer")
        XCTAssertEqual(host.framesDrawn, turns, "every turn drew its frame")

        // The run ended with everything there.
        let last = try XCTUnwrap(seen.last)
        XCTAssertFalse(last.scanning, "the scan finished")
        XCTAssertEqual(last.albums, folders)
        XCTAssertGreaterThan(last.shown, 0)
        XCTAssertEqual(last.loaded, last.shown, "every photo on screen loaded")

        // (b) Progressively: albums were on screen while the scan still ran, their number grew over several turns
        // (never shrank), and photos arrived a few at a time, not all at once at the end.
        let whileScanning = seen.filter { $0.scanning && $0.albums > 0 }.map(\.albums)
        XCTAssertFalse(whileScanning.isEmpty, "albums were shown while the scan ran")
        XCTAssertGreaterThanOrEqual(Set(whileScanning).count, 3, "the albums shown grew in several steps during the scan")
        XCTAssertLessThan(whileScanning.first ?? folders, folders, "the first albums came before the last was found")
        XCTAssertEqual(seen.map(\.albums), seen.map(\.albums).sorted(), "the number of albums shown never went down")
        let partial = Set(seen.filter { $0.loaded > 0 && $0.loaded < $0.shown }.map(\.loaded))
        XCTAssertGreaterThanOrEqual(partial.count, 3, "photos appeared in several steps while others still loaded")
    }
}
