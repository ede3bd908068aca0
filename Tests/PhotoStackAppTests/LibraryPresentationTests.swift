import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// The presentation of the library: the app's own trash and undo shown before the watcher reports them, and
/// forgotten once it has (or after the grace period), in any order of reports.
final class LibraryPresentationTests: XCTestCase {
    func photo(_ folder: FolderKey, _ name: String) -> Photo {
        Photo(folder: PhotoPath("/lib/" + name.prefix(1)), name: Array(name.utf8), folderKey: folder,
              identity: FileIdentity(device: 1, inode: UInt64(name.hashValue & 0xFFFF), size: 100, mtimeSeconds: 0), format: .jpeg)
    }

    func testHiddenPhotosLeaveAtOnceAndAreForgottenWhenTheLibraryDropsThem() {
        let key = FolderKey(device: 1, inode: 10)
        let photos = ["a1.jpg", "a2.jpg", "a3.jpg"].map { photo(key, $0) }
        let album = Album(id: "a", title: "a", path: PhotoPath("/lib/a"), photos: photos, key: key)
        var p = LibraryPresentation()
        p.hidden = [photos[1].path]
        XCTAssertEqual(p.present([album])[0].photos.map(\.displayName), ["a1.jpg", "a3.jpg"])
        p.libraryChanged([album], at: 1)
        XCTAssertEqual(p.hidden, [photos[1].path], "still listed: still hidden")
        var without = album
        without.photos.remove(at: 1)
        p.libraryChanged([without], at: 2)
        XCTAssertTrue(p.hidden.isEmpty)
        p.hidden = Set(photos.map(\.path))
        XCTAssertTrue(p.present([album]).isEmpty, "an album left empty is not shown")
    }

    func testRestoredPhotosShowInTheirPlaceAndSurviveAStaleReportOfTheirTrash() {
        let key = FolderKey(device: 1, inode: 10)
        let photos = ["a1.jpg", "a2.jpg", "a3.jpg"].map { photo(key, $0) }
        let album = Album(id: "a", title: "a", path: PhotoPath("/lib/a"), photos: photos, key: key)
        var without = album
        without.photos.remove(at: 1)
        var p = LibraryPresentation()
        p.restored[photos[1].path] = .init(photo: photos[1], album: album, since: 10, seenAbsent: false)
        XCTAssertEqual(p.present([without])[0].photos.map(\.displayName), ["a1.jpg", "a2.jpg", "a3.jpg"], "back in its place")
        XCTAssertEqual(p.present([album])[0].photos.count, 3, "not twice when the library lists it")
        p.libraryChanged([album], at: 10.5)          // a report made before the trash
        XCTAssertNotNil(p.restored[photos[1].path], "listed but never seen absent: kept")
        p.libraryChanged([without], at: 10.6)        // the stale report of the trash
        XCTAssertEqual(p.present([without])[0].photos.count, 3, "still shown")
        p.libraryChanged([album], at: 10.7)          // the report of the undo
        XCTAssertNil(p.restored[photos[1].path], "the watcher caught up")
        // A restored album that the trash had emptied comes back as it was.
        var q = LibraryPresentation()
        q.restored[photos[0].path] = .init(photo: photos[0], album: album, since: 0, seenAbsent: false)
        XCTAssertEqual(q.present([]).map(\.title), ["a"])
        // After the grace period the library is trusted, whatever it says.
        q.libraryChanged([], at: LibraryPresentation.restoredGrace + 1)
        XCTAssertTrue(q.restored.isEmpty)
    }

    func testSortOrderOrdersPhotosAndAlbums() {
        let k1 = FolderKey(device: 1, inode: 1), k2 = FolderKey(device: 1, inode: 2)
        var old = photo(k1, "z.jpg"); old.identity.mtimeSeconds = 100
        var new = photo(k1, "a.jpg"); new.identity.mtimeSeconds = 200
        var mid = photo(k2, "m.jpg"); mid.identity.mtimeSeconds = 150
        let albums = [Album(id: "1", title: "1", path: PhotoPath("/lib/1"), photos: [new, old], key: k1),
                      Album(id: "2", title: "2", path: PhotoPath("/lib/2"), photos: [mid], key: k2)]
        var p = LibraryPresentation()
        p.order = .modified
        let shown = p.present(albums)
        XCTAssertEqual(shown[1].photos.map(\.displayName), ["z.jpg", "a.jpg"])
        XCTAssertEqual(shown.map(\.title), ["2", "1"], "albums by their newest photo")
        p.order = .taken
        p.takenSeconds[new.path] = 1
        XCTAssertEqual(p.present(albums)[0].photos.map(\.displayName), ["a.jpg", "z.jpg"], "EXIF dates first, when known")
    }

    func testTheSortCacheGivesWhatAFreshSortGivesAsPhotosAndDatesChange() {
        let keys = (0..<4).map { FolderKey(device: 1, inode: UInt64($0)) }
        var albums = keys.enumerated().map { a, key in
            Album(id: "\(a)", title: "album \(a)", path: PhotoPath("/lib/\(a)"),
                  photos: (0..<6).map { i in
                      var p = photo(key, "p\(a)-\(i).jpg")
                      p.identity.mtimeSeconds = Int64((a * 37 + i * 11) % 50)
                      return p
                  }, key: key)
        }
        var p = LibraryPresentation()
        p.order = .taken
        var cache = LibraryPresentation.SortCache()
        XCTAssertEqual(p.present(albums, cache: &cache), p.present(albums))
        p.takenSeconds[albums[2].photos[4].path] = -1_000_000   // a date arrives: album 2 goes first
        XCTAssertEqual(p.present(albums, cache: &cache), p.present(albums))
        XCTAssertEqual(p.present(albums, cache: &cache).first?.key, keys[2])
        albums[1].photos.removeFirst()
        XCTAssertEqual(p.present(albums, cache: &cache), p.present(albums))
        p.order = .modified
        XCTAssertEqual(p.present(albums, cache: &cache), p.present(albums))
    }

    func testSlideshowSecondsAreRewrittenIntoTheirOption() {
        XCTAssertEqual(BrowserOptions.rewritingSlideshowSeconds(["--slideshow", "3", "/pics"]),
                       ["--slideshow", "--slideshow-seconds", "3", "/pics"])
        XCTAssertEqual(BrowserOptions.rewritingSlideshowSeconds(["--slideshow=2.5"]), ["--slideshow", "--slideshow-seconds", "2.5"])
        XCTAssertEqual(BrowserOptions.rewritingSlideshowSeconds(["--slideshow", "/pics"]), ["--slideshow", "/pics"])
        XCTAssertEqual(BrowserOptions.rewritingSlideshowSeconds(["--", "--slideshow", "3"]), ["--", "--slideshow", "3"])
        XCTAssertThrowsError(try BrowserOptions.parse(["--slideshow-seconds", "0.1"]))
        XCTAssertEqual(try BrowserOptions.parse(["--sort", "taken"]).sort, .taken)
    }
}
