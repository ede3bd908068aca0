import PhotoPipeline
import StackEngine
import Host
import XCTest
@testable import PhotoStackApp

final class AlbumBrowserNavigationTests: XCTestCase {
    func testColumnsFollowTheWindowShapeAndResizeAnimatesEveryStack() throws {
        let h = BrowserHarness(width: 800, height: 1000)
        let b = h.browser, clock = h.clock
        XCTAssertEqual(b.state().layout["columns"], .int(2))
        let before = b.albums.collectionView.displayList.filter { $0.attributes.category == .cell && $0.attributes.indexPath.item == 0 }
            .reduce(into: [Int: Rect]()) { $0[$1.attributes.indexPath.section] = $1.attributes.frame }
        XCTAssertGreaterThanOrEqual(before.count, 4)

        b.resize(width: 1280, height: 800, scale: 1, at: clock.now)
        clock.advance(by: 0.1)
        h.update()
        XCTAssertTrue(b.isAnimating, "the reflow animates")
        let title = b.state().visible.first { $0.kind == "title" && $0.section == 1 }
        XCTAssertNotNil(title)
        h.settle()
        XCTAssertFalse(b.top.isAnimating)
        let state = b.state()
        XCTAssertEqual(state.layout["columns"], .int(3))
        var moved = 0
        for v in state.visible where v.category == "cell" && v.item == 0 {
            guard let old = before[v.section] else { continue }
            XCTAssertNotEqual(v.frame, [old.minX, old.minY, old.width, old.height], "stack \(v.section) moved")
            moved += 1
        }
        XCTAssertGreaterThanOrEqual(moved, 4)
        // Settled frames are exactly the layout's (whole points).
        let f = b.albums.stackLayout.frameForStack(section: 1)
        XCTAssertTrue(state.visible.contains { $0.category == "cell" && $0.section == 1 && $0.frame == [f.minX, f.minY, f.width, f.height] })
    }

    func testClickStackOpensAlbumThenPhotoAndEscapeReturnsToTheSameOffset() throws {
        let h = BrowserHarness()
        let b = h.browser, clock = h.clock
        // Scroll down a little with the wheel first.
        _ = b.handle(.wheel(WheelEvent(deltaX: 0, deltaY: 2, isPrecise: false, x: 300, y: 300, time: clock.now)), at: clock.now)
        h.settle()
        let offset = b.albums.collectionView.contentOffset
        XCTAssertGreaterThan(offset.y, 50)

        let section = 4
        let c = h.stackCenter(section: section)
        h.click(x: c.x, y: c.y)
        let album = try XCTUnwrap(b.albums.album(at: section))
        XCTAssertEqual(b.name, "album")
        XCTAssertTrue(b.title.contains(album.title))
        XCTAssertEqual(b.state().layout["album"], .string(album.title))
        // The photos start on the stack: photo 0 at the stack's window frame, rotated like it.
        let albumScreen = try XCTUnwrap(b.top as? AlbumScreen)
        let start = try XCTUnwrap(albumScreen.collectionView.presentedAttributes(for: .cell(StackEngine.IndexPath(item: 0, section: 0))))
        XCTAssertEqual(start.center.x, c.x, accuracy: 1)
        XCTAssertEqual(start.center.y, c.y, accuracy: 1)
        XCTAssertNotEqual(start.transform.rotation, 0)
        h.settle()
        let grid = try XCTUnwrap(albumScreen.collectionView.presentedAttributes(for: .cell(StackEngine.IndexPath(item: 0, section: 0))))
        XCTAssertEqual(grid.transform.rotation, 0, accuracy: 1e-9)
        XCTAssertLessThan(grid.size.width, start.size.width)

        // Click the second photo of the grid.
        let second = try XCTUnwrap(albumScreen.collectionView.presentedAttributes(for: .cell(StackEngine.IndexPath(item: 1, section: 0))))
        h.click(x: second.center.x, y: second.center.y - albumScreen.collectionView.contentOffset.y)
        XCTAssertEqual(b.name, "photo")
        XCTAssertEqual(b.state().layout["photo"], .string(album.photos[1].displayName))
        XCTAssertTrue(b.title.contains(album.photos[1].displayName))

        // Right arrow: next photo; Escape: back to the grid (the photo goes back into its cell) with the selection
        // following.
        h.key(.right)
        XCTAssertEqual(b.state().layout["index"], .int(2))
        h.key(.escape)
        XCTAssertEqual(b.state().layout["transition"], .string("closing"))
        h.settle()
        XCTAssertEqual(b.name, "album")
        XCTAssertEqual(albumScreen.selectedItem, 2)
        h.key(.escape)
        XCTAssertTrue(albumScreen.isClosing, "the photos fly back first")
        XCTAssertEqual(b.name, "album")
        h.settle()
        XCTAssertEqual(b.name, "albums")
        XCTAssertEqual(b.albums.collectionView.contentOffset, offset)
    }

    func testBackButtonAndBackspaceGoBackAndKeyboardSelectionOpens() throws {
        let h = BrowserHarness()
        let b = h.browser
        h.key(.down)              // selects the first visible stack
        XCTAssertEqual(b.albums.selectedSection, 0)
        h.key(.right)
        h.key(.down)
        XCTAssertEqual(b.albums.selectedSection, 4)
        XCTAssertEqual(b.state().layout["selected"], .int(4))
        h.key(.enter)
        XCTAssertEqual(b.name, "album")
        XCTAssertEqual(b.state().layout["album"], .string(b.albums.album(at: 4)!.title))
        h.settle()
        h.key(.right)             // selects photo 0
        h.key(.right)
        h.key(.enter)
        XCTAssertEqual(b.name, "photo")
        XCTAssertEqual(b.state().layout["index"], .int(1))
        h.key(.backspace)
        h.settle()
        XCTAssertEqual(b.name, "album")
        h.click(x: 10, y: 10, button: .back)
        h.settle()
        XCTAssertEqual(b.name, "albums")
        // Selection scrolled into view: the last album.
        for _ in 0..<10 { h.key(.down) }
        h.settle()
        let last = b.albums.albumCount - 1
        XCTAssertEqual(b.albums.selectedSection, last)
        let f = b.albums.stackLayout.frameForStack(section: last)
        let o = b.albums.collectionView.contentOffset.y
        XCTAssertTrue(f.minY >= o && f.maxY <= o + 800, "the selected stack is in view")
    }

    func testResizeKeepsTheAlbumAtTheTopInView() throws {
        let h = BrowserHarness(width: 800, height: 1000)
        let b = h.browser, clock = h.clock
        // Scroll so that the row of stacks 6 and 7 is at the top.
        let f6 = b.albums.stackLayout.frameForStack(section: 6)
        b.albums.collectionView.contentOffset = Point(x: 0, y: f6.minY - 10)
        h.update()
        XCTAssertEqual(b.albums.firstVisibleSection(), 6)
        b.resize(width: 1280, height: 800, scale: 1, at: clock.now)
        h.settle()
        XCTAssertEqual(b.state().layout["columns"], .int(3))
        let f = b.albums.stackLayout.frameForStack(section: 6)
        let o = b.albums.collectionView.contentOffset.y
        XCTAssertTrue(f.minY >= o && f.maxY <= o + 800, "stack 6 (\(f)) still in view at offset \(o)")
        XCTAssertEqual(f.minY - o, b.albums.stackLayout.effectiveInsets.top, accuracy: 1, "its row at the top")
    }

    func testHoverLiftsTheStackAndShowsAHand() {
        let h = BrowserHarness()
        let b = h.browser, clock = h.clock
        let c = h.stackCenter(section: 2)
        _ = b.handle(.pointerMoved(x: c.x, y: c.y, modifiers: [], time: clock.now), at: clock.now)
        XCTAssertEqual(b.cursor, .hand)
        h.update()
        XCTAssertTrue(b.top.isAnimating, "the lift animates")
        h.settle()
        XCTAssertEqual(b.albums.lift(section: 2, at: clock.now), 1, accuracy: 1e-9)
        XCTAssertEqual(b.albums.lift(section: 1, at: clock.now), 0)
        _ = b.handle(.pointerMoved(x: 2, y: 2, modifiers: [], time: clock.now), at: clock.now)
        XCTAssertEqual(b.cursor, .arrow)
        h.settle()
        XCTAssertEqual(b.albums.lift(section: 2, at: clock.now), 0, accuracy: 1e-9)
    }

    func testPhotoViewZoomsAboutThePointerAndPans() throws {
        // 1024×683 photos in an 800×600 window: fitted (below 100 %).
        let h = BrowserHarness(width: 800, height: 600)
        let b = h.browser, clock = h.clock
        b.open(album: 2, photo: 0)
        XCTAssertEqual(b.name, "photo")
        let photo = try XCTUnwrap(b.top as? PhotoScreen)
        h.waitUntilReady()
        h.settle()
        let fitted = photo.imageRect
        XCTAssertGreaterThan(photo.actualSizeZoom, 1.2)
        let anchor = Point(x: fitted.minX + fitted.width * 0.4, y: fitted.minY + fitted.height * 0.25)
        _ = b.handle(.wheel(WheelEvent(deltaX: 0, deltaY: -3, isPrecise: false, x: anchor.x, y: anchor.y,
                                       modifiers: .control, time: clock.now)), at: clock.now)
        h.settle()
        XCTAssertEqual(photo.zoom, 1.25 * 1.25 * 1.25, accuracy: 1e-9)
        let zoomed = photo.imageRect
        // The image point under the pointer stays under it.
        XCTAssertEqual((anchor.x - zoomed.minX) / zoomed.width, 0.4, accuracy: 1e-6)
        XCTAssertEqual((anchor.y - zoomed.minY) / zoomed.height, 0.25, accuracy: 1e-6)
        // Drag pans.
        let panBefore = photo.pan
        _ = b.handle(.pointerDown(PointerEvent(button: .left, x: 400, y: 300, time: clock.now)), at: clock.now)
        // (The first move past the 3.5 pt slop anchors the drag; the content follows from there.)
        _ = b.handle(.pointerMoved(x: 420, y: 310, modifiers: [], time: clock.now), at: clock.now)
        _ = b.handle(.pointerMoved(x: 440, y: 320, modifiers: [], time: clock.now), at: clock.now)
        _ = b.handle(.pointerUp(PointerEvent(button: .left, x: 440, y: 320, time: clock.now)), at: clock.now)
        XCTAssertNotEqual(photo.pan, panBefore)
        h.settle()
        // Double click: back to fit; again: 100 %.
        _ = b.handle(.pointerDown(PointerEvent(button: .left, x: 400, y: 300, clickCount: 2, time: clock.now)), at: clock.now)
        h.settle()
        XCTAssertEqual(photo.zoom, 1)
        XCTAssertEqual(photo.pan.x, 0, accuracy: 1e-9)
        XCTAssertEqual(photo.pan.y, 0, accuracy: 1e-9)
        _ = b.handle(.pointerDown(PointerEvent(button: .left, x: 400, y: 300, clickCount: 2, time: clock.now)), at: clock.now)
        h.settle()
        XCTAssertEqual(photo.zoom, photo.actualSizeZoom, accuracy: 1e-9)
        // Wheel without Ctrl: next photo (its own default view); minus key zooms out to fit at most.
        _ = b.handle(.wheel(WheelEvent(deltaX: 0, deltaY: 1, isPrecise: false, x: 10, y: 10, time: clock.now)), at: clock.now)
        XCTAssertEqual(photo.index, 1)
        h.settle()
        XCTAssertEqual(photo.zoom, 1)
        for _ in 0..<10 { h.key(.minus) }
        h.settle()
        XCTAssertEqual(photo.zoom, 1, accuracy: 1e-9, "zooming out stops at the default view")
    }

}
