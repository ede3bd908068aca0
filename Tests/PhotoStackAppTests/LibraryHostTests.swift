import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 32 (item 3): the app's first screen lands on Places when there is nothing to open; choosing an entry there
/// opens that folder as the library and remembers it; Ctrl+O from the browser comes back to Places, and Escape to
/// the browser as it was. The UI thread never touches the file system on the way.
final class LibraryHostTests: XCTestCase {
    let inbox = Inbox<AppMessage>()
    var headless: HeadlessHost!

    /// Delivers background results to `host` until `condition` holds (waiting on the inbox's wake-up, bounded).
    func pump(_ host: LibraryHost, until condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(20)
        while !condition() {
            guard Date() < deadline else { return XCTFail("timed out", file: file, line: line) }
            headless.waitForWake(timeout: 0.05)
            let m = inbox.take()
            if !m.isEmpty { _ = host.receive(m, at: 0) }
            host.update(at: 0)
        }
    }

    func key(_ host: LibraryHost, _ k: Key, _ modifiers: Modifiers = []) {
        let name: String
        if case .character(let c) = k { name = c } else { name = "" }
        _ = host.handle(.key(KeyEvent(key: k, keysymName: name, text: "", modifiers: modifiers, time: 0)), at: 0)
    }

    func testAnEmptyPicturesFolderLandsOnPlacesAndABookmarkOpensAsTheLibrary() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-host-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        let home = root + "/home"
        try FileManager.default.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/.config/gtk-3.0", withIntermediateDirectories: true)
        let trips = root + "/My Trips"
        try FileManager.default.createDirectory(atPath: trips, withIntermediateDirectories: true)
        for name in ["brick.jpg", "camera.jpg"] {
            let from = try XCTUnwrap(FileManager.default.enumerator(atPath: BrowserHarness.sampleLibrary)?.allObjects
                .compactMap { $0 as? String }.first { $0.hasSuffix("/" + name) })
            try FileManager.default.copyItem(atPath: BrowserHarness.sampleLibrary + "/" + from, toPath: trips + "/" + name)
        }
        try "file://\(root)/My%20Trips Trips\n".write(toFile: home + "/.config/gtk-3.0/bookmarks", atomically: true, encoding: .utf8)
        let env = LaunchEnvironment(variables: ["HOME": home], currentDirectory: root, homeDirectory: home, sampleLibrary: nil)
        let store = SettingsStore(path: PhotoPath(root + "/config/settings.json"))

        headless = try HeadlessHost(width: 1024, height: 768, scale: 1)
        inbox.connect(wake: headless.wake)
        let touchedOnUIThread = Touches()
        FileAccess.observe { _, path in if Thread.isMainThread { touchedOnUIThread.add(path.string) } }
        defer { FileAccess.observe(nil) }

        let plan = try BrowserLaunch.resolve([], environment: env)
        let inbox = self.inbox
        let host = BrowserLaunch.makeHost(plan: plan, post: { inbox.post($0) }, options: try BrowserOptions.parse([]), environment: env, store: store)
        touchedOnUIThread.clear()   // the plan and the settings are read before the window and its loop exist
        host.resize(width: 1024, height: 768, scale: 1, at: 0)
        XCTAssertEqual(host.name, "places")
        let places = try XCTUnwrap(host.places)
        XCTAssertEqual(places.headline, "No photos in ~/Pictures — choose a folder to open")
        XCTAssertNil(places.onBack, "nowhere to go back to")
        pump(host) { !places.isLoading }
        // (Drives and shares are this machine's own.)
        XCTAssertEqual(places.places.filter { $0.kind != .drive && $0.kind != .network }.map(\.name), ["Pictures", "Home", "Trips"])

        key(host, .down); key(host, .down); key(host, .enter)
        pump(host) { host.browser.map { !$0.library.isScanning } ?? false }
        XCTAssertEqual(host.name, "album", "a flat folder opens on its grid")
        XCTAssertEqual(host.browser?.library.root, PhotoPath(trips))
        XCTAssertEqual(touchedOnUIThread.paths, [], "the UI thread touched the file system")
        host.finishFileWork()
        XCTAssertEqual(store.load().recentLibraries, [trips], "remembered as a recent library")

        // Ctrl+O: Places over the browser, listing the recent library; Escape: back to the same browser.
        let browser = host.browser
        key(host, .character("o"), [.control])
        XCTAssertEqual(host.name, "places")
        let again = try XCTUnwrap(host.places)
        XCTAssertNotNil(again.onBack)
        pump(host) { !again.isLoading }
        XCTAssertEqual(again.places.map(\.kind).filter { $0 != .drive && $0 != .network }, [.pictures, .home, .recent],
                       "the bookmark is the recent library, listed once")
        key(host, .escape)
        XCTAssertNil(host.places)
        XCTAssertTrue(host.browser === browser)
        XCTAssertEqual(host.name, "album")

        // The right-click menu has the entry, with its shortcut, and running it shows Places.
        let actions = try XCTUnwrap(browser?.actions)
        let row = try XCTUnwrap(actions.menuRows(for: actions.keyboardTargets()).first { $0.action == .places })
        XCTAssertEqual([row.title, row.shortcut], ["Open folder…", "Ctrl+O"])
        XCTAssertTrue(row.enabled)
        actions.perform(.places)
        XCTAssertEqual(host.name, "places")
        XCTAssertTrue(HelpOverlay.sections[0].rows.contains { $0.keys == "Ctrl+O" && $0.text == "Open folder…" }, "the help overlay lists it")
    }

    /// A folder chosen on Places that holds no photo is not opened: the screen says so.
    func testAFolderWithoutPhotosIsNotOpenedAndTheScreenSaysSo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-host-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        headless = try HeadlessHost(width: 1024, height: 768, scale: 1)
        inbox.connect(wake: headless.wake)
        let env = LaunchEnvironment(variables: [:], currentDirectory: root, homeDirectory: root + "/home", sampleLibrary: nil)
        let inbox = self.inbox
        let host = BrowserLaunch.makeHost(plan: .places(headline: "Open a folder"), post: { inbox.post($0) }, options: try BrowserOptions.parse([]),
                                          environment: env, store: SettingsStore(path: PhotoPath(root + "/settings.json")))
        host.resize(width: 1024, height: 768, scale: 1, at: 0)
        let places = try XCTUnwrap(host.places)
        pump(host) { !places.isLoading }
        let homeRow = try XCTUnwrap(places.places.firstIndex { $0.kind == .home })
        places.selected = homeRow
        key(host, .enter)
        pump(host) { places.status?.hasPrefix("No photos") ?? false }
        XCTAssertEqual(places.status, "No photos in ~ — choose another folder")
        XCTAssertNil(host.browser)
    }

    /// A run that stayed on Places remembers the window too (there is no browser to save it).
    func testARunThatStayedOnPlacesRemembersTheWindow() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-host-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        let store = SettingsStore(path: PhotoPath(root + "/settings.json"))
        var saved = AppSettings()
        saved.rememberLibrary("/srv/old")
        try store.save(saved)
        let env = LaunchEnvironment(variables: [:], currentDirectory: root, homeDirectory: root, sampleLibrary: nil)
        let host = BrowserLaunch.makeHost(plan: .places(headline: "Open a folder"), post: { _ in }, options: try BrowserOptions.parse([]),
                                          environment: env, store: store)
        XCTAssertNil(host.rememberedWindow)
        host.rememberWindow(WindowGeometry(width: 900, height: 700, x: 10, y: 20))
        let loaded = store.load()
        XCTAssertEqual(loaded.window, WindowGeometry(width: 900, height: 700, x: 10, y: 20))
        XCTAssertEqual(loaded.recentLibraries, ["/srv/old"], "the other settings kept")
    }
}

/// Paths recorded from any thread.
final class Touches: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ p: String) { lock.withLock { list.append(p) } }
    func clear() { lock.withLock { list.removeAll() } }
    var paths: [String] { lock.withLock { list } }
}
