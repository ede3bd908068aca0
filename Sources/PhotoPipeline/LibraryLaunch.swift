import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns a command line's arguments into a `LibraryChoice`, before the window opens (never on the UI
/// thread: it stats and lists). Every file-system call is announced through `FileAccess`.
///
/// - no argument: the user's pictures folder (`picturesFolder`) when it holds a photo, else the sample library;
/// - one folder: a folder tree (`flat` when it holds photos and no visible sub-folder);
/// - one photo: `.photo` (its folder's photos, opened on it);
/// - several photos: `.files`, sorted in natural order of their paths (by folder, then by name),
///   duplicates dropped. A folder among several arguments is an error.
/// Relative arguments are resolved against `environment.currentDirectory` and normalised lexically.
public enum LibraryLaunch {
    /// The choice for `arguments` (command-line words after the options).
    public static func resolve(arguments: [String], environment: LaunchEnvironment) throws(LaunchError) -> LibraryChoice {
        if arguments.isEmpty { return try resolveDefault(environment: environment) }
        let cwd = PhotoPath(environment.currentDirectory)
        let paths = arguments.map { PhotoPath($0).absolute(in: cwd) }
        if paths.count == 1 {
            let path = paths[0]
            switch try kind(of: path, shown: arguments[0]) {
            case .folder: return LibraryChoice(source: .folder(path, flat: isFlat(path)), origin: .arguments)
            case .photo: return LibraryChoice(source: .photo(path), origin: .arguments)
            }
        }
        var files: [PhotoPath] = []
        var seen = Set<PhotoPath>()
        for (path, shown) in zip(paths, arguments) {
            if case .folder = try kind(of: path, shown: shown) { throw .folderAmongFiles(shown) }
            if seen.insert(path).inserted { files.append(path) }
        }
        files.sort(by: naturalPathLess)
        return LibraryChoice(source: .files(files), origin: .arguments)
    }

    /// No argument: the pictures folder when it holds a photo, else the sample library.
    public static func resolveDefault(environment: LaunchEnvironment) throws(LaunchError) -> LibraryChoice {
        let pictures = environment.homeDirectory.map { home in
            picturesFolder(environment: environment.variables, home: home) { path in
                FileAccess.will(.read, PhotoPath(path))
                return try? String(contentsOfFile: path, encoding: .utf8)
            }
        }
        let state: PicturesState
        if let (path, _) = pictures {
            if let st = FileBytes.status(path), st.st_mode & S_IFMT == S_IFDIR {
                state = containsPhotos(path) ? .holdsPhotos : .noPhotos
            } else { state = .missing }
        } else { state = .missing }
        return try chooseDefault(pictures: pictures, state: state, sample: environment.sampleLibrary.map(PhotoPath.init))
    }

    /// What was found at the pictures folder.
    public enum PicturesState: Hashable, Sendable { case holdsPhotos, noPhotos, missing }

    /// The user's pictures folder: XDG_PICTURES_DIR from the user-dirs file (read with `readFile`, which
    /// returns nil when there is none) when set, else `home/Pictures`. `fromUserDirs` says which.
    public static func picturesFolder(environment: [String: String], home: String,
                                      readFile: (String) -> String?) -> (path: PhotoPath, fromUserDirs: Bool) {
        if let text = readFile(UserDirectories.file(environment: environment, home: home)),
           let value = UserDirectories.value(of: "XDG_PICTURES_DIR", in: text, home: home) {
            return (PhotoPath(value), true)
        }
        return (PhotoPath(home == "/" ? "/Pictures" : home + "/Pictures"), false)
    }

    /// The no-argument choice from what was found: the pictures folder if it holds photos, else the sample.
    public static func chooseDefault(pictures: (path: PhotoPath, fromUserDirs: Bool)?, state: PicturesState,
                                     sample: PhotoPath?) throws(LaunchError) -> LibraryChoice {
        if let pictures, state == .holdsPhotos {
            return LibraryChoice(source: .folder(pictures.path), origin: .picturesFolder(pictures.path, fromUserDirs: pictures.fromUserDirs))
        }
        guard let sample else { throw .nothingToOpen(picturesFolder: pictures?.path.string) }
        let reason: LibraryChoice.SampleReason
        if let pictures { reason = state == .noPhotos ? .picturesFolderHasNoPhotos(pictures.path) : .noPicturesFolder(pictures.path) }
        else { reason = .noHomeFolder }
        return LibraryChoice(source: .folder(sample), origin: .sampleLibrary(because: reason))
    }

    /// True when the tree under `root` holds at least one photo; stops at the first folder with one (and
    /// after `folderLimit` folders).
    public static func containsPhotos(_ root: PhotoPath, folderLimit: Int = 10_000) -> Bool {
        var lister = FolderLister()
        var pending: [PhotoPath] = [root]
        var visited = Set<FolderKey>()
        var listed = 0
        while let folder = pending.popLast(), listed < folderLimit {
            listed += 1
            guard case .success(let listing) = lister.list(folder, key: .noFolder, subfolders: true) else { continue }
            if !listing.photos.isEmpty { return true }
            for sub in listing.subfolders.reversed() where visited.insert(sub.key).inserted {
                pending.append(folder.appending(sub.name))
            }
        }
        return false
    }

    // MARK: Arguments

    enum Kind { case folder, photo }

    /// Whether `path` is a folder or a photo; throws the user's error otherwise.
    static func kind(of path: PhotoPath, shown: String) throws(LaunchError) -> Kind {
        guard let st = FileBytes.status(path) else {
            if errno == ENOENT || errno == ENOTDIR { throw .noSuchFile(shown) }
            throw .unreadable(shown, String(cString: strerror(errno)))
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR:
            FileAccess.will(.status, path)
            if path.withCString({ access($0, R_OK | X_OK) }) != 0 { throw .unreadable(shown, String(cString: strerror(errno))) }
            return .folder
        case S_IFREG:
            let name = path.lastComponentBytes
            if ImageFormat.fromExtension(name) == nil {
                switch FileBytes.readPrefix(path, count: 32) {
                case .failure(let e): throw .unreadable(shown, "\(e)")
                case .success(let prefix):
                    if ImageFormat.sniff(prefix) == nil { throw .notAPhoto(shown, NotShownReason.forUnrecognisedFile(named: name)) }
                }
            } else {
                FileAccess.will(.status, path)
                if path.withCString({ access($0, R_OK) }) != 0 { throw .unreadable(shown, String(cString: strerror(errno))) }
            }
            return .photo
        default:
            throw .notAFileOrFolder(shown)
        }
    }

    /// A folder that holds photos and no visible sub-folder.
    static func isFlat(_ folder: PhotoPath) -> Bool {
        var lister = FolderLister()
        guard case .success(let listing) = lister.list(folder, key: .noFolder, subfolders: true) else { return false }
        return !listing.photos.isEmpty && listing.subfolders.isEmpty
    }

    /// Natural order of paths: by folder (component by component), then by file name.
    static func naturalPathLess(_ a: PhotoPath, _ b: PhotoPath) -> Bool {
        let x = a.parent.bytes.split(separator: UInt8(ascii: "/")), y = b.parent.bytes.split(separator: UInt8(ascii: "/"))
        for (p, q) in zip(x, y) {
            let p = Array(p), q = Array(q)
            if NaturalOrder.less(p, q) { return true }
            if NaturalOrder.less(q, p) { return false }
        }
        if x.count != y.count { return x.count < y.count }
        return NaturalOrder.less(a.lastComponentBytes, b.lastComponentBytes)
    }
}
