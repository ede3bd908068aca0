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

/// Puts an EXIF DateTimeOriginal ("YYYY:MM:DD HH:MM:SS") into a JPEG: a minimal little-endian APP1 segment right
/// after SOI (IFD0 with only the Exif IFD pointer, the Exif IFD with only the date).
enum ExifDateJPEG {
    static func insert(date: String, intoFileAt path: String) throws {
        var jpeg = try XCTUnwrap(FileManager.default.contents(atPath: path).map(Array.init))
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let text = Array(date.utf8) + [0]
        var tiff: [UInt8] = [0x49, 0x49] + u16(42) + u32(8)
        tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(26) + u32(0)                   // IFD0: the Exif IFD at 26
        tiff += u16(1) + u16(0x9003) + u16(2) + u32(text.count) + u32(44) + u32(0) + text  // DateTimeOriginal at 44
        let payload: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = payload.count + 2
        jpeg.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload, at: 2)
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
    }
}

extension ActionTestLibrary {
    /// Sets a file's modification time to 1 January of `year`, noon UTC.
    func setModified(_ relative: String, year: Int) throws {
        var c = DateComponents()
        c.year = year; c.month = 1; c.day = 1; c.hour = 12
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        try FileManager.default.setAttributes([.modificationDate: calendar.date(from: c)!], ofItemAtPath: root + "/" + relative)
    }
}
