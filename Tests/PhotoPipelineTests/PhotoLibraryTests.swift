import XCTest
@testable import PhotoPipeline

final class PhotoLibraryTests: XCTestCase {
    let fm = FileManager.default

    func testNaturalOrder() {
        let names = ["img10.jpg", "img2.jpg", "IMG1.jpg", "img02.jpg", "b.jpg", "a10b.png", "a9b.png"]
        XCTAssertEqual(names.sorted(by: NaturalOrder.less), ["a9b.png", "a10b.png", "b.jpg", "IMG1.jpg", "img2.jpg", "img02.jpg", "img10.jpg"])
        XCTAssertTrue(NaturalOrder.less("photo 2", "photo 10"))
        XCTAssertFalse(NaturalOrder.less("photo 10", "photo 2"))
    }

    func makeTree() -> String {
        let root = TestImages.temporaryDirectory("lib")
        let jpeg = TestImages.quadrantJPEG()
        for album in ["Summer Holidays", "Зимний лес", "春节", ".hidden", "Empty", "Trips/Praia do Norte"] {
            try! fm.createDirectory(atPath: root + "/" + album, withIntermediateDirectories: true)
        }
        for name in ["img10.jpg", "img2.jpg", "img1.JPG", ".secret.jpg", "notes.txt"] { TestImages.write(jpeg, to: root + "/Summer Holidays/" + name) }
        TestImages.write(jpeg, to: root + "/Зимний лес/a.jpeg")
        TestImages.write(jpeg, to: root + "/春节/b.png")
        TestImages.write(jpeg, to: root + "/.hidden/c.jpg")
        TestImages.write(jpeg, to: root + "/Trips/Praia do Norte/d.jpg")
        TestImages.write(jpeg, to: root + "/top.jpg")
        // A symlink loop and a link to another album.
        try! fm.createSymbolicLink(atPath: root + "/Trips/loop", withDestinationPath: root)
        return root
    }

    func testScanFindsAlbumsInNaturalOrderAndSkipsHiddenFiles() {
        let root = makeTree()
        var events: [String] = []
        let library = PhotoLibrary.scan(root: PhotoPath(root), onEvent: { event in
            if case .album(let album) = event { events.append(album.title) }
        })
        let titles = library.albums.map(\.title)
        XCTAssertEqual(titles.first, (root as NSString).lastPathComponent, "root photos form the first album")
        XCTAssertEqual(Set(titles.dropFirst()), ["Summer Holidays", "Зимний лес", "春节", "Trips/Praia do Norte"])
        XCTAssertEqual(events, titles, "albums are delivered incrementally in order")
        var last: ScanProgress?
        PhotoLibrary.scan(root: PhotoPath(root), onEvent: { event in
            if case .progress(let progress) = event {
                if let last { XCTAssertGreaterThanOrEqual(progress.foldersScanned, last.foldersScanned) }
                last = progress
            }
        })
        XCTAssertEqual(last?.photosFound, 7)
        XCTAssertEqual(last?.albumsFound, 5)
        let summer = library.albums.first { $0.title == "Summer Holidays" }!
        XCTAssertEqual(summer.photos.map(\.displayName), ["img1.JPG", "img2.jpg", "img10.jpg"])
        XCTAssertEqual(summer.photos[0].fileSize, Int64(TestImages.quadrantJPEG().count))
        XCTAssertTrue(library.problems.isEmpty, "\(library.problems)")
        XCTAssertEqual(library.albums.count, 5, "the symlink loop back to the root is not entered twice")
    }

    func testNonUTF8NamesAreShownWithReplacementAndStillOpen() throws {
        let root = TestImages.temporaryDirectory("lib")
        var name = Array("bad-".utf8); name += [0xFF, 0xFE]; name += Array(".jpg".utf8)
        let path = PhotoPath(root).appending(name)
        let jpeg = TestImages.quadrantJPEG()
        let fd = path.withCString { open($0, O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = jpeg.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let library = PhotoLibrary.scan(root: PhotoPath(root))
        let photo = try XCTUnwrap(library.albums.first?.photos.first)
        XCTAssertEqual(photo.displayName, "bad-\u{FFFD}\u{FFFD}.jpg")
        XCTAssertEqual(photo.path.bytes, path.bytes)
        XCTAssertEqual(try ImageDecoder().decode(path: photo.path).image.width, 32)
    }

    func testUnreadableFolderIsReportedOnceAndSkipped() throws {
        if getuid() == 0 {
            throw XCTSkip("running as root: permission bits do not stop root from reading, so unreadability cannot be simulated")
        }
        let root = makeTree()
        chmod(root + "/Зимний лес", 0)
        defer { chmod(root + "/Зимний лес", 0o755) }
        let library = PhotoLibrary.scan(root: PhotoPath(root))
        XCTAssertEqual(library.problems.count, 1)
        XCTAssertFalse(library.albums.contains { $0.title == "Зимний лес" })
    }

    func testDanglingPhotoLinkIsReportedOnceAndSkipped() throws {
        let root = makeTree()
        try fm.createSymbolicLink(atPath: root + "/Summer Holidays/ghost.jpg", withDestinationPath: root + "/missing.jpg")
        let library = PhotoLibrary.scan(root: PhotoPath(root))
        XCTAssertEqual(library.problems.map(\.path.lastComponent), ["ghost.jpg"])
        XCTAssertEqual(library.albums.first { $0.title == "Summer Holidays" }?.photos.count, 3)
    }

    func testMissingRootIsAProblem() {
        let library = PhotoLibrary.scan(root: PhotoPath("/nonexistent/photostack-\(UUID())"))
        XCTAssertTrue(library.albums.isEmpty)
        XCTAssertEqual(library.problems.count, 1)
    }

    func testBackgroundScanDeliversFinished() {
        let root = makeTree()
        let done = expectation(description: "finished")
        PhotoLibrary.scanInBackground(root: PhotoPath(root)) { event in
            if case .finished(let library) = event {
                XCTAssertEqual(library.albums.count, 5)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
    }
}
