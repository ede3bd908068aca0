import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 32 (whole photos): the album grid's justified rows — switched with G and from the menu, remembered in the
/// settings, reported by the state (`layout.gridStyle`, element frames at each photo's proportions), file names under
/// the photos with Shift+G.
final class JustifiedGridTests: XCTestCase {
    var library: ActionTestLibrary!

    override func setUpWithError() throws {
        // Landscape, portrait and square photos of the sample library.
        library = try ActionTestLibrary([
            "A": ["Black and White/brick.jpg", "Black and White/camera.jpg", "Gatos e Café/coffee.jpg",
                  "Geometry/pattern-1.jpg", "Gatos e Café/chelsea.png", "Summer Holidays/sunset-1.jpg"],
        ])
    }
    override func tearDown() { library?.remove() }

    private func harness(width: Double = 1280) -> (BrowserHarness, SettingsStore) {
        let h = BrowserHarness(actions: library, width: width, height: 800)
        let store = SettingsStore(path: PhotoPath(library.base + "/config/settings.json"))
        h.browser.actions.settingsStore = store
        return (h, store)
    }

    /// The visible cells' frames (window points) against their photos' proportions: width / (height − caption).
    private func assertFramesKeepProportions(_ h: BrowserHarness, caption: Double, file: StaticString = #filePath, line: UInt = #line) {
        let cells = h.browser.state().visible.filter { $0.category == "cell" }
        XCTAssertEqual(cells.count, 6, file: file, line: line)
        for c in cells {
            let photo = h.grid.album.photos[c.item]
            guard let size = h.grid.photos.originalSize(of: photo.id) else { XCTFail("\(photo.displayName) not loaded", file: file, line: line); continue }
            let ratio = Double(size.width) / Double(size.height)
            XCTAssertEqual(c.frame[2] / (c.frame[3] - caption), ratio, accuracy: 0.01, "\(photo.displayName)", file: file, line: line)
        }
    }

    func testGSwitchesToJustifiedRowsWithProportionalFramesAndIsSaved() throws {
        let (h, store) = harness()
        h.openAlbum(0)
        XCTAssertEqual(h.stateValue("gridStyle"), .string("square"))
        let square = h.browser.state().visible.filter { $0.category == "cell" }
        XCTAssertTrue(square.allSatisfy { $0.frame[2] == $0.frame[3] }, "square cards")

        h.press(.character("g"))
        XCTAssertEqual(h.stateValue("gridStyle"), .string("justified"))
        XCTAssertTrue(h.grid.collectionView.elementsAreAnimating, "the photos glide to their rows")
        XCTAssertTrue(h.wait { store.load().albumGridStyle == .justified }, "saved by the worker")
        h.settle()
        h.waitUntilReady()
        h.settle()
        assertFramesKeepProportions(h, caption: 0)
        XCTAssertEqual(h.stateValue("fileNames"), .bool(false))
        let shapes = Set(h.browser.state().visible.filter { $0.category == "cell" }.map { ($0.frame[2] / $0.frame[3] * 100).rounded() })
        XCTAssertGreaterThan(shapes.count, 1, "not all one shape")

        h.press(.character("G"), .shift)
        XCTAssertEqual(h.stateValue("fileNames"), .bool(true))
        XCTAssertTrue(h.wait { store.load().showsFileNames }, "saved")
        h.settle()
        assertFramesKeepProportions(h, caption: AlbumScreen.fileNameHeight)

        h.press(.character("G"), .shift)   // names off again: the square grid below is the plain one
        h.settle()
        h.press(.character("g"))
        XCTAssertEqual(h.stateValue("gridStyle"), .string("square"))
        h.frame(advance: 1.0 / 60)
        let cells = { h.grid.collectionView.displayList.compactMap { $0.view as? PhotoCell } }
        XCTAssertTrue(h.grid.collectionView.elementsAreAnimating)
        XCTAssertTrue(cells().allSatisfy(\.keepsProportions), "gliding into squares, the cards keep their proportions")
        XCTAssertTrue(h.wait { store.load().albumGridStyle == .square })
        h.settle()
        XCTAssertTrue(cells().allSatisfy { !$0.keepsProportions }, "square cards at rest")
        XCTAssertTrue(h.browser.state().visible.filter { $0.category == "cell" }.allSatisfy { $0.frame[2] == $0.frame[3] })
    }

    func testTheSavedStyleOpensTheNextGridAndGridOptionIsForThisRunOnly() throws {
        var saved = AppSettings()
        saved.albumGridStyle = .justified
        saved.showsFileNames = true
        let (h, store) = harness()
        h.browser.configure(settings: saved, store: store, options: try BrowserOptions.parse([]))
        h.openAlbum(0)
        XCTAssertEqual(h.stateValue("gridStyle"), .string("justified"))
        XCTAssertEqual(h.stateValue("fileNames"), .bool(true))
        h.settle()
        assertFramesKeepProportions(h, caption: AlbumScreen.fileNameHeight)

        let (second, store2) = harness()
        second.browser.configure(settings: saved, store: store2, options: try BrowserOptions.parse(["--grid", "square"]))
        second.openAlbum(0)
        XCTAssertEqual(second.stateValue("gridStyle"), .string("square"), "--grid wins for the run")
        second.browser.actions.updateSettings { $0.albumGridZoomLevel = 1 }
        XCTAssertTrue(second.wait { store2.load().albumGridZoomLevel == 1 })
        XCTAssertEqual(store2.load().albumGridStyle, .justified, "--grid is not remembered")
    }

    /// A panorama in justified rows is as wide as several photos: it is loaded at its own width, not at the size of
    /// one photo (which would show it blurred, scaled up).
    func testAPanoramaIsLoadedAtItsOwnWidth() throws {
        let width = 1800, height = 400
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) { rgb[i * 3] = UInt8(i % width * 255 / width); rgb[i * 3 + 1] = 120; rgb[i * 3 + 2] = 200 }
        let jpeg = try XCTUnwrap(JPEGCodec.encode(pixels: rgb, width: width, height: height))
        try Data(jpeg).write(to: URL(fileURLWithPath: library.root + "/A/panorama.jpg"))
        let (h, _) = harness()
        h.openAlbum(0)
        h.press(.character("g"))
        h.settle()
        h.waitUntilReady()
        h.settle()
        let item = try XCTUnwrap(h.grid.album.photos.firstIndex { $0.displayName == "panorama.jpg" })
        let cell = try XCTUnwrap(h.browser.state().visible.first { $0.category == "cell" && $0.item == item })
        XCTAssertGreaterThan(cell.frame[2], cell.frame[3] * 3, "a panorama's frame")
        let photo = h.grid.album.photos[item]
        let wanted = h.grid.pixelSize(at: StackEngine.IndexPath(item: item, section: 0))
        _ = h.wait { h.grid.photos.image(for: photo.id, pixelSize: wanted).map { $0.bucket >= PhotoService.bucket(forPixels: wanted) } ?? false }
        let loaded = try XCTUnwrap(h.grid.photos.image(for: photo.id, pixelSize: wanted))
        XCTAssertGreaterThanOrEqual(Double(loaded.surface.pixelWidth), cell.frame[2] * 0.95,
                                    "loaded at \(loaded.surface.pixelWidth) px for a frame \(cell.frame[2]) pt wide")
    }

    func testTheMenuAndTheHelpOfferTheToggles() throws {
        let (h, _) = harness()
        h.openAlbum(0)
        let actions = h.browser.actions!
        var rows = actions.menuRows(for: actions.keyboardTargets())
        let justified = try XCTUnwrap(rows.first { $0.action == .justifiedRows })
        XCTAssertFalse(justified.checked)
        XCTAssertEqual(justified.shortcut, "G")
        XCTAssertTrue(try XCTUnwrap(rows.first { $0.action == .fileNames }).enabled, "names in either style")
        XCTAssertFalse(try XCTUnwrap(rows.first { $0.action == .fileNames }).checked)
        actions.perform(.justifiedRows)
        XCTAssertEqual(h.stateValue("gridStyle"), .string("justified"))
        rows = actions.menuRows(for: actions.keyboardTargets())
        XCTAssertTrue(try XCTUnwrap(rows.first { $0.action == .justifiedRows }).checked)
        XCTAssertTrue(try XCTUnwrap(rows.first { $0.action == .fileNames }).enabled)
        let help = HelpOverlay.sections.flatMap(\.rows)
        XCTAssertTrue(help.contains { $0.keys == "G" && $0.text == BrowserAction.justifiedRows.title })
        XCTAssertTrue(help.contains { $0.keys == "Shift+G" && $0.text == BrowserAction.fileNames.title })
        XCTAssertEqual(BrowserAction.keyed.filter { a in a.shortcuts.contains { $0.label == "G" } }, [.justifiedRows],
                       "G means nothing else")
    }

    /// Up and Down in justified rows go to the photo above or below (nearest across), not a column count away.
    func testArrowsMoveBetweenRows() throws {
        let (h, _) = harness(width: 760)
        h.openAlbum(0)
        h.press(.character("g"))
        h.settle()
        let layout = h.grid.justifiedLayout
        let rows = layout.rows(inSection: 0)
        guard rows.count >= 2 else { throw XCTSkip("one row at this width") }
        func midX(_ i: Int) -> Double { layout.frameForItem(at: StackEngine.IndexPath(item: i, section: 0))!.midX }
        func nearest(in row: JustifiedLayout.Row, to i: Int) -> Int { row.items.min { abs(midX($0) - midX(i)) < abs(midX($1) - midX(i)) }! }
        let first = rows[0].items.lowerBound, n = h.grid.album.photos.count
        let below = nearest(in: rows[1], to: first)
        XCTAssertNotEqual(below, min(n - 1, first + h.grid.columns), "not what a column step would give")
        h.grid.selectedItem = first
        h.press(.down)
        XCTAssertEqual(h.grid.selectedItem, below)
        h.press(.up)
        XCTAssertEqual(h.grid.selectedItem, nearest(in: rows[0], to: below))
    }

    /// A resize of a narrow window (the row height follows the width there) keeps the photo at the top left of the
    /// window where it was, once the reflow rests.
    func testAResizeKeepsThePhotoAtTheTopLeftInPlace() throws {
        typealias Z = ZoomTestSupport
        let root = try Z.library(albums: 1, photos: 300, in: self)
        let h = Z.browser(root: root, width: 700, height: 800)
        var settings = AppSettings()
        settings.albumGridStyle = .justified
        h.browser.configure(settings: settings, store: nil, options: try BrowserOptions.parse([]))
        Z.settle(h)
        if !(h.browser.top is AlbumScreen) {
            let c = h.stackCenter(section: 0)
            h.click(x: c.x, y: c.y)
            Z.settle(h)
        }
        let grid = try XCTUnwrap(h.browser.top as? AlbumScreen)
        XCTAssertEqual(grid.gridStyle, .justified)
        grid.collectionView.contentOffset = Point(x: 0, y: 2000)
        Z.settle(h)
        h.waitUntilReady()   // the photos on screen have their proportions: no reflow for arrivals meanwhile
        Z.settle(h)
        let cv = grid.collectionView
        let cell = try XCTUnwrap(cv.anchorCell(near: Point(x: 40, y: 40)))
        let before = try XCTUnwrap(cv.presentedAttributes(for: .cell(cell))).frame
        let height = grid.justifiedLayout.targetRowHeight
        let u = (40 + cv.contentOffset.y - before.minY) / before.height
        h.browser.resize(width: 820, height: 800, scale: 1, at: h.clock.now)
        Z.settle(h)
        h.waitUntilReady()
        Z.settle(h)
        XCTAssertNotEqual(grid.justifiedLayout.targetRowHeight, height, "the row height followed the width")
        let after = try XCTUnwrap(cv.presentedAttributes(for: .cell(cell))).frame
        XCTAssertEqual(after.minY + u * after.height - cv.contentOffset.y, 40, accuracy: 1, "the photo stays at the top left")
    }

    /// The square grid shows the file names too (Shift+G): cells a band taller than wide, the card square above it.
    func testTheSquareGridShowsFileNamesUnderItsCards() throws {
        let (h, store) = harness()
        h.openAlbum(0)
        let side = try XCTUnwrap(h.browser.state().visible.first { $0.category == "cell" }).frame[2]
        h.press(.character("G"), .shift)
        XCTAssertEqual(h.stateValue("gridStyle"), .string("square"))
        XCTAssertEqual(h.stateValue("fileNames"), .bool(true))
        XCTAssertTrue(h.wait { store.load().showsFileNames })
        h.settle()
        let cells = h.browser.state().visible.filter { $0.category == "cell" }
        XCTAssertEqual(cells.count, 6)
        for c in cells {
            XCTAssertEqual(c.frame[2], side, "the columns stay")
            XCTAssertEqual(c.frame[3], side + AlbumScreen.fileNameHeight, "a band for the name under the square")
        }
        XCTAssertTrue(h.grid.collectionView.displayList.compactMap { $0.view as? PhotoCell }.allSatisfy {
            !$0.keepsProportions && $0.captionHeight == AlbumScreen.fileNameHeight })
    }

    /// A re-sort moves the photos with their own proportions (the proportions follow the photos, not the positions).
    func testASortKeepsEveryPhotoAtItsProportions() throws {
        for (name, year) in [("brick", 2024), ("camera", 2019), ("coffee", 2023), ("pattern-1", 2020), ("chelsea", 2022), ("sunset-1", 2021)] {
            let file = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: library.root + "/A").first { $0.hasPrefix(name + ".") })
            try library.setModified("A/" + file, year: year)
        }
        let (h, _) = harness()
        h.openAlbum(0)
        h.press(.character("g"))
        h.settle()
        h.waitUntilReady()
        h.settle()
        assertFramesKeepProportions(h, caption: 0)
        let before = h.gridNames
        h.press(.character("3"), .alt)
        XCTAssertNotEqual(h.gridNames, before)
        h.settle()
        assertFramesKeepProportions(h, caption: 0)
    }
}
