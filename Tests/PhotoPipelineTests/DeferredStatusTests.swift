import Foundation
import XCTest
@testable import PhotoPipeline

/// The live library's initial scan with the photos' `stat` deferred (`LiveLibrary.Options.deferPhotoStatusAfter`):
/// the scan lists names only, then one `.deferredStatus` update brings every photo's identity, and a change
/// made between a folder's listing and its photos' stat is not lost.
final class DeferredStatusTests: XCTestCase {
    let fm = FileManager.default
    var root = ""
    var library: LiveLibrary?
    let jpeg = TestImages.quadrantJPEG()

    override func setUp() {
        root = TestImages.temporaryDirectory("deferred")
        for album in ["A", "B", "B/C"] {
            try! fm.createDirectory(atPath: root + "/" + album, withIntermediateDirectories: true)
            for i in 1...3 { TestImages.write(jpeg, to: root + "/\(album)/\(i).jpg") }
        }
    }

    override func tearDown() {
        library?.stop()
        library = nil
        FileAccess.observe(nil)
        try? fm.removeItem(atPath: root)
    }

    func start(deferAfter: Int?) -> LiveLibraryRecorder {
        let recorder = LiveLibraryRecorder()
        let live = LiveLibrary(source: .folder(PhotoPath(root)), options: .init(deferPhotoStatusAfter: deferAfter)) { recorder.record($0) }
        library = live
        live.start()
        XCTAssertTrue(recorder.wait { $0.contains { if case .scan(.finished) = $0 { return true }; return false } }, "initial scan")
        return recorder
    }

    func finished(_ rec: LiveLibraryRecorder) -> PhotoLibrary? {
        for event in rec.all { if case .scan(.finished(let l)) = event { return l } }
        return nil
    }

    func statusUpdate(_ rec: LiveLibraryRecorder) -> LibraryUpdate? {
        XCTAssertTrue(rec.wait { $0.contains { if case .update(let u) = $0 { return u.cause == .deferredStatus }; return false } },
                      "the deferred stats are delivered")
        return rec.updates.first { $0.cause == .deferredStatus }
    }

    func testTheScanListsNamesAndTheStatsFollowAsOneUpdate() throws {
        let rec = start(deferAfter: 0)
        let scanned = try XCTUnwrap(finished(rec))
        XCTAssertEqual(scanned.albums.map(\.title), ["A", "B", "B/C"])
        XCTAssertTrue(scanned.albums.allSatisfy { $0.photos.allSatisfy { !$0.identity.isKnown } }, "no photo stat'ed by the scan")
        // Device and inode come from the folder and the entry: the same file as a stat'ing scan finds.
        let reference = PhotoLibrary.scan(root: PhotoPath(root))
        XCTAssertEqual(scanned.albums.flatMap { $0.photos.map(\.identity.inode) }, reference.albums.flatMap { $0.photos.map(\.identity.inode) })

        let update = try XCTUnwrap(statusUpdate(rec))
        XCTAssertEqual(update.library, reference, "every photo with its size and modification time")
        XCTAssertTrue(update.changes.isEmpty, "filling in identities changes nothing on screen: \(update.changes)")
        XCTAssertEqual(update.sequence, 1)
    }

    func testWithoutDeferringEveryPhotoIsStatedByTheScan() throws {
        let rec = start(deferAfter: nil)
        XCTAssertEqual(finished(rec), PhotoLibrary.scan(root: PhotoPath(root)))
        // Nothing follows the scan when nothing was deferred: a change is the first update.
        TestImages.write(jpeg, to: root + "/A/4.jpg")
        rec.waitForLibrary("4.jpg added") { $0.albums[0].photos.count == 4 }
        XCTAssertFalse(rec.updates.contains { $0.cause == .deferredStatus })
    }

    /// A photo rewritten after its folder was listed and before its stat — with its old size and modification
    /// time put back, as `cp -p` does — shows in the status update as modified (its event names it), and a photo
    /// deleted in that interval is left out; the library then matches a fresh scan.
    func testAChangeBetweenListingAndStatIsNotLost() throws {
        let edited = root + "/B/2.jpg", deleted = root + "/B/3.jpg"
        let before = try XCTUnwrap(FileIdentity.of(PhotoPath(edited)))
        final class Once: @unchecked Sendable { let lock = NSLock(); var done = false }
        let once = Once()
        let replacement = TestImages.quadrantJPEG(width: 16, height: 32)
        XCTAssertNotEqual(replacement, jpeg)
        FileAccess.observe { op, path in
            // With every stat deferred the scan stats folders only: the first photo stat'ed is the status pass's.
            guard op == .status, path.string.hasSuffix(".jpg"), once.lock.withLock({ !once.done }) else { return }
            once.lock.withLock { once.done = true }
            // The same size (padded or cut) and the old modification time: only the event tells.
            var bytes = replacement
            if bytes.count < Int(before.size) { bytes += [UInt8](repeating: 0, count: Int(before.size) - bytes.count) }
            let fd = open(edited, O_WRONLY | O_TRUNC)
            _ = bytes.prefix(Int(before.size)).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            var times = [timespec(tv_sec: Int(before.mtimeSeconds), tv_nsec: Int(before.mtimeNanoseconds)),
                         timespec(tv_sec: Int(before.mtimeSeconds), tv_nsec: Int(before.mtimeNanoseconds))]
            _ = futimens(fd, &times)
            close(fd)
            unlink(deleted)
        }
        let rec = start(deferAfter: 0)
        let update = try XCTUnwrap(statusUpdate(rec))
        FileAccess.observe(nil)
        XCTAssertTrue(once.lock.withLock { once.done }, "the files changed while the stats were made")
        let b = try XCTUnwrap(update.library.albums.first { $0.title == "B" })
        XCTAssertEqual(b.photos.map(\.displayName), ["1.jpg", "2.jpg"], "the deleted photo is left out")
        let after = try XCTUnwrap(b.photos.first { $0.displayName == "2.jpg" })
        XCTAssertEqual(after.identity, FileIdentity.of(PhotoPath(edited)))
        XCTAssertEqual(after.identity.size, before.size)
        XCTAssertEqual(after.identity.mtimeSeconds, before.mtimeSeconds)
        XCTAssertEqual(update.changes.modifiedPhotos, [after.key], "the rewritten photo is reported as modified")
        XCTAssertEqual(Set(update.changes.deletedPhotos.map(\.name)), [Array("3.jpg".utf8)])
        let fresh = PhotoLibrary.scan(root: PhotoPath(root))
        rec.waitForLibrary("the same as a fresh scan") { $0 == fresh }
    }

    func testAnUnknownVersionIsTheSameFileUntilItsInodeDiffers() {
        let known = FileIdentity(device: 3, inode: 7, size: 100, mtimeSeconds: 5)
        XCTAssertFalse(known.isNewVersion(of: .unknownVersion(device: 3, inode: 7)))
        XCTAssertTrue(known.isNewVersion(of: .unknownVersion(device: 3, inode: 8)), "replaced by another file")
        XCTAssertTrue(known.isNewVersion(of: FileIdentity(device: 3, inode: 7, size: 101, mtimeSeconds: 5)))
        XCTAssertFalse(known.isNewVersion(of: known))
        let photo = { (identity: FileIdentity) in
            Photo(folder: PhotoPath("/p"), name: Array("a.jpg".utf8), folderKey: FolderKey(device: 3, inode: 1), identity: identity, format: .jpeg)
        }
        let album = { (p: Photo) in Album(id: "p", title: "p", path: PhotoPath("/p"), photos: [p], key: FolderKey(device: 3, inode: 1)) }
        let a = PhotoLibrary(root: PhotoPath("/"), albums: [album(photo(.unknownVersion(device: 3, inode: 7)))], problems: [])
        let b = PhotoLibrary(root: PhotoPath("/"), albums: [album(photo(known))], problems: [])
        XCTAssertTrue(LibraryChanges(from: a, to: b).isEmpty)
        let c = PhotoLibrary(root: PhotoPath("/"), albums: [album(photo(.unknownVersion(device: 3, inode: 9)))], problems: [])
        XCTAssertEqual(LibraryChanges(from: c, to: b).modifiedPhotos.count, 1)
    }
}
