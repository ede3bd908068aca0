import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// A small library of real files (copies of sample photos, so the tests may trash and rotate them) in a
/// temporary folder, with a trash folder of its own beside it. Removed by `remove()`.
struct ActionTestLibrary {
    let base: String
    var root: String { base + "/library" }
    var trash: String { base + "/Trash" }

    /// `albums`: folder name → sample files (paths relative to assets/library) copied into it.
    init(_ albums: [String: [String]]) throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-actions-\(UUID().uuidString)").path
        let samples = BrowserHarness.sampleLibrary
        for (folder, files) in albums {
            let dir = root + "/" + folder
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for f in files {
                try FileManager.default.copyItem(atPath: samples + "/" + f, toPath: dir + "/" + (f as NSString).lastPathComponent)
            }
        }
    }

    /// Two albums: "A" with five JPEGs, "B" with two JPEGs and a PNG.
    static func standard() throws -> ActionTestLibrary {
        try ActionTestLibrary([
            "A": ["Black and White/brick.jpg", "Black and White/camera.jpg", "Black and White/grass.jpg",
                  "Black and White/gravel.jpg", "Gatos e Café/coffee.jpg"],
            "B": ["Geometry/pattern-1.jpg", "Geometry/pattern-2.jpg", "Gatos e Café/chelsea.png"],
        ])
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    func bytes(_ relative: String) -> Data? { FileManager.default.contents(atPath: root + "/" + relative) }
}

extension BrowserHarness {
    /// A harness on `library` whose actions use the library's own trash folder and no taken-date cache on disk.
    convenience init(actions library: ActionTestLibrary, width: Double = 1280, height: Double = 800) {
        self.init(root: library.root, width: width, height: height)
        let inbox = self.inbox
        let post: Post = { inbox.post($0) }
        browser.actions = ActionController(browser: browser, post: post,
                                           worker: ActionWorker(post: post, trash: Trash(homeTrash: PhotoPath(library.trash))))
        browser.actions.takenDates = TakenDateReader(post: post, cacheFile: nil)
    }

    /// The platform requests the actions made (the controller's default services record them).
    var services: RecordingServices { browser.actions.services as! RecordingServices }

    /// Hands the recorder's simulated answers (fullscreen, clipboard requests) to the browser, as a host's turn does.
    func deliverHostEvents() {
        for e in services.takeEvents() { handle(e) }
    }

    /// Opens album `section` (a click on its stack) and lets the photos fly out and load.
    func openAlbum(_ section: Int) {
        let c = stackCenter(section: section)
        click(x: c.x, y: c.y)
        settle()
        waitUntilReady()
    }

    /// The open album's grid.
    var grid: AlbumScreen { browser.top as! AlbumScreen }

    /// The centre of grid item `item` in window points.
    func gridCenter(_ item: Int) -> Point {
        let cv = grid.collectionView
        let a = cv.collectionViewLayout.layoutAttributesForItem(at: StackEngine.IndexPath(item: item, section: 0))!
        let o = cv.contentOffset
        return Point(x: a.frame.midX - o.x, y: a.frame.midY - o.y)
    }

    /// A left click with modifiers at (x, y).
    func click(x: Double, y: Double, modifiers: Modifiers) {
        handle(.pointerMoved(x: x, y: y, modifiers: modifiers, time: clock.now))
        handle(.pointerDown(PointerEvent(button: .left, x: x, y: y, modifiers: modifiers, time: clock.now)))
        clock.advance(by: 0.05)
        handle(.pointerUp(PointerEvent(button: .left, x: x, y: y, modifiers: modifiers, time: clock.now)))
    }

    /// A key with its keysym name (Delete is `.other("Delete")`).
    func press(_ key: Key, _ modifiers: Modifiers = [], name: String = "") {
        handle(.key(KeyEvent(key: key, keysymName: name, text: "", modifiers: modifiers, time: clock.now)))
    }

    /// The names of the grid's photos in order.
    var gridNames: [String] { grid.album.photos.map(\.displayName) }

    /// The `layout` field `key` of the state now.
    func stateValue(_ key: String) -> StateValue? { browser.state().layout[key] }
}
