import PhotoPipeline

extension LibraryPresentation {
    /// Each album's photos as last sorted, with what they were sorted from: an album whose photos and dates are
    /// the same is not sorted again. Kept by `LibraryModel` between presentations; only the albums of the last
    /// presentation are kept.
    public struct SortCache: Sendable {
        struct Entry: Sendable {
            var order: PhotoSortOrder
            var source: [Photo]
            /// The taken dates of `source`, in order (the taken order only).
            var dates: [Int64?]
            var sorted: [Photo]
        }
        var entries: [FolderKey: Entry] = [:]

        public init() {}

        /// `photos` of album `key` sorted by `order`: from the cache when nothing changed, else sorted and stored
        /// in `used`.
        func sorted(_ photos: [Photo], of key: FolderKey, by order: PhotoSortOrder, takenSeconds: [PhotoPath: Int64],
                    into used: inout SortCache) -> [Photo] {
            let dates = order == .taken ? photos.map { takenSeconds[$0.path] } : []
            if let e = entries[key], e.order == order, e.dates == dates, e.source == photos {
                used.entries[key] = e
                return e.sorted
            }
            let sorted = PhotoSorting.sorted(photos, by: order, takenSeconds: takenSeconds)
            used.entries[key] = Entry(order: order, source: photos, dates: dates, sorted: sorted)
            return sorted
        }
    }
}
