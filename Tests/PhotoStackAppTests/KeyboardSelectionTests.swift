import Foundation
import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Keyboard selection acts on what the user sees: after Page Down, Enter opens a photo on screen (not the
/// selection left above); stepping along a row never moves the grid.
final class KeyboardSelectionTests: XCTestCase {
    /// One album of `count` symbolic links to a sample photo.
    func makeBigAlbum(count: Int) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-keys-\(UUID().uuidString)").path
        let album = (root as NSString).appendingPathComponent("Many")
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        let target = (BrowserHarness.sampleLibrary as NSString).appendingPathComponent("Geometry/pattern-1.jpg")
        for i in 0..<count {
            try FileManager.default.createSymbolicLink(atPath: (album as NSString).appendingPathComponent(String(format: "p%04d.jpg", i)),
                                                       withDestinationPath: target)
        }
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        return root
    }

    func openAlbum(_ h: BrowserHarness) throws -> AlbumScreen {
        h.key(.enter)   // selects the first stack
        h.key(.enter)   // opens it
        h.settle()
        return try XCTUnwrap(h.browser.top as? AlbumScreen)
    }

    func testEnterAfterPageDownOpensAPhotoOnScreen() throws {
        let h = BrowserHarness(root: try makeBigAlbum(count: 120), width: 1280, height: 800)
        let album = try openAlbum(h)
        h.key(.right)                       // selects photo 0 first
        XCTAssertEqual(album.selectedItem, 0)
        h.key(.pageDown); h.key(.pageDown)
        h.settle()
        XCTAssertGreaterThan(album.collectionView.contentOffset.y, 800)
        h.key(.enter)
        let photo = try XCTUnwrap(h.browser.top as? PhotoScreen, "Enter opens a photo")
        let opened = try XCTUnwrap(album.selectedItem)
        let frame = try XCTUnwrap(album.collectionView.collectionViewLayout.layoutAttributesForItem(at: StackEngine.IndexPath(item: opened, section: 0))).frame
        let viewport = Rect(origin: album.collectionView.contentOffset, size: Size(width: 1280, height: 800))
        XCTAssertTrue(viewport.contains(Point(x: frame.midX, y: frame.midY)), "photo \(opened) at \(frame) is on screen \(viewport)")
        XCTAssertEqual(frame.minX, album.collectionView.collectionViewLayout.layoutAttributesForItem(at: StackEngine.IndexPath(item: 0, section: 0))!.frame.minX,
                       "in the selection's column")
        _ = photo
    }

    func testArrowsAfterTheWheelStartFromThePhotosOnScreen() throws {
        let h = BrowserHarness(root: try makeBigAlbum(count: 120), width: 1280, height: 800)
        let album = try openAlbum(h)
        h.key(.right)
        _ = h.browser.handle(.wheel(WheelEvent(deltaX: 0, deltaY: 8, isPrecise: false, x: 600, y: 400, time: h.clock.now)), at: h.clock.now)
        h.settle()
        let offset = album.collectionView.contentOffset
        XCTAssertGreaterThan(offset.y, 400)
        h.key(.right)
        h.settle()
        XCTAssertEqual(album.collectionView.contentOffset.y, offset.y, accuracy: 0.5, "the grid stays where the wheel left it")
        let s = try XCTUnwrap(album.selectedItem)
        XCTAssertGreaterThan(s, album.columns, "the selection moved to the photos on screen")
    }

    /// Down then quickly along the row: the scroll the Down started goes on to show the row whole, never
    /// back, and the grid never slides sideways.
    func testSteppingAlongARowNeverScrollsBackOrSideways() throws {
        let h = BrowserHarness(root: try makeBigAlbum(count: 120), width: 1280, height: 800)
        let album = try openAlbum(h)
        h.key(.right)
        let c = album.columns
        XCTAssertGreaterThanOrEqual(c, 3)
        // Walk down until the selection's row needs a scroll.
        var rows = 0
        while album.collectionView.contentOffset.y == 0 && rows < 20 {
            h.key(.down); rows += 1
            h.frame(); h.frame()
        }
        XCTAssertGreaterThan(album.collectionView.contentOffset.y, 0, "the grid started scrolling")
        var last = album.collectionView.contentOffset
        for _ in 0..<(c - 1) {
            h.key(.right)
            for _ in 0..<4 {
                h.frame()
                let o = album.collectionView.contentOffset
                XCTAssertGreaterThanOrEqual(o.y, last.y - 0.01, "never back")
                XCTAssertEqual(o.x, 0, "never sideways")
                last = o
            }
        }
        h.settle()
        let s = try XCTUnwrap(album.selectedItem)
        let frame = album.collectionView.collectionViewLayout.layoutAttributesForItem(at: StackEngine.IndexPath(item: s, section: 0))!.frame
        XCTAssertLessThanOrEqual(frame.maxY, album.collectionView.contentOffset.y + 800 + 0.5, "the row is shown whole")
    }
}
