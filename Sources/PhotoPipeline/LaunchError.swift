/// Why the command line's arguments cannot be opened; `description` is the message for the user.
public enum LaunchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing at this path.
    case noSuchFile(String)
    /// A file that is not a photo PhotoStack can show (the reason from its name: video, unsupported, …).
    case notAPhoto(String, NotShownReason)
    /// A photo or folder that cannot be read (errno text).
    case unreadable(String, String)
    /// A folder among several arguments: name one folder, or photo files.
    case folderAmongFiles(String)
    /// A device, socket or pipe.
    case notAFileOrFolder(String)
    /// No argument, no photos in the pictures folder, and no sample library.
    case nothingToOpen(picturesFolder: String?)

    public var description: String {
        switch self {
        case .noSuchFile(let p): return "\(p): no such file or folder"
        case .notAPhoto(let p, .video): return "\(p) is a video, not a photo"
        case .notAPhoto(let p, .sidecar): return "\(p) is a sidecar (metadata) file, not a photo"
        case .notAPhoto(let p, _): return "\(p) is not a photo PhotoStack can show"
        case .unreadable(let p, let why): return "cannot read \(p): \(why)"
        case .folderAmongFiles(let p): return "\(p) is a folder: open one folder, or one or more photos"
        case .notAFileOrFolder(let p): return "\(p) is neither a photo nor a folder"
        case .nothingToOpen(let pictures):
            let place = pictures.map { "no photos in \($0)" } ?? "no pictures folder"
            return "\(place) and the sample library was not found; name a folder or a photo to open"
        }
    }
}
