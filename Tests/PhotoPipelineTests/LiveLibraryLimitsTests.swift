import Foundation
import XCTest
@testable import PhotoPipeline

/// A live library at its limits: the event queue overflowing, the watch limit reached, a slow disk, stop.
final class LiveLibraryLimitsTests: XCTestCase {
    let fm = FileManager.default
    var folders: [String] = []
    var libraries: [LiveLibrary] = []
    var recorders: [LiveLibraryRecorder] = []

    override func tearDown() {
        FileAccess.observe(nil)
        for l in libraries { l.stop() }
        libraries = []
        for r in recorders { XCTAssertEqual(r.duplicates, [], "every library delivered has unique album and photo keys") }
        recorders = []
        for f in folders { try? fm.removeItem(atPath: f) }
        folders = []
    }

    func folder() -> String {
        let f = TestImages.temporaryDirectory("limits")
        folders.append(f)
        return f
    }

    func photo(_ path: String) {
        try! fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        TestImages.write(TestImages.quadrantJPEG(), to: path)
    }

    func start(_ source: LibrarySource, options: LiveLibrary.Options = .init()) -> LiveLibraryRecorder {
        let recorder = LiveLibraryRecorder()
        recorders.append(recorder)
        let library = LiveLibrary(source: source, options: options) { recorder.record($0) }
        libraries.append(library)
        library.start()
        return recorder
    }

    func finished(_ events: [LiveLibraryEvent]) -> Bool {
        events.contains { if case .scan(.finished) = $0 { return true }; return false }
    }

    func testQueueOverflowRescansEverything() throws {
        let queued = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
        if queued > 100_000 { throw XCTSkip("max_queued_events is \(queued): too many files to make it overflow") }
        let root = folder()
        photo(root + "/A/1.jpg")
        try fm.createDirectory(atPath: root + "/B", withIntermediateDirectories: true)
        // The watcher is held inside its listing of A while the queue fills up.
        let gate = DispatchSemaphore(value: 0), held = DispatchSemaphore(value: 0)
        final class Once: @unchecked Sendable { let lock = NSLock(); var armed = false }
        let once = Once()
        let rec = start(.folder(PhotoPath(root)))
        XCTAssertTrue(rec.wait(until: finished))
        once.lock.withLock { once.armed = true }
        FileAccess.observe { op, path in
            guard op == .list, path.string == root + "/A" else { return }
            let hold = once.lock.withLock { () -> Bool in defer { once.armed = false }; return once.armed }
            if hold { held.signal(); gate.wait() }
        }
        photo(root + "/A/2.jpg")
        XCTAssertEqual(held.wait(timeout: .now() + 10), .success, "the watcher lists A again")
        let files = queued / 2 + 200   // two events each (IN_CREATE, IN_CLOSE_WRITE)
        for i in 0..<files { close(open(root + "/B/f\(i).jpg", O_CREAT | O_WRONLY, 0o644)) }
        gate.signal()
        let ok = rec.wait(timeout: 30) { events in
            events.contains { if case .update(let u) = $0 { return u.cause == .overflow }; return false }
        }
        XCTAssertTrue(ok, "an overflow rescan")
        let library = rec.updates.first { $0.cause == .overflow }?.library
        XCTAssertEqual(library?.albums.first { $0.title == "B" }?.photos.count, files)
        XCTAssertEqual(library?.albums.first { $0.title == "A" }?.photos.count, 2)
        // Still watching after the rescan.
        photo(root + "/B/late.jpg")
        rec.waitForLibrary("late.jpg") { $0.albums.first { $0.title == "B" }?.photos.count == files + 1 }
    }

    func testWatchLimitIsReportedOnceAndRescanFindsWhatWasNotSeen() throws {
        let root = folder()
        for p in ["A/1.jpg", "B/2.jpg", "C/3.jpg", "D/4.jpg"] { photo(root + "/" + p) }
        let rec = start(.folder(PhotoPath(root)), options: .init(maximumWatches: 2))
        XCTAssertTrue(rec.wait(until: finished))
        XCTAssertEqual(rec.limits, [.tooManyFolders(watched: 2)], "reported once, though three folders were refused")
        XCTAssertEqual(rec.limits.first?.description, "watching is limited: only 2 folders are watched (the system's limit)")
        // The root and A are watched; D is not: its change is not seen, A's is.
        photo(root + "/D/5.jpg")
        photo(root + "/A/marker.jpg")
        let seen = rec.waitForLibrary("marker") { $0.albums[0].photos.count == 2 }
        XCTAssertEqual(seen?.albums.first { $0.title == "D" }?.photos.count, 1)
        libraries[0].rescan()
        XCTAssertTrue(rec.wait { $0.contains { if case .update(let u) = $0 { return u.cause == .rescan }; return false } })
        let rescanned = rec.updates.last { $0.cause == .rescan }
        XCTAssertEqual(rescanned?.library.albums.first { $0.title == "D" }?.photos.count, 2)
        XCTAssertEqual(rescanned?.changes.insertedPhotos.count, 1)
        XCTAssertEqual(rec.limits.count, 1)
    }

    func testRescanWithNothingChangedStillAnswers() {
        let root = folder()
        photo(root + "/A/1.jpg")
        let rec = start(.folder(PhotoPath(root)))
        XCTAssertTrue(rec.wait(until: finished))
        libraries[0].rescan()
        XCTAssertTrue(rec.wait { $0.contains { if case .update(let u) = $0 { return u.cause == .rescan }; return false } })
        XCTAssertEqual(rec.updates.last?.changes.isEmpty, true)
    }

    func testSlowDiskStillDeliversAlbumsProgressively() throws {
        let root = folder()
        for a in 1...6 { for p in 1...3 { photo(root + "/Album \(a)/\(p).jpg") } }
        // Every file-system call takes 20 ms (a slow disk). The last folder cannot even be listed until the
        // first album has been delivered: a scan that delivered albums only at its end would never finish.
        final class Log: @unchecked Sendable { let lock = NSLock(); var lines: [String] = [] }
        let log = Log()
        let slow = DispatchSemaphore(value: 0), firstAlbum = DispatchSemaphore(value: 0)
        FileAccess.observe { op, path in
            let line = "\(op.rawValue) \(path.string.dropFirst(root.count))"
            if line == "list /Album 6" {
                XCTAssertEqual(firstAlbum.wait(timeout: .now() + 30), .success, "album 1 delivered while folders are still listed")
                firstAlbum.signal()
            }
            log.lock.withLock { log.lines.append(line) }
            _ = slow.wait(timeout: .now() + .milliseconds(20))   // never signalled: the disk's delay
        }
        let recorder = LiveLibraryRecorder()
        let library = LiveLibrary(source: .folder(PhotoPath(root))) { event in
            if case .scan(.album(let a)) = event {
                log.lock.withLock { log.lines.append("album \(a.title)") }
                if a.title == "Album 1" { firstAlbum.signal() }
            }
            recorder.record(event)
        }
        libraries.append(library)
        library.start()
        XCTAssertTrue(recorder.wait(timeout: 60, until: finished))
        FileAccess.observe(nil)
        let lines = log.lock.withLock { log.lines }
        let albums = lines.filter { $0.hasPrefix("album ") }
        XCTAssertEqual(albums, (1...6).map { "album Album \($0)" }, "in order")
        XCTAssertLessThan(lines.firstIndex(of: "album Album 1")!, lines.firstIndex(of: "list /Album 6")!)
        XCTAssertGreaterThan(lines.count, 40, "every call went through the slow layer")
        let progress = recorder.all.filter { if case .scan(.progress) = $0 { return true }; return false }.count
        XCTAssertEqual(progress, 7, "a progress event per folder")
    }

    func testStopEndsTheWatcherAndNothingComesAfter() throws {
        let root = folder()
        photo(root + "/A/1.jpg")
        let rec = start(.folder(PhotoPath(root)))
        XCTAssertTrue(rec.wait(until: finished))
        libraries[0].stop()
        let count = rec.all.count
        photo(root + "/A/2.jpg")
        // A second live library on the same folder sees the change; the stopped one delivered nothing more.
        let other = start(.folder(PhotoPath(root)))
        XCTAssertTrue(other.wait(until: finished))
        photo(root + "/A/3.jpg")
        other.waitForLibrary("3.jpg") { $0.albums[0].photos.count == 3 }
        XCTAssertEqual(rec.all.count, count)
    }
}
