import Foundation
import Host
import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// The background reader of EXIF dates: results come through the inbox in batches, and its cache file makes a
/// second run read no photo it already knows (and read again one that changed).
final class TakenDateReaderTests: XCTestCase {
    var library: ActionTestLibrary!

    override func setUpWithError() throws { library = try ActionTestLibrary.standard() }
    override func tearDown() {
        FileAccess.observe(nil)
        library?.remove()
    }

    func photos() throws -> [Photo] {
        try PhotoLibrary.scan(root: PhotoPath(library.root)).albums.flatMap(\.photos)
    }

    /// Reads `photos` with a fresh reader on `cache`; returns the dates delivered and the photo files opened.
    func read(_ photos: [Photo], cache: PhotoPath) -> (dates: [PhotoPath: Int64?], opened: [String]) {
        let inbox = Inbox<AppMessage>()
        let woken = DispatchSemaphore(value: 0)
        inbox.connect { woken.signal() }
        let opened = MainThreadAccesses()
        let root = library.root
        FileAccess.observe { op, path in if op == .read, path.string.hasPrefix(root) { opened.add(path.lastComponent) } }
        defer { FileAccess.observe(nil) }
        let reader = TakenDateReader(post: { inbox.post($0) }, cacheFile: cache)
        reader.read(photos)
        var dates: [PhotoPath: Int64?] = [:]
        let deadline = Date().addingTimeInterval(20)
        while dates.count < photos.count, Date() < deadline {
            for m in inbox.take() { if case .action(.takenDates(let d)) = m { dates.merge(d) { $1 } } }
            if dates.count < photos.count { _ = woken.wait(timeout: .now() + 0.1) }
        }
        return (dates, opened.all)
    }

    func testDatesAreReadOnceAndCachedByFileVersion() throws {
        try ExifDateJPEG.insert(date: "2021:03:04 05:06:07", intoFileAt: library.root + "/A/camera.jpg")
        let all = try photos()
        let cache = PhotoPath(library.base + "/cache/taken-dates.json")
        let first = read(all, cache: cache)
        XCTAssertEqual(first.dates.count, all.count)
        let camera = try XCTUnwrap(all.first { $0.displayName == "camera.jpg" })
        XCTAssertEqual(first.dates[camera.path] ?? nil, ExifDate.wallClockSeconds("2021:03:04 05:06:07"))
        XCTAssertEqual(Set(first.opened), Set(all.map(\.displayName)), "every photo read once")
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.string))

        let second = read(all, cache: cache)
        XCTAssertEqual(second.dates.count, all.count)
        XCTAssertEqual(second.dates[camera.path] ?? nil, first.dates[camera.path] ?? nil)
        XCTAssertEqual(second.opened, [], "a second run reads no photo it knows")

        try library.setModified("A/brick.jpg", year: 2001)
        let third = read(try photos(), cache: cache)
        XCTAssertEqual(third.opened, ["brick.jpg"], "a changed file is read again")
    }
}
