/// A folder holding photos. Title = the folder's path relative to the library root ("Trips/Praia do Norte");
/// photos directly in the root form an album titled with the root folder's own name.
public struct Album: Hashable, Sendable, Identifiable {
    /// Stable id: the relative path ("." for the root album).
    public var id: String
    /// Display title (invalid UTF-8 shown as U+FFFD).
    public var title: String
    /// The folder's path, raw bytes.
    public var path: PhotoPath
    /// Photos in natural order of their names (img2 before img10).
    public var photos: [Photo]

    public init(id: String, title: String, path: PhotoPath, photos: [Photo]) {
        self.id = id; self.title = title; self.path = path; self.photos = photos
    }
}
