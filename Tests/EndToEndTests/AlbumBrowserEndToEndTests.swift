import Foundation
import XCTest

/// The album browser under Xvfb with the sample library: columns by window shape, animated reflow on
/// resize, opening an album and a photo with clicks, Escape back to the same offset, screenshots.
final class AlbumBrowserEndToEndTests: XCTestCase {
    /// The sample library's albums, in section order.
    let names = ["Black and White", "Gatos e Café", "Geometry", "Praia do Norte", "Space Launches", "Summer Holidays"]

    func testBrowseResizeOpenAlbumAndPhotoAndComeBack() throws {
        try AppSession.requireScreenshotTools()
        // The screen is larger than both window sizes, so the grown window is still entirely on it.
        let s = try AppSession(arguments: [], width: 800, height: 1000, screen: (1600, 1200))
        defer { s.stop() }
        let portrait = try s.expectState("2 columns, settled, photos loaded") { st in
            st.int("columns") == 2 && !st.animating && st.json["photos"] != nil && st.photos.allSatisfy { $0["status"] as? String != "loading" }
        }
        XCTAssertGreaterThan(try s.screenshot(named: "albums-portrait.png"), 1000)
        var before: [Int: [Double]] = [:]
        for c in portrait.cells where c.item == 0 { before[c.section] = c.frame }
        XCTAssertGreaterThanOrEqual(before.count, 4)

        // Resize to landscape: animating, then 3 columns with every stack moved.
        try s.resizeWindow(width: 1280, height: 800)
        try s.expectState("animating after the resize", timeout: 5) { st in st.windowWidth == 1280 && st.animating }
        let landscape = try s.expectState("3 columns, settled") { st in st.int("columns") == 3 && !st.animating }
        var moved = 0
        for c in landscape.cells where c.item == 0 {
            guard let old = before[c.section] else { continue }
            XCTAssertNotEqual(c.frame, old, "stack \(c.section) moved")
            moved += 1
        }
        let stillVisible = Set(landscape.cells.map(\.section))
        XCTAssertEqual(moved, before.keys.filter { stillVisible.contains($0) }.count)
        XCTAssertGreaterThanOrEqual(moved, 4)
        XCTAssertGreaterThan(try s.screenshot(named: "albums.png"), 1000)

        // Scroll down a little so "the same offset" means something.
        try s.click(x: 400, y: 400, button: 5)
        let scrolled = try s.expectState("scrolled, settled") { st in st.offsetY > 20 && !st.animating }
        let offset = scrolled.offsetY

        // Click the top photo of the stack of section 4 (visible, middle column of the second row).
        let target = try XCTUnwrap(scrolled.cells.first { $0.section == 4 && $0.item == 0 })
        try s.click(x: target.centerX, y: target.centerY - offset)
        let album = try s.expectState("the album screen, settled") { st in st.screen == "album" && !st.animating }
        XCTAssertEqual(album.string("album"), names[4])
        XCTAssertTrue(try s.windowName().contains(names[4]))
        XCTAssertGreaterThan(try s.screenshot(named: "album.png"), 500)

        // Click its second photo.
        let photoCell = try XCTUnwrap(album.cells.first { $0.item == 1 })
        try s.click(x: photoCell.centerX, y: photoCell.centerY - album.offsetY)
        let photo = try s.expectState("the photo screen, loaded") { st in
            st.screen == "photo" && st.photos.first?["status"] as? String == "loaded"
        }
        XCTAssertEqual(photo.int("index"), 1)
        XCTAssertGreaterThan(try s.screenshot(named: "photo.png"), 500)

        // Escape twice: back to the albums at the same offset.
        try s.key("Escape")
        try s.expectState("back to the album") { st in st.screen == "album" }
        try s.key("Escape")
        let back = try s.expectState("back to the albums, settled") { st in st.screen == "albums" && !st.animating }
        XCTAssertEqual(back.offsetY, offset)
        XCTAssertGreaterThan(try s.screenshot(named: "albums-back.png"), 1000)
    }
}
