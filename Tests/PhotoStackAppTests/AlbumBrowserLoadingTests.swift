import Canvas
import Foundation
import PhotoPipeline
import Host
import StackEngine
import XCTest
@testable import PhotoStackApp

final class AlbumBrowserLoadingTests: XCTestCase {
    /// A folder with `albums` sub-folders of small generated JPEG/PNG-free files (written by the test).
    func makeFolder(_ files: [String: [UInt8]]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-\(UUID().uuidString)").path
        for (path, bytes) in files {
            let full = (root as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: full))
        }
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        return root
    }

    func photo(_ name: String) -> Photo {
        Photo(path: PhotoPath("/nowhere/\(name).jpg"), identity: FileIdentity(device: 1, inode: UInt64(name.hashValue & 0xffff), size: 1, mtimeSeconds: 1),
              format: .jpeg)
    }

    func testAResultForAPhotoIsNotShownOnARendererReusedForAnotherPhoto() {
        let gate = DispatchSemaphore(value: 0)
        let inbox = Inbox<AppMessage>()
        let host = try! HeadlessHost(width: 10, height: 10, scale: 1)
        inbox.connect(wake: host.wake)
        let service = PhotoService(post: { inbox.post($0) }, workerCount: 1) { request in
            gate.wait()
            return .success(LoadedImage(image: PixelImage(width: 8, height: 8) { _, _ in 0xFF_20_40_60 }, source: .decode,
                                        originalWidth: 8, originalHeight: 8))
        }
        let a = photo("a"), b = photo("b")
        let cell = PhotoCell()
        cell.service = service
        cell.photo = a
        service.want(a, pixelSize: 100, priority: .visible)
        // The renderer is recycled for photo b before a's image arrives.
        cell.prepareForReuse()
        cell.service = service
        cell.photo = b
        gate.signal()
        XCTAssertTrue(host.waitForWake(timeout: 10), "the result woke the loop")
        let results = inbox.take()
        XCTAssertEqual(results.count, 1)
        XCTAssertTrue(results.allSatisfy { service.receive($0) })
        XCTAssertNil(cell.shownSurface, "a's image must not appear on the renderer now showing b")
        if case .loading = service.cardContent(for: b.id, pixelSize: cell.pixelSize).content {} else { XCTFail("b still loads: placeholder") }
        XCTAssertEqual(service.status(of: b.id), .loading)
        // A renderer that does show a gets the image.
        let other = PhotoCell()
        other.service = service
        other.photo = a
        XCTAssertNotNil(other.shownSurface)
        XCTAssertEqual(service.status(of: a.id), .loaded)
    }

    func testRecycledRenderersInTheAlbumsScreenShowTheirOwnPhotos() throws {
        let h = BrowserHarness(width: 800, height: 1000)
        let b = h.browser
        h.waitUntilReady()
        // Scroll to the end and back so renderers are recycled for other photos.
        h.key(.end); h.settle()
        h.waitUntilReady()
        h.key(.home); h.settle()
        h.waitUntilReady()
        XCTAssertGreaterThan(b.albums.collectionView.displayList.compactMap { $0.view.reuseCount > 0 ? 1 : nil }.count, 0,
                             "some renderers were reused")
        for item in b.albums.collectionView.displayList {
            guard let cell = item.view as? PhotoCell, cell.isDrawn, let photo = cell.photo else { continue }
            let p = item.attributes.indexPath
            XCTAssertEqual(photo.id, b.albums.album(at: p.section)?.photos[p.item].id)
            if let shown = cell.shownSurface {
                XCTAssertTrue(shown === b.photos.image(for: photo.id, pixelSize: cell.pixelSize)?.surface)
            }
        }
    }

    func testHeadlessSnapshotOfTheSampleLibraryShowsRealPhotos() throws {
        let inbox = Inbox<AppMessage>()
        let screen = BrowserScreen.make(root: PhotoPath(BrowserHarness.sampleLibrary), post: { inbox.post($0) },
                                        pipeline: ThumbnailPipeline(diskCache: nil))
        let app = App(screen: screen, inbox: inbox, width: 1280, height: 800, scale: 1)
        let (surface, state) = try SnapshotRenderer.capture(app, timeout: 20)
        XCTAssertEqual(state.screen, "albums")
        let photos = try XCTUnwrap(state.photos)
        XCTAssertGreaterThanOrEqual(photos.count, 9)
        XCTAssertTrue(photos.allSatisfy { $0.status == "loaded" }, "\(photos.filter { $0.status != "loaded" })")
        // The top photo of stack 1 (a cat): many distinct colours (a photo), not a flat placeholder.
        let f = screen.albums.stackLayout.frameForStack(section: 1).insetBy(dx: 40, dy: 40)
        var colours = Set<UInt32>()
        for y in stride(from: Int(f.minY), to: Int(f.maxY), by: 3) {
            for x in stride(from: Int(f.minX), to: Int(f.maxX), by: 3) {
                let p = surface.pixel(x: x, y: y)
                colours.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
            }
        }
        XCTAssertGreaterThan(colours.count, 200, "real photo pixels in stack 0")
        // The state lists 3 columns and titles with frames.
        XCTAssertEqual(state.layout["columns"], .int(3))
        XCTAssertTrue(state.visible.contains { $0.kind == "title" && $0.section == 0 })
    }

    func testEmptyFolderIsReadyAndSaysSo() throws {
        let root = try makeFolder(["notes/readme.txt": Array("hello".utf8)])
        let h = BrowserHarness(root: root)
        let b = h.browser
        XCTAssertTrue(b.isReadyForSnapshot)
        XCTAssertEqual(b.state().layout["albums"], .int(0))
        XCTAssertEqual(b.state().photos, [])
        let surface = try ImageSurface(pixelWidth: 1280, pixelHeight: 800)
        let ctx = CairoContext(surface: surface)
        b.draw(in: ctx, width: 1280, height: 800, scale: 1)
        // The note: light text in the middle of the window, none near the top.
        func lightPixels(_ y0: Int, _ y1: Int) -> Int {
            var n = 0
            for y in y0..<y1 { for x in stride(from: 300, to: 980, by: 2) where surface.pixel(x: x, y: y).r > 180 { n += 1 } }
            return n
        }
        XCTAssertGreaterThan(lightPixels(370, 430), 100)
        XCTAssertEqual(lightPixels(40, 100), 0)
    }

    func testBrokenPhotoIsReportedAsFailedWithItsReason() throws {
        let root = try makeFolder(["Broken/a.jpg": [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 4, 5], "Broken/b.jpg": []])
        let h = BrowserHarness(root: root)
        let b = h.browser
        h.waitUntilReady()
        let photos = try XCTUnwrap(b.state().photos)
        XCTAssertEqual(photos.map(\.status), ["failed", "failed"])
        XCTAssertTrue(photos.allSatisfy { ($0.reason ?? "").count > 5 })
        XCTAssertEqual(photos[1].reason, DecodeError.empty.reason)
    }
}
