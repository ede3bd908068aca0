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
}
