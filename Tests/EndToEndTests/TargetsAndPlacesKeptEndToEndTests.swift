import Foundation
import XCTest

/// Issue 32 in the real window: actions apply to the keyboard ring after the arrows moved it, even with the pointer
/// resting on another photo; the keyboard focus follows its album through a live insert; leaving a slideshow shows
/// the photo that was on screen; a missing opener is said in the window.
final class TargetsAndPlacesKeptEndToEndTests: XCTestCase {
    /// A folder of `count` photos p1.jpg… of distinct flat colours.
    func makeAlbum(_ count: Int, in dir: String) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for i in 1...count {
            let r = try AppSession.execute("/usr/bin/convert", ["-size", "480x320", "xc:rgb(\(40 * i % 256),\(90 + 20 * i),140)",
                                                               "\(dir)/p\(i).jpg"], display: nil)
            XCTAssertEqual(r.status, 0, r.err)
        }
    }

    func temporaryFolder(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ps-\(name)-\(UUID().uuidString)").path
    }

    func testDeleteActsOnTheRingNotOnThePhotoThePointerRestsOn() throws {
        try AppSession.requireTools()
        let root = temporaryFolder("ring"), album = root + "/Album"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try makeAlbum(4, in: album)
        let s = try AppSession(arguments: [album], width: 1024, height: 768)
        defer { s.stop() }
        let grid = try s.expectState("the grid, loaded") {
            $0.screen == "album" && !$0.animating && $0.photos.count == 4 && $0.photos.allSatisfy { $0["status"] as? String == "loaded" }
        }
        // The pointer comes to rest on the fourth photo: it is the target, and framed.
        let last = try XCTUnwrap(grid.cells.first { $0.item == 3 })
        try s.xdotool(s.move(last.centerX - grid.offsetX, last.centerY - grid.offsetY))
        try s.expectState("the pointer targets photo 4") { $0.int("pointerTarget") == 3 }
        // The arrows move the ring to the second photo; the pointer does not move.
        try s.key("Right")
        try s.key("Right")
        try s.expectState("the ring on photo 2, the pointer no longer the target") { $0.int("selected") == 1 && $0.int("pointerTarget") == nil }
        try s.key("Delete")
        try s.expectState("three photos left") { $0.int("photoCount") == 3 }
        XCTAssertFalse(FileManager.default.fileExists(atPath: album + "/p2.jpg"), "the ringed photo went to the trash")
        XCTAssertTrue(FileManager.default.fileExists(atPath: album + "/p4.jpg"), "not the photo under the resting pointer")
    }

    func testEnterOpensTheFocusedAlbumAfterOneIsAddedBeforeIt() throws {
        try AppSession.requireTools()
        let root = temporaryFolder("focus")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try makeAlbum(2, in: root + "/B album")
        try makeAlbum(2, in: root + "/C album")
        let s = try AppSession(arguments: [root], width: 1024, height: 768)
        defer { s.stop() }
        try s.expectState("two albums") { $0.screen == "albums" && $0.int("albums") == 2 && $0.bool("scanning") == false }
        try s.key("Right")
        try s.key("Right")
        try s.expectState("the ring on the second album") { $0.int("selected") == 1 }
        try makeAlbum(2, in: root + "/A album")   // sorts before both
        try s.expectState("the new album first, the ring still on “C album”") { $0.int("albums") == 3 && $0.int("selected") == 2 }
        try s.key("Return")
        let opened = try s.expectState("an album opened") { $0.screen == "album" }
        XCTAssertEqual(opened.layout["album"] as? String, "C album")
    }

    func testEscapeFromASlideshowLandsOnThePhotoOnScreen() throws {
        try AppSession.requireTools()
        let root = temporaryFolder("slideshow"), album = root + "/Album"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try makeAlbum(7, in: album)
        let s = try AppSession(arguments: [album + "/p1.jpg"], width: 1024, height: 768)
        defer { s.stop() }
        try s.expectState("the photo view on p1") { $0.screen == "photo" && $0.int("index") == 0 && !$0.animating }
        try s.key("s")
        try s.expectState("the slideshow") { $0.screen == "slideshow" }
        for _ in 0..<4 { try s.key("Right") }
        try s.expectState("the slideshow on photo 5") { $0.screen == "slideshow" && $0.int("index") == 4 }
        try s.key("Escape")
        let back = try s.expectState("the photo view again") { $0.screen == "photo" }
        XCTAssertEqual(back.int("index"), 4, "the photo that was on screen, not the one the slideshow started from")
        XCTAssertEqual(back.layout["photo"] as? String, "p5.jpg")
    }

    func testOpenWithoutAnOpenerIsSaidInTheWindow() throws {
        try AppSession.requireTools()
        let root = temporaryFolder("opener"), album = root + "/Album", bin = root + "/bin"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try makeAlbum(2, in: album)
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        // A PATH without xdg-open (as on a system without xdg-utils).
        let s = try AppSession(arguments: [album], width: 1024, height: 768, environment: ["PATH": bin])
        defer { s.stop() }
        try s.expectState("the grid") { $0.screen == "album" && $0.int("photoCount") == 2 && !$0.animating }
        try s.key("Right")
        try s.key("shift+Return")
        let said = try s.expectState("the note") { ($0.layout["message"] as? String)?.contains("xdg-open is not installed") == true }
        XCTAssertTrue((said.layout["message"] as? String)?.contains("xdg-utils") == true, said.summary)
    }

    /// The window opens at the size and place it had when it was last closed (under openbox, which decorates it).
    func testTheWindowsSizeAndPlaceAreRemembered() throws {
        try AppSession.requireTools()
        try AppSession.requireWindowManager()
        let root = temporaryFolder("window"), album = root + "/Album", config = root + "/config"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try makeAlbum(2, in: album)
        let first = try AppSession(arguments: [album], width: 800, height: 600, screen: (1400, 1000), windowManager: true,
                                   environment: ["XDG_CONFIG_HOME": config])
        try first.expectState("the grid") { $0.screen == "album" && !$0.animating }
        try first.run("/usr/bin/xdotool", ["windowsize", first.windowID, "900", "640"])
        try first.expectState("resized") { AppStateReading.number(($0.json["window"] as? [String: Any])?["width"]) == 900 }
        try first.run("/usr/bin/xdotool", ["windowmove", first.windowID, "230", "140"])
        XCTAssertTrue(AppSession.poll(timeout: 5) { (try? first.windowGeometry())?.x ?? 0 >= 200 }, "moved")
        let placed = try first.windowGeometry()
        try first.key("q")
        XCTAssertEqual(first.waitForAppExit(timeout: 5), 0)
        first.stop()

        let second = try AppSession(arguments: [album], width: 800, height: 600, screen: (1400, 1000), windowManager: true,
                                    environment: ["XDG_CONFIG_HOME": config], passesSize: false)
        defer { second.stop() }
        let state = try second.expectState("the grid again") { $0.screen == "album" }
        XCTAssertEqual(AppStateReading.number((state.json["window"] as? [String: Any])?["width"]), 900)
        XCTAssertEqual(AppStateReading.number((state.json["window"] as? [String: Any])?["height"]), 640)
        // The place: the frame's top-left was saved (the client's place less openbox's decoration) and is asked for
        // again as a user-specified position (this session's openbox is told to put PhotoStack at 0,0 whatever it asks,
        // so the request is what is checked).
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: config + "/photostack/settings.json")))
        let window = try XCTUnwrap((saved as? [String: Any])?["windowGeometry"] as? [String: Any])
        let x = try XCTUnwrap(AppStateReading.number(window["x"])), y = try XCTUnwrap(AppStateReading.number(window["y"]))
        XCTAssertTrue(placed.x - Int(x) >= 0 && placed.x - Int(x) <= 10, "the frame's left: \(x) for a client at \(placed.x)")
        XCTAssertTrue(placed.y - Int(y) >= 0 && placed.y - Int(y) <= 60, "the frame's top: \(y) for a client at \(placed.y)")
        let hints = try second.xprop(["WM_NORMAL_HINTS"])
        XCTAssertTrue(hints.contains("user specified location: \(Int(x)), \(Int(y))"), hints)
    }

    /// What goes wrong outside the app is said in the window: Ctrl+Z of a delete that another program already put
    /// back, and the open album's folder going away.
    func testChangesMadeElsewhereAreSaidInTheWindow() throws {
        try AppSession.requireTools()
        let root = temporaryFolder("elsewhere"), album = root + "/Album"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try makeAlbum(2, in: root + "/Other")
        try makeAlbum(3, in: album)
        let s = try AppSession(arguments: [root, "--open-album", "0"], width: 1024, height: 768)
        defer { s.stop() }
        try s.expectState("the grid") { $0.screen == "album" && $0.int("photoCount") == 3 && !$0.animating }
        try s.key("Right")
        try s.key("Delete")
        try s.expectState("trashed") { $0.int("photoCount") == 2 }
        let trashed = s.dataHome + "/Trash/files/p1.jpg"
        XCTAssertTrue(AppSession.poll(timeout: 5) { FileManager.default.fileExists(atPath: trashed) })
        try FileManager.default.moveItem(atPath: trashed, toPath: album + "/p1.jpg")   // another program puts it back
        try s.key("ctrl+z")
        try s.expectState("said") { ($0.layout["message"] as? String)?.contains("already back in its folder") == true }
        try FileManager.default.removeItem(atPath: album)
        let gone = try s.expectState("the albums screen, and why") { $0.screen == "albums" && $0.layout["message"] != nil }
        XCTAssertTrue((gone.layout["message"] as? String)?.contains("“Album” is no longer there") == true, gone.summary)
    }
}
