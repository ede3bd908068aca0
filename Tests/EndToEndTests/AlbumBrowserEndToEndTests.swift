import Foundation
import XCTest

/// The album browser under Xvfb with the sample library: columns by window shape, animated reflow on
/// resize, opening an album and a photo with clicks, Escape back to the same offset, screenshots.
final class AlbumBrowserEndToEndTests: XCTestCase {
    func cells(_ s: [String: Any]) -> [[String: Any]] {
        ((s["visible"] as? [[String: Any]]) ?? []).filter { $0["category"] as? String == "cell" }
    }

    func layout(_ s: [String: Any]) -> [String: Any] { s["layout"] as? [String: Any] ?? [:] }

    func testBrowseResizeOpenAlbumAndPhotoAndComeBack() throws {
        let h = try AlbumBrowserHarness()
        defer { h.stop() }
        let shots = h.workDir
        try h.launch(["--size", "800x1000"])
        let portrait = try h.waitForState("2 columns, settled") { s in
            self.layout(s)["columns"] as? Int == 2 && s["animating"] as? Bool == false
                && (s["photos"] as? [[String: Any]])?.allSatisfy { $0["status"] as? String != "loading" } == true
        }
        XCTAssertGreaterThan(try h.screenshot(to: shots + "/albums-portrait.png", width: 800, height: 1000), 1000)
        var before: [Int: [Double]] = [:]
        for c in cells(portrait) where c["item"] as? Int == 0 { before[c["section"] as! Int] = c["frame"] as? [Double] }
        XCTAssertGreaterThanOrEqual(before.count, 4)

        // Resize to landscape: animating, then 3 columns with every stack moved.
        h.run("xdotool", ["windowsize", h.windowID, "1280", "800"])
        try h.waitForState("animating after the resize", timeout: 5) { s in
            (s["window"] as? [String: Any])?["width"] as? Double == 1280 && s["animating"] as? Bool == true
        }
        let landscape = try h.waitForState("3 columns, settled") { s in
            self.layout(s)["columns"] as? Int == 3 && s["animating"] as? Bool == false
        }
        var moved = 0
        for c in cells(landscape) where c["item"] as? Int == 0 {
            guard let old = before[c["section"] as! Int] else { continue }
            XCTAssertNotEqual(c["frame"] as? [Double], old, "stack \(c["section"]!) moved")
            moved += 1
        }
        XCTAssertEqual(moved, before.filter { cells(landscape).map { $0["section"] as! Int }.contains($0.key) }.count)
        XCTAssertGreaterThanOrEqual(moved, 4)
        XCTAssertGreaterThan(try h.screenshot(to: shots + "/albums.png", width: 1280, height: 800), 1000)

        // Scroll down a little so "the same offset" means something.
        h.run("xdotool", ["mousemove", "--window", h.windowID, "400", "400"])
        h.run("xdotool", ["click", "5"])
        let scrolled = try h.waitForState("scrolled") { s in
            ((s["contentOffset"] as? [String: Any])?["y"] as? Double ?? 0) > 20 && s["animating"] as? Bool == false
        }
        let offset = (scrolled["contentOffset"] as? [String: Any])?["y"] as? Double

        // Click the top photo of the stack of section 4 (visible, middle column of the second row).
        let target = try XCTUnwrap(cells(scrolled).first { $0["section"] as? Int == 4 && $0["item"] as? Int == 0 })
        let f = target["frame"] as! [Double]
        let names = ["Black and White", "Gatos e Café", "Geometry", "Praia do Norte", "Space Launches", "Summer Holidays"]
        h.click(x: f[0] + f[2] / 2, y: f[1] + f[3] / 2 - (offset ?? 0))
        let album = try h.waitForState("the album screen, settled") { s in
            s["screen"] as? String == "album" && s["animating"] as? Bool == false
        }
        XCTAssertEqual(layout(album)["album"] as? String, names[4])
        XCTAssertTrue(h.run("xdotool", ["getwindowname", h.windowID])?.contains(names[4]) == true)
        XCTAssertGreaterThan(try h.screenshot(to: shots + "/album.png", width: 1280, height: 800), 500)

        // Click its second photo.
        let photoCell = try XCTUnwrap(cells(album).first { $0["item"] as? Int == 1 })
        let pf = photoCell["frame"] as! [Double]
        h.click(x: pf[0] + pf[2] / 2, y: pf[1] + pf[3] / 2)
        let photo = try h.waitForState("the photo screen, loaded") { s in
            s["screen"] as? String == "photo" && (s["photos"] as? [[String: Any]])?.first?["status"] as? String == "loaded"
        }
        XCTAssertEqual(layout(photo)["index"] as? Int, 1)
        XCTAssertGreaterThan(try h.screenshot(to: shots + "/photo.png", width: 1280, height: 800), 500)

        // Escape twice: back to the albums at the same offset.
        h.key("Escape")
        try h.waitForState("back to the album") { s in s["screen"] as? String == "album" }
        h.key("Escape")
        let back = try h.waitForState("back to the albums, settled") { s in
            s["screen"] as? String == "albums" && s["animating"] as? Bool == false
        }
        XCTAssertEqual((back["contentOffset"] as? [String: Any])?["y"] as? Double, offset)
        XCTAssertGreaterThan(try h.screenshot(to: shots + "/albums-back.png", width: 1280, height: 800), 1000)
    }
}
