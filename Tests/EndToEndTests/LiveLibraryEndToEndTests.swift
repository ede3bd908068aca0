import Foundation
import XCTest

/// Issue 13: the library is live. Photos and albums added, deleted, edited or renamed while the window is open
/// show up within 2 s, with no restart — on the albums screen and in an open album.
final class LiveLibraryEndToEndTests: XCTestCase {
    let fm = FileManager.default

    /// A library of real files (copies of the sample photos): albums "A", "B", "C" of `photos` photos each.
    func makeLibrary(photos: Int = 2) throws -> String {
        let root = fm.temporaryDirectory.appendingPathComponent("photostack-live-\(UUID().uuidString)").path
        let samples = TestLibrary.samplePhotos
        var n = 0
        for album in ["A", "B", "C"] {
            try fm.createDirectory(atPath: root + "/" + album, withIntermediateDirectories: true)
            for i in 1...photos {
                try fm.copyItem(atPath: samples[n % samples.count], toPath: root + "/\(album)/photo-\(i).jpg")
                n += 1
            }
        }
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        return root
    }

    func titles(_ s: AppStateReading) -> [String] { (s.layout["titles"] as? [Any] ?? []).compactMap { $0 as? String } }

    func testAlbumsAndPhotosAddedDeletedEditedAndRenamedShowUpOnTheAlbumsScreen() throws {
        let root = try makeLibrary()
        let samples = TestLibrary.samplePhotos
        let s = try AppSession(arguments: [root], width: 1024, height: 768)
        defer { s.stop() }
        let start = try s.expectState("three albums at rest", timeout: 20) { st in
            st.screen == "albums" && !st.animating && st.int("albums") == 3
        }
        XCTAssertEqual(titles(start), ["A", "B", "C"])

        // A new album folder.
        try fm.createDirectory(atPath: root + "/D", withIntermediateDirectories: true)
        try fm.copyItem(atPath: samples[10], toPath: root + "/D/d1.jpg")
        try s.expectState("album D on screen", timeout: 2) { self.titles($0) == ["A", "B", "C", "D"] }

        // A photo added to album A sorts first and joins the top of its stack.
        try fm.copyItem(atPath: samples[11], toPath: root + "/A/000-new.jpg")
        try s.expectState("the new photo on top of stack A", timeout: 2) { st in
            st.photos.contains { $0["section"] as? Int == 0 && $0["item"] as? Int == 0 && $0["file"] as? String == "000-new.jpg" }
        }

        // An album deleted.
        try fm.removeItem(atPath: root + "/B")
        try s.expectState("album B gone", timeout: 2) { self.titles($0) == ["A", "C", "D"] }

        // An album renamed: it moves to its new place, with its new title.
        try fm.moveItem(atPath: root + "/C", toPath: root + "/E")
        try s.expectState("album C renamed E", timeout: 2) { self.titles($0) == ["A", "D", "E"] }

        // A photo edited (new content and size): the library sees its new size and shows its new thumbnail.
        let edited = root + "/D/d1.jpg"
        let before = try XCTUnwrap(try fm.attributesOfItem(atPath: edited)[.size] as? Int)
        var other = samples.firstIndex { (try? fm.attributesOfItem(atPath: $0)[.size] as? Int) != before } ?? 0
        if other == 10 { other = 12 }
        let replacement = try Data(contentsOf: URL(fileURLWithPath: samples[other]))
        try replacement.write(to: URL(fileURLWithPath: edited))
        let after = try s.expectState("the edited photo's new version", timeout: 2) { st in
            st.photos.contains { $0["file"] as? String == "d1.jpg" && ($0["bytes"] as? Int) == replacement.count }
        }
        XCTAssertEqual(titles(after), ["A", "D", "E"])
        try s.expectState("its new thumbnail loaded", timeout: 5) { st in
            st.photos.contains { $0["file"] as? String == "d1.jpg" && $0["status"] as? String == "loaded" && ($0["bytes"] as? Int) == replacement.count }
        }
    }

    func testAnOpenAlbumFollowsItsFolderAndLeavesWhenItIsDeleted() throws {
        let root = try makeLibrary(photos: 3)
        let samples = TestLibrary.samplePhotos
        let s = try AppSession(arguments: [root, "--open-album", "0"], width: 1024, height: 768)
        defer { s.stop() }
        try s.expectState("album A open at rest", timeout: 20) { st in st.screen == "album" && !st.animating && st.int("photoCount") == 3 }
        try fm.copyItem(atPath: samples[5], toPath: root + "/A/photo-4.jpg")
        try s.expectState("the added photo in the grid", timeout: 2) { st in st.int("photoCount") == 4 }
        try s.expectState("shown", timeout: 5) { st in st.photos.contains { $0["file"] as? String == "photo-4.jpg" } }
        try fm.removeItem(atPath: root + "/A/photo-1.jpg")
        try s.expectState("the deleted photo leaves the grid", timeout: 2) { st in
            st.int("photoCount") == 3 && !st.photos.contains { $0["file"] as? String == "photo-1.jpg" }
        }
        try fm.removeItem(atPath: root + "/A")
        let back = try s.expectState("back on the albums screen when the album's folder is gone", timeout: 2) { st in
            st.screen == "albums"
        }
        XCTAssertEqual(try s.expectState("two albums left", timeout: 2) { self.titles($0) == ["B", "C"] }.screen, back.screen)
    }
}
