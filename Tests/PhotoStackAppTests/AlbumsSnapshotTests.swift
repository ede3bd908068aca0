import Foundation
@testable import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// The albums screen's snapshot (`AlbumsScreen+Snapshot.swift`): a stack's items are only the photos it draws, albums
/// the first scan streams in are appended to the shown snapshot without a rebuild or a diff, and anything else (a
/// sort order that puts new albums first, the watcher's changes) still goes through a diffed, animated batch update.
final class AlbumsSnapshotTests: XCTestCase {
    /// Album `n`: one folder (its own key) of `count` photos, modified at `mtime` (seconds).
    func album(_ n: Int, photos count: Int = 5, mtime: Int64 = 1) -> Album {
        let folder = PhotoPath("/library/album-\(n)")
        let key = FolderKey(device: 1, inode: UInt64(100 + n))
        let photos = (0..<count).map { i in photo("IMG_\(i).jpg", in: folder, key: key, inode: UInt64(1000 * n + i), mtime: mtime) }
        return Album(id: "album-\(n)", title: "album-\(n)", path: folder, photos: photos, key: key)
    }

    func photo(_ name: String, in folder: PhotoPath, key: FolderKey, inode: UInt64, mtime: Int64 = 1) -> Photo {
        Photo(folder: folder, name: Array(name.utf8), folderKey: key,
              identity: FileIdentity(device: 1, inode: inode, size: 1, mtimeSeconds: mtime), format: .jpeg)
    }

    func makeBrowser() -> (LibraryModel, BrowserScreen) {
        let library = LibraryModel(root: PhotoPath("/library"))   // not started: the test delivers the events
        let photos = PhotoService(pipeline: ThumbnailPipeline(diskCache: nil), post: { _ in })
        photos.logsFailures = false
        let browser = BrowserScreen(library: library, photos: photos, post: { _ in })
        browser.resize(width: 1024, height: 768, scale: 1, at: 0)
        return (library, browser)
    }

    /// The stacks shown: each album's key and its items' names, in order.
    func shown(_ screen: AlbumsScreen) -> [(FolderKey, [String])] {
        let snapshot = screen.dataSource.snapshot()
        return snapshot.sectionIdentifiers.map { key in
            (key, snapshot.itemIdentifiers(inSection: key).map { String(decoding: $0.name, as: UTF8.self) })
        }
    }

    /// What the screen should show for `albums`: every album, its first `drawnDepth` photos.
    func expected(_ albums: [Album]) -> [(FolderKey, [String])] {
        albums.map { a in (a.key, a.photos.prefix(AlbumsScreen.drawnDepth).map(\.displayName)) }
    }

    func assertShows(_ browser: BrowserScreen, _ albums: [Album], _ message: String, line: UInt = #line) {
        let got = shown(browser.albums), want = expected(albums)
        XCTAssertEqual(got.map(\.0), want.map(\.0), "\(message): stacks", line: line)
        XCTAssertEqual(got.map(\.1), want.map(\.1), "\(message): items", line: line)
        XCTAssertEqual(browser.albums.collectionView.numberOfSections, albums.count, message, line: line)
        for (s, a) in albums.enumerated() {
            XCTAssertEqual(browser.albums.album(at: s)?.title, a.title, message, line: line)
            XCTAssertEqual(browser.albums.collectionView.numberOfItems(inSection: s), min(a.photos.count, AlbumsScreen.drawnDepth),
                           message, line: line)
        }
    }

    /// Delivers albums `range` one by one, 10 ms apart from `time`, running the paced reloads when due.
    func stream(_ albums: [Album], to browser: BrowserScreen, from time: inout Double) {
        for a in albums {
            time += 0.01
            _ = browser.receive([.library(.scan(.album(a)))], at: time)
            browser.update(at: time)
        }
    }

    func testAlbumsTheScanStreamsInAreAppendedWithoutADiff() throws {
        let (library, browser) = makeBrowser()
        let albums = (0..<60).map { album($0, photos: 2 + $0 % 7) }
        var time = 1.0
        stream(Array(albums[..<30]), to: browser, from: &time)
        time += 1.1
        browser.update(at: time)   // the paced reload of what came last
        assertShows(browser, Array(albums[..<30]), "half the scan")
        stream(Array(albums[30...]), to: browser, from: &time)
        _ = browser.receive([.library(.scan(.finished(PhotoLibrary(root: library.root, albums: albums, problems: []))))], at: time + 0.01)
        XCTAssertFalse(library.isScanning)
        assertShows(browser, albums, "the whole scan")
        XCTAssertEqual(browser.albums.dataSource.diffsMade, 0, "streamed albums are appended, never diffed")
        XCTAssertNil(browser.albums.dataSource.lastApplyError)
        XCTAssertEqual(browser.albums.photosByKey.count, albums.reduce(0) { $0 + min($1.photos.count, AlbumsScreen.drawnDepth) },
                       "only the photos the stacks draw are items")

        // The watcher's update: the second album loses its folder, the first gets a new top photo. A diff, animated.
        var changed = albums
        changed.remove(at: 1)
        changed[0].photos.insert(photo("AAA.jpg", in: changed[0].path, key: changed[0].key, inode: 99), at: 0)
        let old = library.library
        let new = PhotoLibrary(root: library.root, albums: changed, problems: [])
        _ = browser.receive([.library(.update(LibraryUpdate(library: new, changes: LibraryChanges(from: old, to: new),
                                                            cause: .fileEvents, sequence: 1)))], at: time + 1)
        assertShows(browser, changed, "after the watcher's update")
        XCTAssertEqual(browser.albums.dataSource.diffsMade, 1)
        XCTAssertTrue(browser.albums.collectionView.elementsAreAnimating, "the change animates")
        XCTAssertEqual(shown(browser.albums)[0].1, ["AAA.jpg", "IMG_0.jpg", "IMG_1.jpg"], "the new photo tops the stack")
    }

    /// A big library's scan defers the photos' `stat`: the update that brings their sizes and dates changes no
    /// stack, so the shown values are replaced without a diff (for 10^5 photos a diff costs ~80 ms of UI thread).
    func testAnUpdateThatOnlyFillsInIdentitiesReplacesTheValuesWithoutADiff() throws {
        let (library, browser) = makeBrowser()
        let known = (0..<20).map { album($0, photos: 1 + $0 % 5) }
        var scanned = known
        for a in scanned.indices {
            for p in scanned[a].photos.indices {
                scanned[a].photos[p].identity = .unknownVersion(device: 1, inode: scanned[a].photos[p].identity.inode)
            }
        }
        var time = 1.0
        stream(scanned, to: browser, from: &time)
        _ = browser.receive([.library(.scan(.finished(PhotoLibrary(root: library.root, albums: scanned, problems: []))))], at: time + 0.01)
        browser.update(at: time + 0.01)
        let new = PhotoLibrary(root: library.root, albums: known, problems: [])
        let changes = LibraryChanges(from: library.library, to: new)
        XCTAssertTrue(changes.isEmpty)
        _ = browser.receive([.library(.update(LibraryUpdate(library: new, changes: changes, cause: .deferredStatus, sequence: 1)))],
                            at: time + 0.5)
        assertShows(browser, known, "the same stacks")
        XCTAssertEqual(browser.albums.dataSource.diffsMade, 0, "no diff")
        let top = try XCTUnwrap(browser.albums.photosByKey[known[3].photos[0].key])
        XCTAssertEqual(top.identity, known[3].photos[0].identity, "the drawn photos have their sizes")
        XCTAssertEqual(browser.albums.album(at: 3)?.photos, known[3].photos)
    }

    /// With the albums sorted by modification time each new album the scan finds goes first: no append, the
    /// snapshot is rebuilt and diffed, and the stacks always follow the presented order.
    func testAlbumsThatDoNotGoAtTheEndAreDiffedIntoPlace() {
        let (library, browser) = makeBrowser()
        library.presentation.order = .modified
        let albums = (0..<12).map { album($0, photos: 4, mtime: Int64(1000 - $0)) }
        var time = 1.0
        for a in albums {
            time += 0.2   // every album after the pacer's interval: each is a reload
            _ = browser.receive([.library(.scan(.album(a)))], at: time)
            browser.update(at: time)
            assertShows(browser, library.albums, "after \(a.title)")
        }
        XCTAssertEqual(library.albums.first?.key, albums.last?.key, "the newest album goes first")
        XCTAssertGreaterThan(browser.albums.dataSource.diffsMade, 0)
        XCTAssertNil(browser.albums.dataSource.lastApplyError)
    }
    /// Stacks appended below the live area (window and display margin) come without an animation (nothing shown
    /// moves, and the stacks on screen keep their exact resting cards); stacks appended within it animate in.
    func testStacksAppendedBelowTheLiveAreaDoNotAnimate() {
        let (_, browser) = makeBrowser()
        let albums = (0..<60).map { album($0) }
        let cv = browser.albums.collectionView
        var time = 1.0
        stream([albums[0]], to: browser, from: &time)
        time += 2
        browser.update(at: time)
        XCTAssertFalse(cv.elementsAreAnimating)
        stream([albums[1]], to: browser, from: &time)   // long after the last reload: shown at once
        XCTAssertEqual(cv.numberOfSections, 2)
        XCTAssertTrue(cv.elementsAreAnimating, "a stack appended beside the one shown animates in")
        stream(Array(albums[2..<30]), to: browser, from: &time)
        time += 2
        browser.update(at: time)
        assertShows(browser, Array(albums[..<30]), "30 albums")
        XCTAssertFalse(cv.elementsAreAnimating)
        XCTAssertGreaterThan(browser.albums.stackLayout.frameForStack(section: 30).minY, 768 + cv.displayMargin,
                             "the next stack is below the live area")
        stream(Array(albums[30...]), to: browser, from: &time)
        time += 1.1
        browser.update(at: time)
        assertShows(browser, albums, "60 albums")
        XCTAssertFalse(cv.elementsAreAnimating, "stacks appended below the live area do not animate")
        XCTAssertEqual(browser.albums.dataSource.diffsMade, 0)
    }
}
