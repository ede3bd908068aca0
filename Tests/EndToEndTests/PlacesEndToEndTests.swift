import Foundation
import XCTest

/// Issue 32 (item 3): a first run that always shows something. With an empty ~/Pictures and no sample library
/// within reach, the window opens on Places (not an exit); choosing a bookmark with the keyboard opens that folder
/// as the library; Ctrl+O comes back to Places (the folder now listed as recent) and Escape back to the library.
final class PlacesEndToEndTests: XCTestCase {
    let fm = FileManager.default

    func testAnEmptyPicturesFolderOpensPlacesAndABookmarkChosenWithTheKeyboardOpensAsTheLibrary() throws {
        try AppSession.requireTools()
        let root = fm.temporaryDirectory.appendingPathComponent("photostack-places-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        let home = root + "/home"
        try fm.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: home + "/.config/gtk-3.0", withIntermediateDirectories: true)
        // A folder of two albums, bookmarked with a label; and a bookmark whose folder is gone.
        let trips = root + "/Trips Away"
        let samples = TestLibrary.samplePhotos
        for (i, album) in ["Lisbon", "Porto"].enumerated() {
            try fm.createDirectory(atPath: trips + "/" + album, withIntermediateDirectories: true)
            for j in 0..<2 { try fm.copyItem(atPath: samples[i * 2 + j], toPath: trips + "/\(album)/p\(j).jpg") }
        }
        try "file://\(root)/Gone\nfile://\(root)/Trips%20Away Holidays\n"
            .write(toFile: home + "/.config/gtk-3.0/bookmarks", atomically: true, encoding: .utf8)
        // The binary away from the repository (no assets/library above it), run from a folder without one.
        try fm.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try fm.copyItem(atPath: AppSession.binary, toPath: root + "/bin/photostack")

        let s = try AppSession(arguments: [], environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "PHOTOSTACK_ASSETS": ""],
                               workingDirectory: root, binary: root + "/bin/photostack")
        defer { s.stop() }
        let places = try s.expectState("the Places screen with its entries", timeout: 15) { st in
            st.screen == "places" && st.bool("loading") == false
        }
        XCTAssertEqual(places.string("headline"), "No photos in ~/Pictures — choose a folder to open")
        // (Drives and shares are this machine's own.)
        let entries = (places.layout["entries"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String != "drive" && $0["kind"] as? String != "network" }
        XCTAssertEqual(entries.map { $0["name"] as? String ?? "" }, ["Pictures", "Home", "Gone", "Holidays"])
        XCTAssertEqual(entries.map { $0["available"] as? Bool ?? true }, [true, true, false, true])
        XCTAssertEqual(entries[2]["reason"] as? String, "folder not found")
        XCTAssertEqual(places.int("selected"), 1, "not on the empty pictures folder: on Home")

        // Down to the missing folder: Enter says why and stays; down to Holidays: Enter opens it.
        try s.key("Down"); try s.key("Return")
        try s.expectState("the reason in the status line") { $0.string("status") == "Gone cannot be opened: folder not found" }
        try s.key("Down"); try s.key("Return")
        let library = try s.expectState("the bookmarked folder open as the library", timeout: 15) { st in
            st.screen == "albums" && st.bool("scanning") == false && st.int("albums") == 2 && st.isAtRest
        }
        XCTAssertEqual(library.string("library"), trips)

        // Ctrl+O: Places again, the folder now a recent library; Escape: back to it.
        try s.key("ctrl+o")
        let again = try s.expectState("Places over the library") { $0.screen == "places" && $0.bool("loading") == false }
        let kinds = (again.layout["entries"] as? [[String: Any]] ?? []).map { ($0["kind"] as? String ?? "", $0["path"] as? String ?? "") }
        XCTAssertTrue(kinds.contains { $0 == ("recent", trips) }, "\(kinds)")
        try s.key("Escape")
        try s.expectState("back on the library") { $0.screen == "albums" && $0.string("library") == trips }
    }
}
