/// What changed from one library to another, by identity: albums by `Album.key` (folder device + inode),
/// photos by `Photo.key` (folder key + file name). A renamed or moved album folder keeps its key, so it is
/// `renamedAlbums` (a move on screen), not a delete and an insert; the photos in it keep their keys.
///
/// How the app applies it: build a `CollectionSnapshot<FolderKey, PhotoKey>` from the new library (sections
/// `album.key`, items `photo.key`), mark `modifiedPhotos` with `reloadItems` (a new thumbnail: the cache key
/// is the new `FileIdentity`), apply it to the diffable data source (one batch update), then refresh the
/// titles of `renamedAlbums` and the "not shown" captions of `recountedAlbums`. Photos of inserted or
/// deleted albums come and go with their album and are not listed (as in UIKit batch updates).
///
/// Cost: O(albums) plus O(photos) of the albums whose value changed; an album value untouched by the live
/// library shares its storage with the previous library and compares in O(1).
public struct LibraryChanges: Hashable, Sendable {
    /// An album folder renamed or moved: same key, new place.
    public struct AlbumRename: Hashable, Sendable {
        public var key: FolderKey
        public var oldID: String
        public var newID: String
        public var oldTitle: String
        public var newTitle: String
    }

    /// Albums in the new library only, in its order.
    public var insertedAlbums: [FolderKey] = []
    /// Albums in the old library only, in its order.
    public var deletedAlbums: [FolderKey] = []
    /// Albums in both whose folder has a new path (renamed, or moved within the library), in new order.
    public var renamedAlbums: [AlbumRename] = []
    /// Albums in both whose position among the albums both libraries share changed (a rename that sorts
    /// elsewhere), in new order.
    public var movedAlbums: [FolderKey] = []
    /// Photos new in albums of both libraries, in new order.
    public var insertedPhotos: [PhotoKey] = []
    /// Photos gone from albums of both libraries, in old order.
    public var deletedPhotos: [PhotoKey] = []
    /// Photos in both whose file changed (new size or modification time: a new `FileIdentity`).
    public var modifiedPhotos: [PhotoKey] = []
    /// Albums in both whose counts of files not shown changed.
    public var recountedAlbums: [FolderKey] = []

    public init() {}

    /// The changes that turn `old` into `new`.
    public init(from old: PhotoLibrary, to new: PhotoLibrary) {
        var oldIndex: [FolderKey: Int] = [:]
        oldIndex.reserveCapacity(old.albums.count)
        for (i, a) in old.albums.enumerated() { oldIndex[a.key] = i }
        var newKeys = Set<FolderKey>()
        newKeys.reserveCapacity(new.albums.count)
        var sharedOldOrder: [Int] = []   // old indices of shared albums, in new order
        var sharedKeys: [FolderKey] = []
        for a in new.albums {
            newKeys.insert(a.key)
            guard let i = oldIndex[a.key] else { insertedAlbums.append(a.key); continue }
            sharedOldOrder.append(i)
            sharedKeys.append(a.key)
            let before = old.albums[i]
            if before == a { continue }   // O(1) when the storage is shared
            if before.id != a.id || before.title != a.title {
                renamedAlbums.append(AlbumRename(key: a.key, oldID: before.id, newID: a.id, oldTitle: before.title, newTitle: a.title))
            }
            if before.notShown != a.notShown { recountedAlbums.append(a.key) }
            comparePhotos(before.photos, a.photos)
        }
        deletedAlbums = old.albums.map(\.key).filter { !newKeys.contains($0) }
        // Shared albums out of their old relative order moved (the fewest: outside a longest increasing run).
        let keep = Self.longestIncreasingRun(sharedOldOrder)
        movedAlbums = sharedKeys.indices.filter { !keep.contains($0) }.map { sharedKeys[$0] }
    }

    private mutating func comparePhotos(_ old: [Photo], _ new: [Photo]) {
        if old == new { return }
        var before: [PhotoKey: FileIdentity] = [:]
        before.reserveCapacity(old.count)
        for p in old { before[p.key] = p.identity }
        var seen = Set<PhotoKey>()
        seen.reserveCapacity(new.count)
        for p in new {
            let key = p.key
            seen.insert(key)
            guard let identity = before[key] else { insertedPhotos.append(key); continue }
            if p.identity.isNewVersion(of: identity) { modifiedPhotos.append(key) }
        }
        for p in old where !seen.contains(p.key) { deletedPhotos.append(p.key) }
    }

    /// True when nothing changed.
    public var isEmpty: Bool {
        insertedAlbums.isEmpty && deletedAlbums.isEmpty && renamedAlbums.isEmpty && movedAlbums.isEmpty
            && insertedPhotos.isEmpty && deletedPhotos.isEmpty && modifiedPhotos.isEmpty && recountedAlbums.isEmpty
    }

    /// Positions (into `values`) of one longest strictly increasing subsequence, O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (k, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[k] = tails[lo - 1] }
            if lo == tails.count { tails.append(k) } else { tails[lo] = k }
        }
        var out = Set<Int>()
        var k = tails.last ?? -1
        while k >= 0 { out.insert(k); k = previous[k] }
        return out
    }
}
