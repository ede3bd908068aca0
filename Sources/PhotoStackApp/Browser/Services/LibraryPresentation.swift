import PhotoPipeline

/// What the screens show of the library: the scanned albums in the chosen sort order, without the photos the app
/// moved to the trash (hidden at once, before the watcher reports them gone) and with the photos the app put
/// back (shown at once, before the watcher reports them again). The app's own changes therefore animate once —
/// when the user makes them — and the watcher's later report of the same change finds nothing to animate.
/// A pure value: `present(_:)` is a function of the scanned albums and these fields.
public struct LibraryPresentation: Sendable {
    /// A photo the app put back (undo of a trash) with its album as it was, while the library may not list it.
    public struct Restored: Sendable {
        public var photo: Photo
        /// The album it was in (key, title, path); used when the library has no album for it (it was emptied).
        public var album: Album
        /// Host-clock seconds it was put back.
        public var since: Double
        /// True once a library without the photo was seen after the trash (the watcher's report of the trash).
        public var seenAbsent: Bool
    }

    /// How albums and photos are ordered.
    public var order: PhotoSortOrder = .name
    /// EXIF dates read so far (wall-clock seconds) for the taken order; photos without one sort by file time.
    public var takenSeconds: [PhotoPath: Int64] = [:]
    /// Photos moved (or being moved) to the trash by the app: not shown while the library still lists them.
    public var hidden: Set<PhotoPath> = []
    /// Photos put back by the app, by path.
    public var restored: [PhotoPath: Restored] = [:]
    /// Seconds a restored photo the library lists again is kept without having been seen absent: the watcher
    /// may never report a trash and its undo made quickly one after the other.
    public static let restoredGrace = 2.0

    public init() {}

    /// True when the scanned albums are shown as they are (name order, nothing hidden or put back).
    public var isIdentity: Bool { order == .name && hidden.isEmpty && restored.isEmpty }

    /// The albums to show for the scanned `albums`: hidden photos left out, restored ones added to their album
    /// (recreated when gone), albums left empty dropped, photos and albums sorted by `order` (name order is the
    /// scan's own).
    public func present(_ albums: [Album]) -> [Album] {
        var cache = SortCache()
        return present(albums, cache: &cache)
    }

    /// The same, re-sorting only the albums whose photos (or, for the taken order, their dates) changed since
    /// `cache` saw them: a library of 100,000 photos re-presented when one album changes sorts one album.
    public func present(_ albums: [Album], cache: inout SortCache) -> [Album] {
        if isIdentity { cache = SortCache(); return albums }
        var out: [Album] = []
        out.reserveCapacity(albums.count)
        var restoredByAlbum: [FolderKey: [Restored]] = [:]
        if !restored.isEmpty {
            var listed = Set<PhotoPath>()
            for a in albums { for p in a.photos where restored[p.path] != nil { listed.insert(p.path) } }
            for r in restored.values where !listed.contains(r.photo.path) { restoredByAlbum[r.album.key, default: []].append(r) }
        }
        var used = SortCache()
        for var album in albums {
            var changed = false
            if !hidden.isEmpty, album.photos.contains(where: { hidden.contains($0.path) }) {
                album.photos.removeAll { hidden.contains($0.path) }
                changed = true
            }
            if let back = restoredByAlbum.removeValue(forKey: album.key) {
                album.photos += back.map(\.photo)
                changed = true
            }
            if order != .name {
                album.photos = cache.sorted(album.photos, of: album.key, by: order, takenSeconds: takenSeconds, into: &used)
            } else if changed {
                album.photos = PhotoSorting.sorted(album.photos, by: .name)
            }
            if !album.photos.isEmpty { out.append(album) }
        }
        cache = used
        if order != .name {
            // Albums sort by their earliest taken or latest modified photo: the first or last one of their sorted
            // photos, so each album is compared through that one photo (the same order, far fewer keys).
            let first = order == .taken
            let representatives = out.map { a -> Album in
                var r = a
                r.photos = [first ? a.photos[0] : a.photos[a.photos.count - 1]]
                return r
            }
            let byKey = Dictionary(out.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            out = PhotoSorting.sorted(representatives, by: order, takenSeconds: takenSeconds).compactMap { byKey[$0.key] }
        }
        // Albums gone from the library (emptied by the trash) come back with their restored photos, in their place.
        for (_, back) in restoredByAlbum {
            var album = back[0].album
            album.photos = PhotoSorting.sorted(back.map(\.photo), by: order, takenSeconds: takenSeconds)
            let at = order == .name ? out.firstIndex { NaturalOrder.less(album.title, $0.title) } : nil
            out.insert(album, at: at ?? out.count)
        }
        if order != .name, !restoredByAlbum.isEmpty { out = PhotoSorting.sorted(out, by: order, takenSeconds: takenSeconds) }
        return out
    }

    /// The library changed (a scan or the watcher): hidden photos it no longer lists are forgotten (the trash is
    /// done); a restored photo is forgotten when the library lists it again after having been seen without it (the
    /// watcher reported the trash, then the undo), and in any case at the first change `restoredGrace` seconds
    /// after the undo (from then on the library is trusted: the watcher may have folded a quick trash and undo into
    /// nothing, and a later deletion by another program must show).
    public mutating func libraryChanged(_ albums: [Album], at time: Double) {
        guard !hidden.isEmpty || !restored.isEmpty else { return }
        var listed = Set<PhotoPath>()
        for a in albums { for p in a.photos where hidden.contains(p.path) || restored[p.path] != nil { listed.insert(p.path) } }
        hidden = hidden.filter { listed.contains($0) }
        for (path, var r) in restored {
            if time - r.since >= Self.restoredGrace || (listed.contains(path) && r.seenAbsent) {
                restored[path] = nil
            } else if !listed.contains(path), !r.seenAbsent {
                r.seenAbsent = true
                restored[path] = r
            }
        }
    }
}
