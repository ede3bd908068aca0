import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Copy, fullscreen and the information overlay, headlessly: what the app asks of the host is recorded by the
/// headless host's services, which also answer as a cooperative desktop would.
final class CopyFullscreenInfoTests: XCTestCase {
    var library: ActionTestLibrary!

    override func setUpWithError() throws { library = try ActionTestLibrary.standard() }
    override func tearDown() {
        FileAccess.observe(nil)
        library?.remove()
    }

    func testCtrlCOffersURIsTextAndAPNGMadeOffTheUIThreadAtThePhotosSize() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        let p = h.gridCenter(1)
        h.handle(.pointerMoved(x: p.x, y: p.y, modifiers: [], time: h.clock.now))
        let touched = MainThreadAccesses()
        FileAccess.observe { op, path in if Thread.isMainThread { touched.add("\(op) \(path)") } }
        h.press(.character("c"), .control)
        let path = library.root + "/A/camera.jpg"
        let offer = try XCTUnwrap(h.services.clipboard, "the app took the clipboard")
        XCTAssertEqual(offer.format("text/uri-list")?.bytes.map { String(decoding: $0, as: UTF8.self) }, "file://" + path + "\r\n")
        XCTAssertEqual(offer.format("x-special/gnome-copied-files")?.bytes.map { String(decoding: $0, as: UTF8.self) }, "copy\nfile://" + path)
        XCTAssertEqual(offer.format(ClipboardOffer.plainText)?.bytes.map { String(decoding: $0, as: UTF8.self) }, path)
        XCTAssertNotNil(offer.format("image/png"))
        XCTAssertNil(offer.format("image/png")?.bytes, "the PNG is made when asked for")

        // A program asks for the PNG twice: one encode, both answered.
        let id = try XCTUnwrap(h.services.requestClipboard("image/png"))
        let id2 = try XCTUnwrap(h.services.requestClipboard("image/png"))
        h.deliverHostEvents()
        XCTAssertTrue(h.wait { h.services.clipboardAnswers[id] != nil && h.services.clipboardAnswers[id2] != nil })
        let png = try XCTUnwrap(h.services.clipboardAnswers[id] ?? nil)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(touched.all, [], "the UI thread touched no file")
        FileAccess.observe(nil)
        let decoded = try ImageDecoder().decode(bytes: png)
        let original = try ImageDecoder().decode(path: PhotoPath(path))
        XCTAssertEqual([decoded.image.width, decoded.image.height], [original.image.width, original.image.height])
        // Another program takes the clipboard: requests are refused from then on.
        h.services.loseClipboard()
        h.deliverHostEvents()
        XCTAssertNil(h.browser.actions.clipboardPhoto)
    }

    func testSeveralPhotosAreCopiedAsFilesWithoutAnImage() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        h.press(.character("a"), .control)
        h.press(.character("c"), .control)
        let offer = try XCTUnwrap(h.services.clipboard)
        let uris = offer.format("text/uri-list")?.bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
        XCTAssertEqual(uris.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count, 5)
        XCTAssertNil(offer.format("image/png"))
    }

    func testF11AsksForFullscreenAndEscapeLeavesItBeforeGoingBack() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        h.press(.function(11))
        XCTAssertEqual(h.services.requests.last, .fullscreen(true))
        h.deliverHostEvents()   // the window manager's answer
        XCTAssertEqual(h.stateValue("fullscreen"), .bool(true))
        h.press(.escape)
        XCTAssertEqual(h.services.requests.last, .fullscreen(false))
        h.deliverHostEvents()
        XCTAssertEqual(h.stateValue("fullscreen"), .bool(false))
        XCTAssertEqual(h.browser.name, "album", "the first Escape only left fullscreen")
        h.press(.character("f"))
        XCTAssertEqual(h.services.requests.last, .fullscreen(true), "f too")
    }

    func testInfoIsReadOffTheUIThreadAndFollowsThePhotoView() throws {
        let h = BrowserHarness(actions: library)
        h.openAlbum(0)
        let p = h.gridCenter(0)
        h.click(x: p.x, y: p.y)
        h.settle()
        XCTAssertEqual(h.browser.name, "photo")
        let touched = MainThreadAccesses()
        FileAccess.observe { op, path in if Thread.isMainThread { touched.add("\(op) \(path)") } }
        h.press(.character("i"))
        XCTAssertEqual(h.stateValue("overlay"), .string("info"))
        func infoRows() -> [String] {
            guard case .list(let rows)? = h.stateValue("info") else { return [] }
            return rows.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }
        XCTAssertTrue(h.wait { infoRows().contains("File: brick.jpg") }, "\(infoRows())")
        XCTAssertTrue(infoRows().contains { $0.hasPrefix("Size: ") && $0.hasSuffix("pixels") }, "\(infoRows())")
        h.press(.right)
        XCTAssertTrue(h.wait { infoRows().contains("File: camera.jpg") }, "the overlay follows the photo: \(infoRows())")
        XCTAssertEqual(touched.all, [])
        h.press(.character("i"))
        XCTAssertNil(h.stateValue("overlay"))
    }
}
