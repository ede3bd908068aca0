import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The result of scanning a folder tree: every folder holding photos is an `Album`.
///
/// Rules: hidden entries (names starting with ".") are skipped; JPEG and PNG are recognised by extension
/// (.jpg .jpeg .jpe .jfif .png, any case; the decoder then sniffs the content) and other files ignored;
/// symbolic links are followed, and each directory (device + inode) is entered once, so link loops end;
/// unreadable folders and files are reported once as `ScanProblem`s and skipped. Albums come in
/// depth-first natural order, the root's own photos first.
public struct PhotoLibrary: Sendable {
    public var root: PhotoPath
    public var albums: [Album]
    public var problems: [ScanProblem]

    public init(root: PhotoPath, albums: [Album], problems: [ScanProblem]) {
        self.root = root; self.albums = albums; self.problems = problems
    }

    /// Scans synchronously on the calling thread; `onEvent` receives albums, progress and problems as they
    /// are found, then `.finished`. `isCancelled` is polled between folders.
    @discardableResult
    public static func scan(root: PhotoPath, isCancelled: @Sendable () -> Bool = { false },
                            onEvent: (ScanEvent) -> Void = { _ in }) -> PhotoLibrary {
        let library = withoutActuallyEscaping(onEvent) { onEvent in
            withoutActuallyEscaping(isCancelled) { isCancelled in
                var scanner = Scanner(root: root, onEvent: onEvent, isCancelled: isCancelled)
                scanner.run()
                return PhotoLibrary(root: root, albums: scanner.albums, problems: scanner.problems)
            }
        }
        onEvent(.finished(library))
        return library
    }

    /// Scans on a new background thread; `onEvent` is called on that thread (forward to the UI thread yourself).
    /// Returns a handle to cancel the scan.
    @discardableResult
    public static func scanInBackground(root: PhotoPath, onEvent: @escaping @Sendable (ScanEvent) -> Void) -> ScanHandle {
        let handle = ScanHandle()
        let thread = Thread {
            ThreadNice.apply(ThreadNice.loader)
            scan(root: root, isCancelled: { handle.isCancelled }, onEvent: onEvent)
        }
        thread.name = "PhotoLibrary.scan"
        thread.start()
        return handle
    }
}

/// The depth-first walk behind `PhotoLibrary.scan`.
private struct Scanner {
    struct DirKey: Hashable { var device: UInt64; var inode: UInt64 }
    let root: PhotoPath
    let onEvent: (ScanEvent) -> Void
    let isCancelled: () -> Bool
    var albums: [Album] = []
    var problems: [ScanProblem] = []
    var visited: Set<DirKey> = []
    var progress = ScanProgress(foldersScanned: 0, photosFound: 0, albumsFound: 0)

    init(root: PhotoPath, onEvent: @escaping (ScanEvent) -> Void, isCancelled: @escaping () -> Bool) {
        self.root = root; self.onEvent = onEvent; self.isCancelled = isCancelled
    }

    mutating func report(_ path: PhotoPath, _ reason: String) {
        let problem = ScanProblem(path: path, reason: reason)
        problems.append(problem)
        onEvent(.problem(problem))
    }

    mutating func run() {
        guard let st = FileBytes.status(root) else { return report(root, String(cString: strerror(errno))) }
        visited.insert(DirKey(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)))
        walk(root, relative: [])
    }

    mutating func walk(_ dir: PhotoPath, relative: [[UInt8]]) {
        if isCancelled() { return }
        FileAccess.will(.list, dir)
        guard let handle = dir.withCString({ opendir($0) }) else {
            return report(dir, String(cString: strerror(errno)))
        }
        var files: [([UInt8], stat)] = []
        var subdirs: [([UInt8], stat)] = []
        while let entry = readdir(handle) {
            let name: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
            if name.first == UInt8(ascii: ".") { continue }   // hidden, ".", ".."
            let path = dir.appending(name)
            guard let st = FileBytes.status(path) else {
                // Dangling symlink or vanished file: only photos are worth a report.
                if ImageFormat.fromExtension(name) != nil { report(path, String(cString: strerror(errno))) }
                continue
            }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: subdirs.append((name, st))
            case S_IFREG: if ImageFormat.fromExtension(name) != nil { files.append((name, st)) }
            default: continue
            }
        }
        closedir(handle)
        progress.foldersScanned += 1

        let display = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self) }
        var photos: [Photo] = []
        for (name, st) in files.sorted(by: { NaturalOrder.less(display($0.0), display($1.0)) }) {
            let path = dir.appending(name)
            FileAccess.will(.status, path)
            if path.withCString({ access($0, R_OK) }) != 0 {
                report(path, String(cString: strerror(errno)))
                continue
            }
            photos.append(Photo(path: path, identity: FileIdentity(st), format: ImageFormat.fromExtension(name)!))
        }
        if !photos.isEmpty {
            let relativeTitle = relative.map(display).joined(separator: "/")
            let title = relative.isEmpty ? root.lastComponent : relativeTitle
            let album = Album(id: relative.isEmpty ? "." : relativeTitle, title: title, path: dir, photos: photos)
            albums.append(album)
            progress.photosFound += photos.count
            progress.albumsFound += 1
            onEvent(.album(album))
        }
        onEvent(.progress(progress))
        for (name, st) in subdirs.sorted(by: { NaturalOrder.less(display($0.0), display($1.0)) }) {
            let key = DirKey(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
            if !visited.insert(key).inserted { continue }   // already seen: a link loop or a second link
            walk(dir.appending(name), relative: relative + [name])
        }
    }
}
