import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The freedesktop.org Thumbnail Managing Standard 0.9 disk cache, shared with feh -P, gThumb, geeqie, EOG,
/// and defended against whatever else may write there.
///
/// Layout: `<root>/{normal,large,x-large,xx-large}/<md5 of file URI>.png`, 8-bit RGBA PNGs with Thumb::URI and
/// Thumb::MTime (plus Size, Mimetype, Image::Width/Height, Software). Failures: an empty 1×1 PNG under
/// `fail/photostack-<version>/`.
///
/// Defences (see docs/security.md):
/// - Directories are created 0700 and checked before use, each opened `O_DIRECTORY|O_NOFOLLOW` relative to its
///   checked parent and kept open: a symbolic link, a non-directory or a directory of another user is not used
///   (`problem` says why, `takeProblem()` once); one of ours with a looser mode is tightened to 0700. Only the
///   root and what is below it are ever created, plus $XDG_CACHE_HOME itself (see `defaultRoot()`).
/// - Files are written to `O_CREAT|O_EXCL|O_NOFOLLOW` 0600 temporary files in the same directory, then renamed.
/// - Thumbnails are read `O_NOFOLLOW|O_NONBLOCK` (`SafeFile.Kind.private`), only if regular and of a plausible
///   size for their class, decoded within the size class (sides, pixels) and the decode budget, and accepted
///   only complete and with matching Thumb::URI and Thumb::MTime (and Thumb::Size when present).
///
/// `@unchecked Sendable`: the directory descriptors are guarded by `lock`; the rest is immutable.
public final class ThumbnailCache: @unchecked Sendable {
    /// The cache root (normally $XDG_CACHE_HOME/thumbnails); empty when there is none (`isDisabled`).
    public var root: PhotoPath { location.root }
    /// Our version, used in the failure directory name.
    public let version: String
    /// The root given to `init`, or nil for the default location (found on first use, on the thread that
    /// first uses the cache: a loader thread, never the UI thread that creates the cache).
    private let explicitRoot: PhotoPath?

    /// Where the cache lives and how many of the root's missing parents may be created (0700): all of an
    /// explicit root's (the caller chose the place), $XDG_CACHE_HOME itself (one) for the default root there,
    /// none under $HOME/.cache. `disabledReason`: no usable location at all.
    struct Location { var root: PhotoPath; var parentsToCreate: Int; var disabledReason: String? }
    private var resolvedLocation: Location?

    private let lock = NSLock()
    /// Checked, open directories by path relative to the root ("" = the root).
    private var directories: [String: Int32] = [:]
    /// Directories found unusable, with the reason (never retried).
    private var refused: [String: String] = [:]
    private var firstProblem: String?
    private var problemTaken = false

    /// `root` nil = `defaultRoot()`; when that finds no usable location the cache is disabled (every lookup
    /// misses, every store is refused with the reason, and nothing is created).
    public init(root: PhotoPath? = nil, version: String = "0.1") {
        self.version = version
        explicitRoot = root
    }

    /// The location, resolved once.
    var location: Location {
        lock.withLock {
            if let resolvedLocation { return resolvedLocation }
            let found: Location
            if let explicitRoot {
                found = Location(root: explicitRoot, parentsToCreate: .max, disabledReason: nil)
            } else {
                switch ThumbnailCache.resolveDefaultRoot() {
                case .success(let r): found = Location(root: r.root, parentsToCreate: r.parentsToCreate, disabledReason: nil)
                case .failure(let reason):
                    found = Location(root: PhotoPath(""), parentsToCreate: 0, disabledReason: reason.text)
                    if firstProblem == nil { firstProblem = reason.text }
                }
            }
            resolvedLocation = found
            return found
        }
    }

    deinit { for fd in directories.values { close(fd) } }

    /// True when there is no usable cache location at all: the app runs without a disk cache.
    public var isDisabled: Bool { location.disabledReason != nil }

    /// Why the cache (or one of its directories) is not used, if it is not; nil while all is well (and before
    /// the cache was first used: asking touches no file, so the UI thread may ask).
    public var problem: String? { lock.withLock { firstProblem } }

    /// The problem, the first time it is asked for after it was found (for the app to say it once); nil after.
    /// Touches no file.
    public func takeProblem() -> String? {
        lock.withLock {
            guard let problem = firstProblem, !problemTaken else { return nil }
            problemTaken = true
            return problem
        }
    }

    struct Reason: Error { var text: String }

    /// $XDG_CACHE_HOME/thumbnails when $XDG_CACHE_HOME is an absolute path (the folder itself is created when
    /// missing, never its parents), else $HOME/.cache/thumbnails when $HOME/.cache exists; nil when neither is
    /// usable: nothing is created outside them (with HOME pointing nowhere, the app runs without a disk cache).
    public static func defaultRoot() -> PhotoPath? { try? resolveDefaultRoot().get().root }

    static func resolveDefaultRoot() -> Result<(root: PhotoPath, parentsToCreate: Int), Reason> {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return .success((PhotoPath(xdg).appending("thumbnails"), isDirectory(PhotoPath(xdg)) ? 0 : 1))
        }
        guard let home = env["HOME"], home.hasPrefix("/") else {
            return .failure(Reason(text: "no thumbnail cache: $XDG_CACHE_HOME and $HOME are not set"))
        }
        let cache = PhotoPath(home).appending(".cache")
        if isDirectory(cache) { return .success((cache.appending("thumbnails"), 0)) }
        return .failure(Reason(text: "no thumbnail cache: $XDG_CACHE_HOME is not set and \(cache) does not exist"))
    }

    private static func isDirectory(_ path: PhotoPath) -> Bool {
        guard let st = FileBytes.status(path) else { return false }
        return st.st_mode & S_IFMT == S_IFDIR
    }

    /// The thumbnail file name for a source file: lowercase hex MD5 of its URI + ".png".
    public static func fileName(for source: PhotoPath) -> String { MD5.hex(Array(FileURI.uri(for: source).utf8)) + ".png" }

    /// Where the `size` thumbnail of `source` lives.
    public func thumbnailPath(for source: PhotoPath, size: ThumbnailSize) -> PhotoPath {
        root.appending(size.directoryName).appending(ThumbnailCache.fileName(for: source))
    }

    /// Where a failure record for `source` lives.
    public func failurePath(for source: PhotoPath) -> PhotoPath {
        root.appending(failureDirectory).appending(ThumbnailCache.fileName(for: source))
    }

    var failureDirectory: String { "fail/photostack-\(version)" }

    /// A checked directory's descriptor (`relative` to the root, "" for the root), creating it (0700) and
    /// its missing parents below the root when `create`. Nil when missing (and not created) or refused.
    func directory(_ relative: String, create: Bool) -> Int32? {
        let where_ = location
        if where_.disabledReason != nil { return nil }
        return lock.withLock { openDirectory(relative, create: create, in: where_) }
    }

    /// Called with `lock` held.
    private func openDirectory(_ relative: String, create: Bool, in location: Location) -> Int32? {
        let root = location.root
        if let fd = directories[relative] { return fd }
        if refused[relative] != nil { return nil }
        let parentFD: Int32
        let name: String
        if relative.isEmpty {
            parentFD = AT_FDCWD
            name = root.string
        } else {
            let parts = relative.split(separator: "/")
            guard let parent = openDirectory(parts.dropLast().joined(separator: "/"), create: create, in: location) else { return nil }
            parentFD = parent
            name = String(parts.last!)
        }
        let path = relative.isEmpty ? root : root.appending(relative)
        let namePath = relative.isEmpty ? root : PhotoPath(name)
        if create {
            FileAccess.will(.write, path)
            // The default root's parent is never created: mkdir fails (ENOENT) when it is missing.
            if relative.isEmpty && location.parentsToCreate > 0 { createMissingParents(of: root, upTo: location.parentsToCreate) }
            if namePath.withCString({ mkdirat(parentFD, $0, 0o700) }) != 0 && errno != EEXIST {
                refuse(relative, "cannot create \(path): \(String(cString: strerror(errno)))")
                return nil
            }
        }
        FileAccess.will(.status, path)
        let fd = namePath.withCString { openat(parentFD, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }   // not there yet: a later store may create it
            let why = code == ELOOP || code == ENOTDIR ? "is a symbolic link or not a folder" : String(cString: strerror(code))
            refuse(relative, "thumbnail cache folder \(path) \(why): not used")
            return nil
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else { close(fd); refuse(relative, "cannot check \(path)"); return nil }
        if st.st_uid != geteuid() {
            close(fd)
            refuse(relative, "thumbnail cache folder \(path) belongs to user \(st.st_uid), not to us: not used")
            return nil
        }
        if st.st_mode & 0o077 != 0 {
            // Ours but open to others (e.g. made 0777 by something else): tighten it rather than share it.
            FileAccess.will(.write, path)
            if fchmod(fd, 0o700) != 0 {
                close(fd)
                refuse(relative, "thumbnail cache folder \(path) has mode \(String(st.st_mode & 0o777, radix: 8)) and cannot be made private: not used")
                return nil
            }
        }
        directories[relative] = fd
        return fd
    }

    /// Creates the missing ancestors of the root, 0700, outermost first — at most `limit` of them, and none
    /// when more are missing (the root's mkdir then fails and says so).
    private func createMissingParents(of root: PhotoPath, upTo limit: Int) {
        var missing: [PhotoPath] = []
        var parent = root.bytes
        while let slash = parent.lastIndex(of: UInt8(ascii: "/")), slash > 0 {
            parent = Array(parent[..<slash])
            if FileBytes.status(PhotoPath(bytes: parent)) != nil { break }
            missing.insert(PhotoPath(bytes: parent), at: 0)
        }
        if missing.count > limit { return }
        for dir in missing {
            FileAccess.will(.write, dir)
            _ = dir.withCString { mkdir($0, 0o700) }
        }
    }

    /// Called with `lock` held.
    private func refuse(_ relative: String, _ reason: String) {
        refused[relative] = reason
        if firstProblem == nil { firstProblem = reason }
    }
}
