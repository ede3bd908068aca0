import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Sort orders (animated, remembered), rotation with undo (in the file for JPEG, in the view for others), and the
/// slideshow's timing through the loop's deadline.
final class SortRotateSlideshowTests: XCTestCase {
    var library: ActionTestLibrary!

    override func setUpWithError() throws { library = try ActionTestLibrary.standard() }
    override func tearDown() { library?.remove() }

    func testSortOrdersMoveThePhotosWithAnAnimationReadDatesInTheBackgroundAndAreSaved() throws {
        try ExifDateJPEG.insert(date: "2020:06:01 10:00:00", intoFileAt: library.root + "/A/camera.jpg")
        try ExifDateJPEG.insert(date: "2022:06:01 10:00:00", intoFileAt: library.root + "/A/brick.jpg")
        try ExifDateJPEG.insert(date: "2019:06:01 10:00:00", intoFileAt: library.root + "/A/grass.jpg")
        for (name, year) in [("brick", 2019), ("camera", 2024), ("coffee", 2021), ("grass", 2023), ("gravel", 2020)] {
            try library.setModified("A/\(name).jpg", year: year)
        }
        let h = BrowserHarness(actions: library)
        let store = SettingsStore(path: PhotoPath(library.base + "/config/settings.json"))
        h.browser.actions.settingsStore = store
        h.openAlbum(0)
        XCTAssertEqual(h.gridNames, ["brick.jpg", "camera.jpg", "coffee.jpg", "grass.jpg", "gravel.jpg"])

        h.press(.character("3"), .alt)
        XCTAssertEqual(h.gridNames, ["brick.jpg", "gravel.jpg", "coffee.jpg", "grass.jpg", "camera.jpg"], "by modification time")
        XCTAssertTrue(h.grid.collectionView.elementsAreAnimating, "the photos move to their places")
        XCTAssertEqual(h.stateValue("sort"), .string("modified"))
        XCTAssertTrue(h.wait { store.load().sortOrder == .modified }, "the choice is saved (by the worker)")

        h.press(.character("2"), .alt)
        // Dates come from the background reader; until then file times stand in for them.
        XCTAssertTrue(h.wait { h.gridNames == ["grass.jpg", "gravel.jpg", "camera.jpg", "coffee.jpg", "brick.jpg"] },
                      "by date taken (EXIF, else file time): \(h.gridNames)")
        XCTAssertTrue(h.wait { store.load().sortOrder == .taken })

        h.press(.character("1"), .alt)
        XCTAssertEqual(h.gridNames, ["brick.jpg", "camera.jpg", "coffee.jpg", "grass.jpg", "gravel.jpg"])
    }

    /// The keyboard focus is on a photo, not a position: re-sorting moves the ring with its photo, and Enter opens it.
    func testTheKeyboardFocusFollowsItsPhotoThroughAResort() throws {
        for (name, year) in [("brick", 2019), ("camera", 2024), ("coffee", 2021), ("grass", 2023), ("gravel", 2020)] {
            try library.setModified("A/\(name).jpg", year: year)
        }
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        h.press(.right)
        h.press(.right)
        XCTAssertEqual(h.grid.selectedItem.map { h.gridNames[$0] }, "camera.jpg")
        h.press(.character("3"), .alt)
        XCTAssertEqual(h.gridNames.last, "camera.jpg", "re-sorted: camera.jpg is newest")
        XCTAssertEqual(h.grid.selectedItem.map { h.gridNames[$0] }, "camera.jpg", "the ring moved with the photo")
        h.press(.enter)
        XCTAssertEqual((h.browser.top as? PhotoScreen)?.photo.displayName, "camera.jpg")
    }

    func testRIsLosslessForJPEGAndUndoneByteForByteOtherFormatsTurnInTheViewOnly() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        var p = h.gridCenter(1)
        h.click(x: p.x, y: p.y)
        h.settle()
        h.waitUntilReady()
        let path = library.root + "/A/camera.jpg"
        let original = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let frame = h.browser.state().visible[0].frame
        h.press(.character("r"))
        XCTAssertTrue(h.wait { h.stateValue("undo") == .int(1) })
        XCTAssertNotEqual(FileManager.default.contents(atPath: path), original)
        XCTAssertEqual(try PhotoInfo.read(PhotoPath(path)).get().orientation, .rotate90Clockwise)
        h.waitUntilReady()
        let turned = h.browser.state().visible[0].frame
        XCTAssertEqual(turned[2] / turned[3], frame[3] / frame[2], accuracy: 0.02, "the photo shows turned")
        h.press(.character("z"), .control)
        XCTAssertTrue(h.wait { h.stateValue("undo") == .int(0) && FileManager.default.contents(atPath: path) == original })

        // A PNG: rotated in the view only, and the information says so.
        h.press(.escape); h.settle()
        h.press(.escape); h.settle()
        h.openAlbum(1)
        let png = try XCTUnwrap(h.gridNames.firstIndex(of: "chelsea.png"))
        p = h.gridCenter(png)
        h.click(x: p.x, y: p.y)
        h.settle()
        h.waitUntilReady()
        let pngBytes = library.bytes("B/chelsea.png")
        let pngFrame = h.browser.state().visible[0].frame
        h.press(.character("R"), .shift)
        XCTAssertTrue(h.wait { h.stateValue("viewRotations") == .int(1) })
        guard case .string(let message)? = h.stateValue("message") else { return XCTFail("no message") }
        XCTAssertTrue(message.contains("rotated in the view only"), message)
        XCTAssertEqual(library.bytes("B/chelsea.png"), pngBytes, "the file is untouched")
        let viewTurned = h.browser.state().visible[0].frame
        XCTAssertEqual(viewTurned[2] / viewTurned[3], pngFrame[3] / pngFrame[2], accuracy: 0.02)
        h.press(.character("i"))
        XCTAssertTrue(h.wait {
            guard case .list(let rows)? = h.stateValue("info") else { return false }
            return rows.contains { if case .string(let s) = $0 { return s.hasPrefix("File: chelsea.png") } else { return false } }
        })
        XCTAssertNotNil(InfoOverlay.rows(h.browser.actions.info?.result, viewRotation: "x").first { $0.0 == "Rotation" })
        h.press(.character("z"), .control)
        XCTAssertNil(h.stateValue("viewRotations"))
    }

    func testTheSlideshowAdvancesAtItsDeadlineCrossFadesKeepsTheScreenOnAndPausesOnInput() throws {
        let h = BrowserHarness(actions: library)
        XCTAssertNil(h.browser.nextDeadline, "nothing timed at rest: the loop sleeps")
        h.openAlbum(0)
        let p = h.gridCenter(1)
        h.click(x: p.x, y: p.y)
        h.settle()
        h.press(.character("s"))
        XCTAssertEqual(h.browser.name, "slideshow")
        let show = try XCTUnwrap(h.browser.top as? SlideshowScreen)
        XCTAssertEqual(show.current?.photo.displayName, "camera.jpg", "from the photo shown")
        h.update()
        XCTAssertTrue(h.services.requests.contains(.resetScreenSaver), "the screen saver is reset while it plays")
        let due = try XCTUnwrap(h.browser.nextDeadline)
        XCTAssertEqual(due, h.clock.now + SlideshowScreen.defaultInterval, accuracy: 0.1)
        XCTAssertFalse(h.browser.isAnimating, "no frames between slides")
        // At the deadline (the host wakes the loop then) the next photo fades in once it has loaded.
        h.clock.advance(by: due - h.clock.now)
        XCTAssertTrue(h.wait { show.advances == 1 })
        XCTAssertEqual(show.current?.photo.displayName, "coffee.jpg")
        XCTAssertTrue(show.isAnimating, "cross-fading")
        h.settle()
        XCTAssertFalse(show.isAnimating)
        XCTAssertNotNil(h.browser.nextDeadline)
        // Space pauses and resumes; a click pauses too.
        h.press(.space)
        XCTAssertTrue(show.isPaused)
        XCTAssertNil(show.nextDeadline)
        h.press(.space)
        XCTAssertFalse(show.isPaused)
        h.click(x: 300, y: 300)
        XCTAssertTrue(show.isPaused)
        XCTAssertEqual(h.browser.name, "slideshow", "the click did not open anything")
        h.press(.escape)
        XCTAssertEqual(h.browser.name, "photo")
    }

    func testASlideshowStartedOnTheAlbumsScreenGoesThroughEveryAlbum() throws {
        let h = BrowserHarness(actions: library)
        h.press(.character("s"))
        let show = try XCTUnwrap(h.browser.top as? SlideshowScreen)
        XCTAssertEqual(show.scope, .allAlbums)
        XCTAssertEqual(show.current?.album.title, "A")
        for _ in 0..<5 { h.press(.right) }
        XCTAssertEqual(show.current?.album.title, "B", "after A's five photos come B's")
        XCTAssertTrue(show.isPaused, "stepping pauses")
    }
}
