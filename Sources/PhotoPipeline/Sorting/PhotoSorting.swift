#if canImport(Glibc)
import Glibc
#endif

/// Sort orders for photos and albums as pure functions of their metadata. Ties fall back to natural name
/// order, then to the path, so each order is total (equal inputs give the same order every run).
///
/// "Taken" compares EXIF dates (camera wall-clock time, no time zone) with modification times of photos
/// without EXIF: the modification time is turned into local wall-clock seconds (epoch + the local UTC offset
/// at that instant) so both sit on one scale.
public enum PhotoSorting {
    /// The local UTC offset in seconds at an instant (epoch seconds); `localtime_r`'s `tm_gmtoff`.
    public typealias UTCOffset = @Sendable (Int64) -> Int64

    public static let localUTCOffset: UTCOffset = { epoch in
        var t = time_t(epoch), parts = tm()
        localtime_r(&t, &parts)
        return Int64(parts.tm_gmtoff)
    }

    /// True when `a` comes before `b` in `order`.
    public static func less(_ a: PhotoSortKey, _ b: PhotoSortKey, by order: PhotoSortOrder,
                            utcOffset: UTCOffset = localUTCOffset) -> Bool {
        switch order {
        case .name: break
        case .taken:
            let x = takenTime(a, utcOffset), y = takenTime(b, utcOffset)
            if x != y { return x < y }
        case .modified:
            if a.modificationTime != b.modificationTime { return a.modificationTime < b.modificationTime }
        }
        return nameLess(a, b)
    }

    /// `keys` sorted by `order`; returns the permutation as indices into `keys` (apply it to any parallel array).
    public static func order(_ keys: [PhotoSortKey], by order: PhotoSortOrder,
                             utcOffset: UTCOffset = localUTCOffset) -> [Int] {
        if order == .taken {
            // Precompute the taken time once per photo (the offset lookup is a libc call).
            let times = keys.map { takenTime($0, utcOffset) }
            return keys.indices.sorted { times[$0] != times[$1] ? times[$0] < times[$1] : nameLess(keys[$0], keys[$1]) }
        }
        return keys.indices.sorted { less(keys[$0], keys[$1], by: order, utcOffset: utcOffset) }
    }

    /// An album's photos sorted by `order`; `takenSeconds` gives the EXIF date of those read so far.
    public static func sorted(_ photos: [Photo], by order: PhotoSortOrder, takenSeconds: [PhotoPath: Int64] = [:],
                              utcOffset: UTCOffset = localUTCOffset) -> [Photo] {
        let keys = photos.map { PhotoSortKey($0, takenSeconds: takenSeconds[$0.path]) }
        return Self.order(keys, by: order, utcOffset: utcOffset).map { photos[$0] }
    }

    /// Albums sorted by `order`: by title (natural order); by taken — the album's earliest photo (when it
    /// begins); by modified — its most recently modified photo (when it last changed). Empty albums go last.
    public static func sorted(_ albums: [Album], by order: PhotoSortOrder, takenSeconds: [PhotoPath: Int64] = [:],
                              utcOffset: UTCOffset = localUTCOffset) -> [Album] {
        func titleLess(_ a: Album, _ b: Album) -> Bool {
            a.title != b.title ? NaturalOrder.less(a.title, b.title) : a.path < b.path
        }
        guard order != .name else { return albums.sorted(by: titleLess) }
        let times: [Double?] = albums.map { album in
            let values = album.photos.map { photo -> Double in
                let key = PhotoSortKey(photo, takenSeconds: takenSeconds[photo.path])
                return order == .taken ? Double(takenTime(key, utcOffset)) : key.modificationTime
            }
            return order == .taken ? values.min() : values.max()
        }
        return albums.indices.sorted { i, j in
            switch (times[i], times[j]) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return titleLess(albums[i], albums[j])
            }
        }.map { albums[$0] }
    }

    /// Wall-clock seconds the photo was taken: EXIF, else its modification time in local wall-clock seconds.
    static func takenTime(_ key: PhotoSortKey, _ utcOffset: UTCOffset) -> Int64 {
        if let t = key.takenSeconds { return t }
        let epoch = Int64(key.modificationTime.rounded(.down))
        return epoch + utcOffset(epoch)
    }

    static func nameLess(_ a: PhotoSortKey, _ b: PhotoSortKey) -> Bool {
        if a.name != b.name { return NaturalOrder.less(a.name, b.name) }
        return a.path < b.path
    }
}
