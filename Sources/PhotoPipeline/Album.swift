/// A folder holding photos. Title = the folder's path relative to the library root ("Trips/Praia do Norte");
/// photos directly in the root form an album titled with the root folder's own name.
public struct Album: Hashable, Sendable, Identifiable {
    /// Id by place: the relative path ("." for the root album). Changes when the folder is renamed.
    public var id: String
    /// Id by identity: the folder's device and inode, which survive a rename or a move of the folder
    /// (`FolderKey.noFolder` for the album of files named on the command line). Use it as the section identifier
    /// of a diffable snapshot so a renamed album moves instead of leaving and coming back.
    public var key: FolderKey
    /// Display title (invalid UTF-8 shown as U+FFFD).
    public var title: String
    /// The folder's path, raw bytes.
    public var path: PhotoPath
    /// Photos in natural order of their names (img2 before img10).
    public var photos: [Photo]
    /// Files of the folder that are not shown, by reason (videos, sidecars, unsupported, unreadable).
    public var notShown: NotShownCounts

    public init(id: String, title: String, path: PhotoPath, photos: [Photo], key: FolderKey = .noFolder,
                notShown: NotShownCounts = NotShownCounts()) {
        self.id = id; self.key = key; self.title = title; self.path = path; self.photos = photos
        self.notShown = notShown
    }

    /// The index of the photo at `path` in `photos`, if any.
    public func index(ofPhotoAt path: PhotoPath) -> Int? {
        photos.firstIndex { $0.path == path }
    }
}
