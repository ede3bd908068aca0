import Canvas
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// The album grid's selection gestures and marks, and the context menu, driven headlessly through the browser.
final class SelectionAndMenuTests: XCTestCase {
    var library: ActionTestLibrary!

    override func setUpWithError() throws { library = try ActionTestLibrary.standard() }
    override func tearDown() { library?.remove() }

    func testCtrlClickTogglesShiftClickExtendsCtrlAAllAndEscapeClearsBeforeGoingBack() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        XCTAssertEqual(h.browser.name, "album")
        var p = h.gridCenter(1)
        h.click(x: p.x, y: p.y, modifiers: .control)
        p = h.gridCenter(3)
        h.click(x: p.x, y: p.y, modifiers: .control)
        XCTAssertEqual(h.stateValue("selection"), .list([.int(1), .int(3)]))
        XCTAssertEqual(h.browser.name, "album", "a Ctrl+click selects, it does not open the photo")
        h.click(x: p.x, y: p.y, modifiers: .control)
        XCTAssertEqual(h.stateValue("selection"), .list([.int(1)]), "Ctrl+click on a selected photo deselects it")
        p = h.gridCenter(4)
        h.click(x: p.x, y: p.y, modifiers: .shift)
        XCTAssertEqual(h.stateValue("selection"), .list([.int(1), .int(2), .int(3), .int(4)]), "Shift+click: the range from the anchor")
        h.press(.character("a"), .control)
        XCTAssertEqual(h.stateValue("selection"), .list((0..<5).map { .int($0) }))
        h.press(.escape)
        XCTAssertEqual(h.stateValue("selection"), .list([]))
        XCTAssertEqual(h.browser.name, "album", "the first Escape only clears the selection")
        h.press(.escape)
        h.settle()
        XCTAssertEqual(h.browser.name, "albums")
    }

    func testSelectedCellsShowAMark() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        let cv = h.grid.collectionView
        let a = try XCTUnwrap(cv.collectionViewLayout.layoutAttributesForItem(at: StackEngine.IndexPath(item: 2, section: 0)))
        let o = cv.contentOffset
        // The check badge sits at the cell's top-right corner; the tint covers the card.
        let badge = (x: Int(a.frame.maxX - o.x - a.frame.width * 0.1), y: Int(a.frame.minY - o.y + a.frame.height * 0.1))
        let before = h.draw().pixel(x: badge.x, y: badge.y)
        let p = h.gridCenter(2)
        h.click(x: p.x, y: p.y, modifiers: .control)
        h.frame()
        let after = h.host.surface.pixel(x: badge.x, y: badge.y)
        XCTAssertNotEqual([before.r, before.g, before.b], [after.r, after.g, after.b], "the selected cell is drawn differently")
        XCTAssertGreaterThan(Int(after.b), Int(after.r) + 60, "a blue mark at the corner: \(after)")
    }

    func testRightClickOpensTheMenuForTheSelectionAndKeysRunItsRows() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        for i in [0, 2] { let p = h.gridCenter(i); h.click(x: p.x, y: p.y, modifiers: .control) }
        let p = h.gridCenter(2)
        h.handle(.pointerMoved(x: p.x, y: p.y, modifiers: [], time: h.clock.now))
        h.handle(.pointerDown(PointerEvent(button: .right, x: p.x, y: p.y, time: h.clock.now)))
        h.handle(.pointerUp(PointerEvent(button: .right, x: p.x, y: p.y, time: h.clock.now)))
        guard case .list(let rows)? = h.stateValue("menu") else { return XCTFail("no menu in the state") }
        XCTAssertTrue(rows.contains(.string("Move 2 photos to the Trash")), "a selected photo's menu acts on the selection: \(rows)")
        XCTAssertTrue(rows.contains(.string("Undo (disabled)")))
        let popup = try XCTUnwrap(h.services.popup, "the menu is shown in the host's popup")
        XCTAssertEqual(popup.frame.x, p.x + 1, accuracy: 0.01)
        XCTAssertGreaterThan(try colours(popup.image), 20, "the menu is drawn")
        XCTAssertEqual(h.browser.name, "album", "the opening click's release runs nothing")

        // Keys go to the menu: Down highlights the first enabled row (Open is disabled for two photos), then the
        // next; Escape closes it.
        h.press(.down)
        XCTAssertEqual(h.stateValue("menuHighlighted"), .string("Open 2 photos with the default application"))
        h.press(.down)
        XCTAssertEqual(h.stateValue("menuHighlighted"), .string("Show 2 photos in their folder"))
        h.press(.escape)
        XCTAssertNil(h.stateValue("menu"))
        XCTAssertNil(h.services.popup)
        XCTAssertEqual(h.stateValue("selection"), .list([.int(0), .int(2)]), "Escape closed the menu only")

        // A click outside closes it without doing anything else.
        h.handle(.pointerDown(PointerEvent(button: .right, x: p.x, y: p.y, time: h.clock.now)))
        h.handle(.pointerUp(PointerEvent(button: .right, x: p.x, y: p.y, time: h.clock.now)))
        XCTAssertNotNil(h.stateValue("menu"))
        h.click(x: 5, y: 5)
        XCTAssertNil(h.stateValue("menu"))
        XCTAssertEqual(h.browser.name, "album")

        // A row clicked runs its action on the menu's photos: Select all.
        h.handle(.pointerDown(PointerEvent(button: .right, x: 5, y: 5, time: h.clock.now)))
        h.handle(.pointerUp(PointerEvent(button: .right, x: 5, y: 5, time: h.clock.now)))
        let menu = try XCTUnwrap(h.browser.actions.menu)
        let row = try XCTUnwrap(menu.rows.firstIndex { $0.action == .selectAll })
        let r = menu.rowRect(row)
        h.click(x: menu.frame.x + r.x + 20, y: menu.frame.y + r.y + r.height / 2)
        XCTAssertNil(h.stateValue("menu"))
        XCTAssertEqual(h.stateValue("selection"), .list((0..<5).map { .int($0) }))
    }

    func testHelpListsEveryKeyedActionAndAnyKeyClosesIt() throws {
        let h = BrowserHarness(actions: library)
        h.press(.character("?"), .shift)
        XCTAssertEqual(h.stateValue("overlay"), .string("help"))
        let listed = Set(HelpOverlay.sections.flatMap { $0.rows.map(\.text) })
        for action in BrowserAction.keyed { XCTAssertTrue(listed.contains(action.title), "\(action.title) is in the help") }
        let shown = h.draw()
        XCTAssertGreaterThan(try colours(shown), 50)
        h.press(.character("x"))
        XCTAssertNil(h.stateValue("overlay"))
        h.press(.function(1))
        XCTAssertEqual(h.stateValue("overlay"), .string("help"))
    }

    /// Distinct colours in a surface (a blank image has one).
    func colours(_ s: ImageSurface) throws -> Int {
        var seen = Set<UInt32>()
        s.withPixelBytes { b in
            for y in stride(from: 0, to: s.pixelHeight, by: 2) {
                for x in stride(from: 0, to: s.pixelWidth, by: 2) { seen.insert(b.load(fromByteOffset: y * s.stride + x * 4, as: UInt32.self)) }
            }
        }
        return seen.count
    }
}
