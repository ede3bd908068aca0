/// What `LibraryLaunch` resolved: the source to open and why it was chosen (the app says it in the window
/// title when no argument was given).
public struct LibraryChoice: Hashable, Sendable {
    public enum Origin: Hashable, Sendable {
        /// What the command line named.
        case arguments
        /// No argument: the user's pictures folder, which holds photos. `fromUserDirs`: it came from
        /// XDG_PICTURES_DIR in user-dirs.dirs (else it is ~/Pictures).
        case picturesFolder(PhotoPath, fromUserDirs: Bool)
        /// No argument, and the pictures folder has no photos (or does not exist): the sample library.
        case sampleLibrary(because: SampleReason)
    }

    /// Why the sample library was opened.
    public enum SampleReason: Hashable, Sendable {
        /// The pictures folder exists but holds no photo.
        case picturesFolderHasNoPhotos(PhotoPath)
        /// The pictures folder does not exist or is no folder.
        case noPicturesFolder(PhotoPath)
        /// No home folder is known, so there is no pictures folder.
        case noHomeFolder
    }

    public var source: LibrarySource
    public var origin: Origin

    public init(source: LibrarySource, origin: Origin) { self.source = source; self.origin = origin }

    /// A short note for the window title, nil when the user named what to open: "Pictures" for the pictures
    /// folder; "sample library — no photos in ~/Pictures" (`home` shortened to "~") for the sample.
    public func titleNote(home: String?) -> String? {
        func short(_ p: PhotoPath) -> String {
            let s = p.string
            if let home, home.count > 1, s == home || s.hasPrefix(home + "/") { return "~" + s.dropFirst(home.count) }
            return s
        }
        switch origin {
        case .arguments: return nil
        case .picturesFolder(let p, _): return p.lastComponent
        case .sampleLibrary(.picturesFolderHasNoPhotos(let p)): return "sample library — no photos in \(short(p))"
        case .sampleLibrary(.noPicturesFolder(let p)): return "sample library — no \(short(p)) folder"
        case .sampleLibrary(.noHomeFolder): return "sample library"
        }
    }
}
