import Foundation
import XCTest
@testable import PhotoPipeline

/// A live library on real temporary folders: photos added, written, deleted and edited; albums renamed,
/// moved out and in; bursts. Every wait is on a condition with a deadline.
final class LiveLibraryTests: XCTestCase {
    let fm = FileManager.default
    var folders: [String] = []
    var libraries: [LiveLibrary] = []
    var recorders: [LiveLibraryRecorder] = []

    override func tearDown() {
        for l in libraries { l.stop() }
        libraries = []
        for r in recorders { XCTAssertEqual(r.duplicates, [], "every library delivered has unique album and photo keys") }
        recorders = []
        FileAccess.observe(nil)
        for f in folders { try? fm.removeItem(atPath: f) }
        folders = []
    }

    func folder(_ name: String = "live") -> String {
        let f = TestImages.temporaryDirectory(name)
        folders.append(f)
        return f
    }

    let jpeg = TestImages.quadrantJPEG()

    func photo(_ path: String, _ bytes: [UInt8]? = nil) {
        try! fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        TestImages.write(bytes ?? jpeg, to: path)
    }

    /// A started live library on `source`, after its initial scan finished.
    func live(_ source: LibrarySource, options: LiveLibrary.Options = .init()) -> LiveLibraryRecorder {
        let recorder = LiveLibraryRecorder()
        recorders.append(recorder)
        let library = LiveLibrary(source: source, options: options) { recorder.record($0) }
        libraries.append(library)
        library.start()
        XCTAssertTrue(recorder.wait { $0.contains { if case .scan(.finished) = $0 { return true }; return false } }, "initial scan")
        return recorder
    }

    func names(_ library: PhotoLibrary?, _ title: String) -> [String] {
        library?.albums.first { $0.title == title }?.photos.map(\.displayName) ?? []
    }

    func testAddedPhotoAppearsOnlyOnceItIsCompletelyWritten() throws {
        let root = folder()
        photo(root + "/A/1.jpg")
        let rec = live(.folder(PhotoPath(root)))
        // Half a photo written, the file still open.
        let fd = open(root + "/A/2.jpg", O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = jpeg.withUnsafeBytes { write(fd, $0.baseAddress, $0.count / 2) }
        // Another change in the same folder makes it listed again meanwhile.
        TestImages.write(Array("clip".utf8), to: root + "/A/clip.mp4")
        let meanwhile = rec.waitForLibrary("the video counted") { $0.albums.first?.notShown.videos == 1 }
        XCTAssertEqual(names(meanwhile, "A"), ["1.jpg"], "a photo being written is held back")
        _ = jpeg.withUnsafeBytes { write(fd, $0.baseAddress! + $0.count / 2, $0.count - $0.count / 2) }
        close(fd)
        let after = rec.waitForLibrary("2.jpg added") { self.names($0, "A") == ["1.jpg", "2.jpg"] }
        XCTAssertEqual(after?.albums[0].photos[1].fileSize, Int64(jpeg.count), "shown once closed, complete")
        XCTAssertEqual(rec.updates.last?.changes.insertedPhotos.map(\.description).last?.hasSuffix("/2.jpg"), true)
    }

    func testDeletedPhotoLeavesAndDeletedAlbumGoes() throws {
        let root = folder()
        photo(root + "/A/1.jpg"); photo(root + "/A/2.jpg"); photo(root + "/B/3.jpg")
        let rec = live(.folder(PhotoPath(root)))
        try fm.removeItem(atPath: root + "/A/1.jpg")
        rec.waitForLibrary("1.jpg deleted") { self.names($0, "A") == ["2.jpg"] }
        XCTAssertEqual(rec.updates.last?.changes.deletedPhotos.count, 1)
        let bKey = rec.library?.albums.first { $0.title == "B" }?.key
        try fm.removeItem(atPath: root + "/B")
        rec.waitForLibrary("album B deleted") { $0.albums.map(\.title) == ["A"] }
        XCTAssertEqual(rec.updates.last?.changes.deletedAlbums, [bKey!])
    }

    func testEditedPhotoGetsANewIdentityInPlaceOrReplacedByRename() throws {
        let root = folder()
        photo(root + "/A/1.jpg"); photo(root + "/A/2.jpg")
        let rec = live(.folder(PhotoPath(root)))
        let before = rec.library!.albums[0].photos
        // Rewritten in place (an editor saving over the file): new size.
        let bigger = TestImages.quadrantJPEG(width: 64, height: 32)
        TestImages.write(bigger, to: root + "/A/1.jpg")
        let edited = rec.waitForLibrary("1.jpg rewritten") { $0.albums[0].photos[0].fileSize == Int64(bigger.count) }
        XCTAssertEqual(rec.updates.last?.changes.modifiedPhotos, [before[0].key])
        XCTAssertNotEqual(edited?.albums[0].photos[0].identity, before[0].identity)
        // Saved to a temporary file and renamed over the photo: a new inode, same name, same key.
        TestImages.write(bigger, to: root + "/A/.2.jpg.tmp")
        XCTAssertEqual(rename(root + "/A/.2.jpg.tmp", root + "/A/2.jpg"), 0)
        rec.waitForLibrary("2.jpg replaced") { $0.albums[0].photos[1].identity.inode != before[1].identity.inode }
        XCTAssertEqual(rec.updates.last?.changes.modifiedPhotos, [before[1].key])
        XCTAssertEqual(rec.updates.last?.changes.insertedPhotos, [])
        // Only the modification time changed (touch): also a new identity.
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, root + "/A/2.jpg", &times, 0), 0)
        rec.waitForLibrary("2.jpg touched") { $0.albums[0].photos[1].identity.mtimeSeconds == 1_000_000 }
        XCTAssertEqual(rec.updates.last?.changes.modifiedPhotos, [before[1].key])
    }

    func testRenamedAlbumKeepsItsKeyAndPhotosAndIsStillWatched() throws {
        let root = folder()
        photo(root + "/Beach/1.jpg"); photo(root + "/Beach/Sub/2.jpg"); photo(root + "/City/3.jpg")
        let rec = live(.folder(PhotoPath(root)))
        let old = rec.library!
        XCTAssertEqual(old.albums.map(\.title), ["Beach", "Beach/Sub", "City"])
        XCTAssertEqual(rename(root + "/Beach", root + "/Zoo"), 0)
        let renamed = rec.waitForLibrary("Beach renamed") { $0.albums.map(\.title) == ["City", "Zoo", "Zoo/Sub"] }
        let changes = rec.updates.last!.changes
        XCTAssertEqual(changes.renamedAlbums.map(\.newID), ["Zoo", "Zoo/Sub"])
        XCTAssertEqual(changes.renamedAlbums.map(\.key), [old.albums[0].key, old.albums[1].key])
        XCTAssertTrue(changes.insertedAlbums.isEmpty && changes.deletedAlbums.isEmpty, "a move, not a delete and an insert")
        XCTAssertTrue(changes.insertedPhotos.isEmpty && changes.deletedPhotos.isEmpty)
        XCTAssertEqual(renamed?.albums[1].photos[0].path.string, root + "/Zoo/1.jpg", "paths follow the rename")
        XCTAssertEqual(renamed?.albums[1].photos[0].key, old.albums[0].photos[0].key)
        // The moved folders are still watched, under their new paths.
        photo(root + "/Zoo/Sub/4.jpg")
        let added = rec.waitForLibrary("4.jpg in Zoo/Sub") { self.names($0, "Zoo/Sub") == ["2.jpg", "4.jpg"] }
        XCTAssertEqual(added?.albums[2].photos[1].path.string, root + "/Zoo/Sub/4.jpg")
        // A rename into another folder of the library: the IN_MOVED_FROM/IN_MOVED_TO pair moves the folder
        // without listing it again (only the two parents are listed).
        final class Lists: @unchecked Sendable { let lock = NSLock(); var paths: [String] = [] }
        let lists = Lists()
        FileAccess.observe { op, path in if op == .list { lists.lock.withLock { lists.paths.append(path.string) } } }
        XCTAssertEqual(rename(root + "/Zoo/Sub", root + "/City/Sub"), 0)
        rec.waitForLibrary("Sub moved into City") { $0.albums.map(\.title) == ["City", "City/Sub", "Zoo"] }
        FileAccess.observe(nil)
        XCTAssertEqual(rec.updates.last?.changes.renamedAlbums.map(\.newID), ["City/Sub"])
        XCTAssertEqual(Set(lists.lock.withLock { lists.paths }), [root + "/Zoo", root + "/City"])
    }

    func testFolderMovedOutLeavesAndIsNoLongerWatchedAndOneMovedInArrives() throws {
        let root = folder(), outside = folder("outside")
        photo(root + "/A/1.jpg"); photo(root + "/B/2.jpg")
        photo(outside + "/C/3.jpg"); photo(outside + "/C/Deep/4.jpg")
        let rec = live(.folder(PhotoPath(root)))
        XCTAssertEqual(rename(root + "/B", outside + "/B"), 0)
        rec.waitForLibrary("B moved out") { $0.albums.map(\.title) == ["A"] }
        // A change in the moved-out folder, then one in the library: the first is not seen.
        photo(outside + "/B/5.jpg")
        photo(root + "/A/marker.jpg")
        let after = rec.waitForLibrary("marker") { self.names($0, "A") == ["1.jpg", "marker.jpg"] }
        XCTAssertEqual(after?.albums.map(\.title), ["A"], "the folder moved out is not watched any more")
        // A folder tree moved in is scanned and watched.
        XCTAssertEqual(rename(outside + "/C", root + "/C"), 0)
        rec.waitForLibrary("C moved in") { $0.albums.map(\.title) == ["A", "C", "C/Deep"] }
        XCTAssertEqual(rec.updates.last?.changes.insertedAlbums.count, 2)
        photo(root + "/C/Deep/6.jpg")
        rec.waitForLibrary("6.jpg in C/Deep") { self.names($0, "C/Deep") == ["4.jpg", "6.jpg"] }
        // New folders made in the library are watched too.
        photo(root + "/New/Newer/7.jpg")
        rec.waitForLibrary("New/Newer") { self.names($0, "New/Newer") == ["7.jpg"] }
        photo(root + "/New/Newer/8.jpg")
        rec.waitForLibrary("8.jpg") { self.names($0, "New/Newer") == ["7.jpg", "8.jpg"] }
    }

    func testBurstOf500PhotosArrivesInFewUpdates() throws {
        let root = folder(), staging = folder("staging")
        photo(root + "/A/0.jpg")
        for i in 1...500 { TestImages.write(jpeg, to: staging + "/p\(i).jpg") }
        let rec = live(.folder(PhotoPath(root)), options: .init(quietInterval: 0.05, maximumDelay: 0.25))
        let start = Date()
        for i in 1...500 { try fm.copyItem(atPath: staging + "/p\(i).jpg", toPath: root + "/A/p\(i).jpg") }
        let elapsed = Date().timeIntervalSince(start)
        let done = rec.waitForLibrary("500 photos") { $0.albums.first?.photos.count == 501 }
        XCTAssertEqual(done?.albums[0].photos.map(\.displayName).prefix(3), ["0.jpg", "p1.jpg", "p2.jpg"])
        let updates = rec.updates
        // A batch ends at most `maximumDelay` after its first event: the burst lasted `elapsed` seconds.
        XCTAssertLessThanOrEqual(updates.count, Int((elapsed / 0.25).rounded(.up)) + 2, "\(updates.count) updates in \(elapsed) s")
        XCTAssertEqual(updates.reduce(0) { $0 + $1.changes.insertedPhotos.count }, 500, "each photo arrives once")
        XCTAssertEqual(updates.reduce(0) { $0 + $1.changes.deletedPhotos.count }, 0, "no photo flickers away while others are copied")
        // The folder moved away in one step: one update.
        let count = updates.count
        XCTAssertEqual(rename(root + "/A", staging + "/A"), 0)
        rec.waitForLibrary("A moved away") { $0.albums.isEmpty }
        XCTAssertEqual(rec.updates.count, count + 1)
        XCTAssertEqual(rec.updates.last?.changes.deletedAlbums.count, 1)
    }

    func testRenamedPhotoIsRemovedAndAdded() throws {
        let root = folder()
        photo(root + "/1.jpg")
        let rec = live(.folder(PhotoPath(root)))
        XCTAssertEqual(rename(root + "/1.jpg", root + "/2.jpg"), 0)
        rec.waitForLibrary("renamed") { $0.albums.first?.photos.map(\.displayName) == ["2.jpg"] }
        XCTAssertEqual(rec.updates.last?.changes.insertedPhotos.count, 1)
        XCTAssertEqual(rec.updates.last?.changes.deletedPhotos.count, 1)
    }

    func testOnePhotoAndNamedFilesStayLive() throws {
        let root = folder()
        photo(root + "/a.jpg"); photo(root + "/b.jpg"); photo(root + "/Sub/c.jpg")
        let one = live(.photo(PhotoPath(root + "/b.jpg")))
        photo(root + "/c.jpg")
        photo(root + "/Sub/d.jpg")
        one.waitForLibrary("c.jpg joins the folder") { $0.albums.first?.photos.map(\.displayName) == ["a.jpg", "b.jpg", "c.jpg"] }
        XCTAssertEqual(one.library?.albums.count, 1, "sub-folders stay out")

        let files = live(.files([PhotoPath(root + "/b.jpg"), PhotoPath(root + "/a.jpg")]))
        try fm.removeItem(atPath: root + "/a.jpg")
        photo(root + "/z.jpg")
        files.waitForLibrary("a.jpg leaves") { $0.albums.first?.photos.map(\.displayName) == ["b.jpg"] }
        let bigger = TestImages.quadrantJPEG(width: 64, height: 32)
        TestImages.write(bigger, to: root + "/b.jpg")
        files.waitForLibrary("b.jpg edited") { $0.albums.first?.photos.first?.fileSize == Int64(bigger.count) }
        XCTAssertEqual(files.updates.last?.changes.modifiedPhotos.count, 1)
    }

    func testRootDeletedGivesAnEmptyLibrary() throws {
        let root = folder()
        photo(root + "/A/1.jpg")
        let rec = live(.folder(PhotoPath(root)))
        try fm.removeItem(atPath: root)
        rec.waitForLibrary("empty") { $0.albums.isEmpty && !$0.problems.isEmpty }
        XCTAssertEqual(rec.updates.last?.cause, .rootChanged)
    }
}
