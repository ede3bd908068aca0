/// What the user opened, from the command line or by default (see `LibraryLaunch`).
public enum LibrarySource: Hashable, Sendable {
    /// A folder tree: every folder under the root (itself included) that directly holds photos is an album
    /// titled with its path relative to the root. `flat`: the root holds photos and has no visible
    /// sub-folder, so the app opens its album grid directly (if sub-folders appear later they become albums).
    case folder(PhotoPath, flat: Bool = false)
    /// One photo: the photos of its folder (that folder only, no sub-folders) are the album, and the app
    /// opens this photo (`PhotoLibrary.location(ofPhotoAt:)` gives its index). The photo is in the album even
    /// when the folder rules would leave it out (a hidden name, an unknown extension with photo content).
    case photo(PhotoPath)
    /// Photo files named together: one album of them, in the order given here. `LibraryLaunch` gives them
    /// in natural order of their paths (a shell glob's `img10` then `img2` become `img2`, `img10`, as when
    /// their folder is opened); duplicates (the same folder and name) are shown once.
    case files([PhotoPath])

    /// The folder scanned: the tree's root, the photo's folder, or the folder of the first file.
    public var root: PhotoPath {
        switch self {
        case .folder(let root, _): return root
        case .photo(let photo): return photo.parent
        case .files(let files): return files.first?.parent ?? PhotoPath("/")
        }
    }

    /// The photo to open at launch (`.photo`), if any.
    public var openedPhoto: PhotoPath? {
        if case .photo(let p) = self { return p }
        return nil
    }

    /// True when the library is one album to open at once (a flat folder, one photo's folder, named files):
    /// the app shows its grid (or, for `.photo`, the photo) instead of the albums screen.
    public var opensAlbumDirectly: Bool {
        switch self {
        case .folder(_, let flat): return flat
        case .photo, .files: return true
        }
    }

    /// True when sub-folders are albums too (a folder tree).
    public var includesSubfolders: Bool {
        if case .folder = self { return true }
        return false
    }
}
