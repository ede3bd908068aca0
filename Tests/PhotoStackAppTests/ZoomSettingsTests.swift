import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 14: the zoom levels are remembered between launches — saved through the actions' settings path (encoded on
/// the UI thread, written by the action worker) into the settings file, applied at the next launch; a corrupt file
/// gives the defaults and a note.
final class ZoomSettingsTests: XCTestCase {
    typealias Z = ZoomTestSupport

    private func store() -> SettingsStore {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-zoomsettings-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return SettingsStore(path: PhotoPath(dir.path + "/photostack/settings.json"))
    }

    func testZoomLevelsAreSavedAndAppliedAtTheNextLaunch() throws {
        let root = try Z.library(albums: 12, photos: 30, in: self)
        let store = store()
        let first = Z.browser(root: root)
        first.browser.configure(settings: store.load(), store: store, options: try BrowserOptions.parse([]))
        let p = Point(x: 960, y: 540)
        Z.ctrlWheel(first, 1, at: p); Z.settle(first)
        Z.ctrlWheel(first, 1, at: p); Z.settle(first)
        XCTAssertEqual(Z.int(first, "columns"), 9)
        XCTAssertTrue(first.wait { store.load().albumsZoomLevel == -2 }, "saved by the worker")
        let c = first.stackCenter(section: 0)
        first.click(x: c.x, y: c.y); Z.settle(first)
        XCTAssertTrue(first.browser.top is AlbumScreen)
        let gridDefault = Z.int(first, "columns") ?? 0
        Z.ctrlWheel(first, -1, at: p); Z.settle(first)
        let gridLevel = try XCTUnwrap(Z.int(first, "zoomLevel"))
        XCTAssertGreaterThan(gridLevel, 0)
        let gridColumns = Z.int(first, "columns") ?? 0
        XCTAssertLessThan(gridColumns, gridDefault)
        XCTAssertTrue(first.wait { store.load().albumGridZoomLevel == gridLevel })
        first.browser.finishFileWork()
        XCTAssertEqual(store.load().albumsZoomLevel, -2, "the albums level is kept beside the grid's")
        XCTAssertEqual(store.load().sortOrder, .name)

        let second = Z.browser(root: root)
        second.browser.configure(settings: store.load(), store: store, options: try BrowserOptions.parse([]))
        Z.settle(second)
        XCTAssertEqual(Z.int(second, "columns"), 9, "the albums screen opens zoomed out")
        XCTAssertEqual(Z.int(second, "zoomLevel"), -2)
        let c2 = second.stackCenter(section: 0)
        second.click(x: c2.x, y: c2.y); Z.settle(second)
        XCTAssertEqual(Z.int(second, "zoomLevel"), gridLevel)
        XCTAssertEqual(Z.int(second, "columns"), gridColumns, "the grid opens at its saved zoom")
    }

    func testACorruptSettingsFileGivesTheDefaultZoomAndANote() throws {
        let root = try Z.library(albums: 6, photos: 3, in: self)
        let store = store()
        try FileManager.default.createDirectory(atPath: (store.path.string as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data("{\"albumsZoomLevel\": -2, ".utf8).write(to: URL(fileURLWithPath: store.path.string))
        var notes: [String] = []
        let settings = store.load { notes.append($0) }
        XCTAssertEqual(notes.count, 1)
        let b = Z.browser(root: root)
        b.browser.configure(settings: settings, store: store, options: try BrowserOptions.parse([]))
        Z.settle(b)
        XCTAssertEqual(Z.int(b, "columns"), 3)
        XCTAssertEqual(Z.int(b, "zoomLevel"), 0)
        // A valid file with an out-of-range level is clamped, not trusted.
        try Data("{\"albumsZoomLevel\": -40}".utf8).write(to: URL(fileURLWithPath: store.path.string))
        let c = Z.browser(root: root)
        c.browser.configure(settings: store.load(), store: store, options: try BrowserOptions.parse([]))
        Z.settle(c)
        XCTAssertEqual(Z.int(c, "columns"), 12)
    }
}
