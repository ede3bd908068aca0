import Foundation
import XCTest

/// Issue 17 in a real X session (under openbox): the window icon, the context menu (a popup window; Escape closes it), copy to
/// the CLIPBOARD read back by xclip (a URI list, and a PNG of the photo's size sent with INCR), Delete into the
/// session's trash and Ctrl+Z back, fullscreen under a window manager, and the slideshow.
final class DesktopActionsEndToEndTests: XCTestCase {
    /// A folder of three photos: two sample JPEGs and a generated 1600×1000 one (its PNG is megabytes: INCR).
    func makeAlbum() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-desk-\(UUID().uuidString)/Album").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let samples = AppSession.root.appendingPathComponent("assets/library/Black and White").path
        for f in ["brick.jpg", "camera.jpg"] { try FileManager.default.copyItem(atPath: samples + "/" + f, toPath: dir + "/" + f) }
        let r = try AppSession.execute("/usr/bin/convert", ["-size", "1600x1000", "plasma:fractal", "-quality", "92", dir + "/wide.jpg"],
                                       display: nil)
        XCTAssertEqual(r.status, 0, r.err)
        return dir
    }

    func testIconMenuCopyTrashAndFullscreenInARealSession() throws {
        try AppSession.requireDesktopTools()
        let album = try makeAlbum()
        defer { try? FileManager.default.removeItem(atPath: (album as NSString).deletingLastPathComponent) }
        // Under openbox from the start (AppSession+WindowManager.swift), on a screen with room for its frame.
        let s = try AppSession(arguments: [album], screen: (1280, 1024), windowManager: true)
        defer { s.stop() }
        let grid = try s.expectState("the album's grid with its photos loaded") {
            $0.screen == "album" && !$0.animating && $0.photos.count == 3 && $0.photos.allSatisfy { $0["status"] as? String == "loaded" }
        }
        func center(_ file: String) throws -> (Double, Double) {
            let item = try XCTUnwrap(grid.photos.first { $0["file"] as? String == file }.flatMap { AppStateReading.number($0["item"]) }, file)
            let v = try XCTUnwrap(grid.cells.first { $0.item == Int(item) })
            return (v.centerX - grid.offsetX, v.centerY - grid.offsetY)
        }

        // The window icon was set before the window was mapped.
        let icon = try s.xprop(["_NET_WM_ICON"])
        XCTAssertTrue(icon.contains("Icon (16 x 16)") && icon.contains("Icon (128 x 128)"), String(icon.prefix(200)))

        // Right-click: the menu's popup window; Escape closes it.
        let (bx, by) = try center("brick.jpg")
        try s.click(x: bx, y: by, button: 3)
        let withMenu = try s.expectState("the menu") { $0.raw.contains("\"menu\"") }
        XCTAssertTrue(withMenu.raw.contains("Move to the Trash"), withMenu.summary)
        XCTAssertTrue(AppSession.poll(timeout: 5) { (try? s.run("/usr/bin/xdotool", ["search", "--name", "PhotoStack menu"])) != nil },
                      "the menu is a window of its own")
        try s.screenshotOfScreen(to: s.tempDir.appendingPathComponent("menu.png").path)
        try s.key("Escape")
        try s.expectState("the menu closed") { !$0.raw.contains("\"menu\"") }
        XCTAssertTrue(AppSession.poll(timeout: 5) { (try? s.run("/usr/bin/xdotool", ["search", "--name", "PhotoStack menu"])) == nil })
        XCTAssertEqual(s.state()?.screen, "album", "Escape closed the menu only")

        // Ctrl+C on the wide photo: its URI, and a PNG of its size (sent in pieces: INCR).
        let (wx, wy) = try center("wide.jpg")
        try s.xdotool(s.move(wx, wy) + ["sleep", "0.1", "key", "ctrl+c"])
        try s.expectState("copied") { $0.raw.contains("Copied wide.jpg") }
        let uris = try XCTUnwrap(s.clipboard("text/uri-list"))
        XCTAssertEqual(String(decoding: uris, as: UTF8.self), "file://" + album + "/wide.jpg\r\n")
        let pngPath = s.tempDir.appendingPathComponent("clip.png").path
        XCTAssertTrue(try s.clipboard("image/png", to: pngPath))
        let png = try XCTUnwrap(FileManager.default.contents(atPath: pngPath))
        XCTAssertGreaterThan(png.count, 1 << 20, "large enough to need INCR")
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ o: Int) -> Int { png[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual([be32(16), be32(20)], [1600, 1000], "the PNG has the photo's size")

        // Delete: the photo goes to the session's trash with a valid info file; Ctrl+Z puts it back, same bytes.
        let original = try XCTUnwrap(FileManager.default.contents(atPath: album + "/brick.jpg"))
        try s.xdotool(s.move(bx, by) + ["sleep", "0.1", "key", "Delete"])
        try s.expectState("two photos left") { $0.int("photoCount") == 2 && $0.raw.contains("moved to Trash") }
        let trashed = s.dataHome + "/Trash/files/brick.jpg"
        XCTAssertTrue(AppSession.poll(timeout: 5) { FileManager.default.fileExists(atPath: trashed) })
        XCTAssertFalse(FileManager.default.fileExists(atPath: album + "/brick.jpg"))
        XCTAssertEqual(FileManager.default.contents(atPath: trashed), original)
        let info = try String(contentsOfFile: s.dataHome + "/Trash/info/brick.jpg.trashinfo", encoding: .utf8)
        let lines = info.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "[Trash Info]")
        XCTAssertEqual(lines.dropFirst().first, "Path=" + album + "/brick.jpg")
        XCTAssertNotNil(lines.last?.range(of: #"^DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$"#, options: .regularExpression), info)
        try s.key("ctrl+z")
        try s.expectState("three photos again") { $0.int("photoCount") == 3 && $0.raw.contains("put back") }
        XCTAssertEqual(FileManager.default.contents(atPath: album + "/brick.jpg"), original, "back at the same path, same bytes")
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed))
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.dataHome + "/Trash/info/brick.jpg.trashinfo"))

        // Fullscreen under the window manager: F11 sets _NET_WM_STATE_FULLSCREEN, Escape leaves it first.
        try s.key("F11")
        XCTAssertTrue(AppSession.poll(timeout: 5) { (try? s.xprop(["_NET_WM_STATE"]))?.contains("_NET_WM_STATE_FULLSCREEN") == true },
                      (try? s.xprop(["_NET_WM_STATE"])) ?? "")
        try s.expectState("fullscreen") { $0.bool("fullscreen") == true }
        try s.key("Escape")
        XCTAssertTrue(AppSession.poll(timeout: 5) { (try? s.xprop(["_NET_WM_STATE"]))?.contains("_NET_WM_STATE_FULLSCREEN") == false })
        try s.expectState("windowed, still in the album") { $0.bool("fullscreen") == false && $0.screen == "album" }
    }

    func testTheSlideshowAdvancesByItself() throws {
        let album = try makeAlbum()
        defer { try? FileManager.default.removeItem(atPath: (album as NSString).deletingLastPathComponent) }
        let s = try AppSession(arguments: [album, "--slideshow", "1"])
        defer { s.stop() }
        let first = try s.expectState("the slideshow") { $0.screen == "slideshow" }
        let start = first.string("photo")
        try s.expectState("two slides later", timeout: 15) { ($0.int("advances") ?? 0) >= 2 }
        let later = try XCTUnwrap(s.state())
        XCTAssertNotEqual(later.string("photo"), start)
        XCTAssertEqual(later.bool("paused"), false)
        try s.key("space")
        try s.expectState("paused") { $0.bool("paused") == true }
    }
}
