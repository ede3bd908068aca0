import Foundation
import StackEngine
import XCTest
@testable import PhotoPipeline

/// The change → batch-update mapping: `LibraryChanges` between two libraries, and the batch update the
/// diffable data source makes of snapshots keyed by `Album.key` / `Photo.key` (the way the app applies it).
final class LibraryChangesTests: XCTestCase {
    typealias Snapshot = CollectionSnapshot<FolderKey, PhotoKey>

    func key(_ n: UInt64) -> FolderKey { FolderKey(device: 1, inode: n) }

    func photo(_ name: String, in folder: String, key: FolderKey, size: Int64 = 100, mtime: Int64 = 1) -> Photo {
        Photo(folder: PhotoPath("/lib/" + folder), name: Array(name.utf8), folderKey: key,
              identity: FileIdentity(device: 1, inode: UInt64(name.hashValue.magnitude % 100_000), size: size, mtimeSeconds: mtime),
              format: .jpeg)
    }

    func album(_ id: String, _ k: FolderKey, _ names: [String]) -> Album {
        Album(id: id, title: id, path: PhotoPath("/lib/" + id), photos: names.map { photo($0, in: id, key: k) }, key: k)
    }

    /// What the app does: sections = album keys, items = photo keys, modified photos reloaded.
    func snapshot(_ library: PhotoLibrary, reloading changes: LibraryChanges? = nil) -> Snapshot {
        var s = Snapshot()
        for a in library.albums {
            s.appendSections([a.key])
            s.appendItems(a.photos.map(\.key), toSection: a.key)
        }
        if let changes { s.reloadItems(changes.modifiedPhotos) }
        return s
    }

    func batch(_ old: PhotoLibrary, _ new: PhotoLibrary) -> [UpdateItem] {
        SnapshotDiff.changes(from: snapshot(old), to: snapshot(new, reloading: LibraryChanges(from: old, to: new)))
    }

    let base = PhotoLibrary(root: PhotoPath("/lib"), albums: [], problems: [])

    func library(_ albums: [Album]) -> PhotoLibrary { PhotoLibrary(root: PhotoPath("/lib"), albums: albums, problems: []) }

    func testPhotoKeyIsFolderKeyAndNameWhateverThePath() {
        let id = FileIdentity(device: 1, inode: 2, size: 3, mtimeSeconds: 4)
        let a = Photo(folder: PhotoPath("/lib/Beach"), name: Array("1.jpg".utf8), folderKey: key(1), identity: id, format: .jpeg)
        let b = Photo(folder: PhotoPath("/lib/Renamed/Deeper"), name: Array("1.jpg".utf8), folderKey: key(1), identity: id, format: .jpeg)
        XCTAssertEqual(a.key, b.key)
        XCTAssertEqual(a.key.hashValue, b.key.hashValue)
        XCTAssertEqual(a.key, PhotoKey(folder: key(1), name: Array("1.jpg".utf8)))
        XCTAssertNotEqual(a.key, PhotoKey(folder: key(2), name: Array("1.jpg".utf8)))
        XCTAssertNotEqual(a.key, PhotoKey(folder: key(1), name: Array("1.jpeg".utf8)))
        XCTAssertEqual(Set([a.key, b.key, PhotoKey(folder: key(1), name: Array("2.jpg".utf8))]).count, 2)
        XCTAssertEqual(b.path.string, "/lib/Renamed/Deeper/1.jpg")
        XCTAssertEqual(b.folder.string, "/lib/Renamed/Deeper")
        XCTAssertEqual(b.displayName, "1.jpg")
        XCTAssertEqual(Photo(path: PhotoPath("/x.jpg"), identity: id, format: .jpeg).folder.string, "/")
        XCTAssertEqual(Photo(path: PhotoPath("x.jpg"), identity: id, format: .jpeg).name, Array("x.jpg".utf8))
    }

    func testUnchangedLibraryHasNoChangesAndNoBatch() {
        let a = library([album("A", key(1), ["1.jpg", "2.jpg"]), album("B", key(2), ["3.jpg"])])
        XCTAssertTrue(LibraryChanges(from: a, to: a).isEmpty)
        XCTAssertEqual(batch(a, a), [])
    }

    func testPhotosAddedRemovedAndModified() {
        let old = library([album("A", key(1), ["1.jpg", "2.jpg", "3.jpg"])])
        var newAlbum = album("A", key(1), ["1.jpg", "3.jpg", "4.jpg"])
        newAlbum.photos[1].identity.mtimeSeconds = 99   // 3.jpg edited
        let new = library([newAlbum])
        let changes = LibraryChanges(from: old, to: new)
        XCTAssertEqual(changes.insertedPhotos.map(\.description), ["1:1/4.jpg"])
        XCTAssertEqual(changes.deletedPhotos.map(\.description), ["1:1/2.jpg"])
        XCTAssertEqual(changes.modifiedPhotos.map(\.description), ["1:1/3.jpg"])
        XCTAssertTrue(changes.insertedAlbums.isEmpty && changes.deletedAlbums.isEmpty && changes.renamedAlbums.isEmpty)
        XCTAssertEqual(Set(batch(old, new)), [.deleteItem(StackEngine.IndexPath(item: 1, section: 0)), .insertItem(StackEngine.IndexPath(item: 2, section: 0)),
                                              .reloadItem(StackEngine.IndexPath(item: 2, section: 0))])
    }

    func testRenamedAlbumIsAMoveNotADeleteAndInsert() {
        // "Beach" renamed to "Zoo": same folder key, new id and path; it now sorts last.
        let old = library([album("Beach", key(1), ["1.jpg", "2.jpg"]), album("City", key(2), ["3.jpg"]), album("Mountains", key(3), ["4.jpg"])])
        var zoo = album("Zoo", key(1), ["1.jpg", "2.jpg"])
        zoo.title = "Zoo"
        let new = library([album("City", key(2), ["3.jpg"]), album("Mountains", key(3), ["4.jpg"]), zoo])
        let changes = LibraryChanges(from: old, to: new)
        XCTAssertEqual(changes.renamedAlbums, [.init(key: key(1), oldID: "Beach", newID: "Zoo", oldTitle: "Beach", newTitle: "Zoo")])
        XCTAssertEqual(changes.movedAlbums, [key(1)])
        XCTAssertTrue(changes.insertedAlbums.isEmpty && changes.deletedAlbums.isEmpty)
        XCTAssertTrue(changes.insertedPhotos.isEmpty && changes.deletedPhotos.isEmpty, "the photos keep their keys")
        XCTAssertEqual(batch(old, new), [.moveSection(from: 0, to: 2)])
    }

    func testRenameInPlaceKeepsThePositionAndOnlyRetitles() {
        let old = library([album("A", key(1), ["1.jpg"]), album("B", key(2), ["2.jpg"])])
        let new = library([album("A2", key(1), ["1.jpg"]), album("B", key(2), ["2.jpg"])])
        let changes = LibraryChanges(from: old, to: new)
        XCTAssertEqual(changes.renamedAlbums.map(\.newTitle), ["A2"])
        XCTAssertEqual(changes.movedAlbums, [])
        XCTAssertEqual(batch(old, new), [], "nothing moves: the app refreshes the title only")
    }

    func testAlbumsAddedAndRemoved() {
        let old = library([album("A", key(1), ["1.jpg"]), album("B", key(2), ["2.jpg"])])
        let new = library([album("A", key(1), ["1.jpg"]), album("C", key(3), ["3.jpg", "4.jpg"])])
        let changes = LibraryChanges(from: old, to: new)
        XCTAssertEqual(changes.insertedAlbums, [key(3)])
        XCTAssertEqual(changes.deletedAlbums, [key(2)])
        XCTAssertTrue(changes.insertedPhotos.isEmpty, "photos come with their album")
        XCTAssertEqual(Set(batch(old, new)), [.deleteSection(1), .insertSection(1)])
    }

    func testBurstOf500PhotosAndAFolderMovedAwayIsOneBatch() {
        let old = library([album("A", key(1), ["0.jpg"]), album("Gone", key(2), (0..<500).map { "g\($0).jpg" })])
        let burst = album("A", key(1), (0...500).map { "\($0).jpg" })
        let new = library([burst])
        let changes = LibraryChanges(from: old, to: new)
        XCTAssertEqual(changes.insertedPhotos.count, 500)
        XCTAssertEqual(changes.deletedAlbums, [key(2)])
        let updates = batch(old, new)
        XCTAssertEqual(updates.count, 501, "one batch: 500 inserts and one section delete")
        XCTAssertEqual(updates.filter { if case .insertItem = $0 { return true }; return false }.count, 500)
        XCTAssertTrue(updates.contains(.deleteSection(1)))
        // Applying the batch to a collection view of the old snapshot succeeds.
        let cv = CollectionView(size: Size(width: 400, height: 400), layout: FlowLayout())
        let source = DiffableDataSource<FolderKey, PhotoKey>(collectionView: cv) { cv, indexPath, _ in
            cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
        cv.register(ReusableView.self, forCellWithReuseIdentifier: "c")
        source.apply(snapshot(old), animated: false)
        source.apply(snapshot(new, reloading: changes), animated: true)
        XCTAssertNil(source.lastApplyError)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 501)
    }

    func testSkippedUpdatesComposeIntoTheChangesFromTheShownLibrary() {
        // Three updates arrive in one frame: the app applies the newest against what it shows.
        let shown = library([album("A", key(1), ["1.jpg"])])
        let u1 = library([album("A", key(1), ["1.jpg", "2.jpg"])])
        let u2 = library([album("A", key(1), ["2.jpg"]), album("B", key(2), ["3.jpg"])])
        let u3 = library([album("A", key(1), ["2.jpg", "5.jpg"]), album("B", key(2), ["3.jpg"])])
        _ = (u1, u2)
        let changes = LibraryChanges(from: shown, to: u3)
        XCTAssertEqual(changes.insertedPhotos.map(\.description), ["1:1/2.jpg", "1:1/5.jpg"])
        XCTAssertEqual(changes.deletedPhotos.map(\.description), ["1:1/1.jpg"])
        XCTAssertEqual(changes.insertedAlbums, [key(2)])
    }

    func testNotShownCountsChangeIsReported() {
        let old = library([album("A", key(1), ["1.jpg"])])
        var a = album("A", key(1), ["1.jpg"])
        a.notShown.videos = 2
        let changes = LibraryChanges(from: old, to: library([a]))
        XCTAssertEqual(changes.recountedAlbums, [key(1)])
        XCTAssertEqual(batch(old, library([a])), [])
    }
}
