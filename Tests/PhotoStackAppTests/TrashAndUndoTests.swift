import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Delete and Ctrl+Z in the album grid, on real files watched by the live library: the photos leave and come
/// back with one animation each, the trash holds them with valid info files, and the watcher's own reports of
/// the same changes — held back here and delivered after, in the worst order — animate nothing.
final class TrashAndUndoTests: XCTestCase {
    var library: ActionTestLibrary!

    override func setUpWithError() throws { library = try ActionTestLibrary.standard() }
    override func tearDown() {
        FileAccess.observe(nil)
        library?.remove()
    }

    /// The harness's loop turn, except that the watcher's messages are kept in `held` instead of delivered.
    final class Holding {
        var held: [AppMessage] = []
        func turn(_ h: BrowserHarness) {
            var others: [AppMessage] = []
            for m in h.inbox.take() { if case .library = m { held.append(m) } else { others.append(m) } }
            if !others.isEmpty { _ = h.browser.receive(others, at: h.clock.now) }
            h.browser.update(at: h.clock.now)
        }
        /// Waits (on the inbox's wake-up) until `condition`, taking turns; false after `timeout` seconds.
        func wait(_ h: BrowserHarness, timeout: Double = 20, until condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            turn(h)
            while !condition() {
                guard Date() < deadline else { return false }
                h.host.waitForWake(timeout: 0.05)
                turn(h)
            }
            return true
        }
        /// Frames (the clock moving 1/60 s each) until nothing animates, holding the watcher's messages.
        func settle(_ h: BrowserHarness) {
            var frames = 0
            repeat { h.clock.advance(by: 1.0 / 60); turn(h); h.draw(); frames += 1 } while h.browser.isAnimating && frames < 600
        }
        /// True when a held update's library lists `path`.
        func updates(listing path: String) -> [Bool] {
            held.compactMap {
                guard case .library(.update(let u)) = $0 else { return nil }
                return u.library.albums.contains { $0.photos.contains { $0.path.string == path } }
            }
        }
    }

    func testDeleteTrashesAndCtrlZRestoresWithOneAnimationEachWhateverTheWatcherReportsAfter() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        let names = h.gridNames
        XCTAssertEqual(names, ["brick.jpg", "camera.jpg", "coffee.jpg", "grass.jpg", "gravel.jpg"])
        let originals = ["camera.jpg", "grass.jpg"].map { library.root + "/A/" + $0 }
        let bytes = try originals.map { try XCTUnwrap(FileManager.default.contents(atPath: $0)) }
        for i in [1, 3] { let p = h.gridCenter(i); h.click(x: p.x, y: p.y, modifiers: .control) }
        let touched = MainThreadAccesses()
        FileAccess.observe { op, path in if Thread.isMainThread { touched.add("\(op) \(path)") } }

        let hold = Holding()
        h.press(.other("Delete"), name: "Delete")
        XCTAssertEqual(h.gridNames, ["brick.jpg", "coffee.jpg", "gravel.jpg"], "the photos leave at once")
        XCTAssertTrue(h.grid.collectionView.elementsAreAnimating, "with the engine's animated delete")
        XCTAssertTrue(hold.wait(h) { (h.stateValue("message").map { "\($0)" } ?? "").contains("moved to Trash") })
        XCTAssertEqual(h.stateValue("message"), .string("2 photos moved to Trash — Ctrl+Z to undo"))
        for (i, path) in originals.enumerated() {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path))
            let name = (path as NSString).lastPathComponent
            XCTAssertEqual(FileManager.default.contents(atPath: library.trash + "/files/" + name), bytes[i])
            let info = try String(contentsOfFile: library.trash + "/info/" + name + ".trashinfo", encoding: .utf8)
            XCTAssertTrue(info.hasPrefix("[Trash Info]\nPath=" + path + "\nDeletionDate="), info)
        }

        // The watcher reports the trash; it is held back, and Ctrl+Z comes first (the worst order).
        XCTAssertTrue(hold.wait(h) { hold.updates(listing: originals[0]).contains(false) }, "the watcher reported the trash")
        h.press(.character("z"), .control)
        XCTAssertTrue(hold.wait(h) { h.stateValue("message") == .string("2 photos put back") })
        XCTAssertEqual(h.gridNames, names, "back where they were")
        XCTAssertTrue(h.grid.collectionView.elementsAreAnimating, "with an animated insert")
        for (i, path) in originals.enumerated() { XCTAssertEqual(FileManager.default.contents(atPath: path), bytes[i]) }
        hold.settle(h)
        XCTAssertEqual(touched.all, [], "the UI thread touched no file")

        // The watcher's reports of the trash and of the undo arrive now: nothing moves, nothing leaves.
        XCTAssertTrue(hold.wait(h) { hold.updates(listing: originals[0]).last == true },
                      "the watcher reported the undo: \(hold.updates(listing: originals[0]))")
        for m in hold.held {
            _ = h.browser.receive([m], at: h.clock.now)
            h.browser.update(at: h.clock.now)
            XCTAssertFalse(h.grid.collectionView.elementsAreAnimating, "a watcher report animated again")
            XCTAssertEqual(h.gridNames, names)
        }
        XCTAssertTrue(h.browser.library.presentation.restored.isEmpty && h.browser.library.presentation.hidden.isEmpty,
                      "the expectations were met and forgotten")
    }

    /// A photo's XMP sidecars (digiKam's `NAME.EXT.xmp`, Lightroom's `NAME.xmp`) go to the trash with it — trash-cli
    /// lists them, as a file manager would — and come back with it; a sidecar that a RAW+JPEG pair shares stays.
    func testSidecarsGoToTheTrashWithTheirPhotoAndComeBack() throws {
        let folder = library.root + "/A"
        let digikam = folder + "/camera.jpg.xmp", lightroom = folder + "/camera.xmp", shared = folder + "/brick.xmp"
        for path in [digikam, lightroom, shared] { try "<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".write(toFile: path, atomically: true, encoding: .utf8) }
        try FileManager.default.copyItem(atPath: folder + "/brick.jpg", toPath: folder + "/brick.png.jpg")   // not the same stem
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        let camera = try XCTUnwrap(h.gridNames.firstIndex(of: "camera.jpg"))
        let p = h.gridCenter(camera)
        h.click(x: p.x, y: p.y, modifiers: .control)
        let hold = Holding()
        h.press(.other("Delete"), name: "Delete")
        XCTAssertTrue(hold.wait(h) { (h.stateValue("message").map { "\($0)" } ?? "").contains("moved to Trash") })
        for path in [digikam, lightroom] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(path) went with its photo")
            XCTAssertTrue(FileManager.default.fileExists(atPath: library.trash + "/files/" + (path as NSString).lastPathComponent))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: shared), "another photo's sidecar stays")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/trash-list") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/trash-list")
            p.environment = ["XDG_DATA_HOME": (library.trash as NSString).deletingLastPathComponent, "PATH": "/usr/bin:/bin"]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let listed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            for path in [folder + "/camera.jpg", digikam, lightroom] { XCTAssertTrue(listed.contains(path), "trash-list lists \(path): \(listed)") }
        }
        h.press(.character("z"), .control)
        XCTAssertTrue(hold.wait(h) { h.stateValue("message") == .string("1 photo put back") })
        for path in [folder + "/camera.jpg", digikam, lightroom] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(path) is back")
        }
    }

    func testAPhotoThatCannotBeTrashedComesBackAndTheMessageSaysWhy() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        // The trash cannot be made: its folder is a file.
        FileManager.default.createFile(atPath: library.trash, contents: Data("not a folder".utf8))
        let p = h.gridCenter(0)
        h.handle(.pointerMoved(x: p.x, y: p.y, modifiers: [], time: h.clock.now))
        h.press(.other("Delete"), name: "Delete")
        XCTAssertEqual(h.gridNames.count, 4)
        XCTAssertTrue(h.wait { h.gridNames.count == 5 }, "the photo comes back")
        guard case .string(let text)? = h.stateValue("message") else { return XCTFail("no message") }
        XCTAssertTrue(text.hasPrefix("Not moved: "), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: library.root + "/A/brick.jpg"))
        XCTAssertEqual(h.browser.actions.undoStack.count, 0)
    }
}

/// File accesses recorded from the main thread (the observer runs on any thread).
final class MainThreadAccesses: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ s: String) { lock.withLock { list.append(s) } }
    var all: [String] { lock.withLock { list } }
}
