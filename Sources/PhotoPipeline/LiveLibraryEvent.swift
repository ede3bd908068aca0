/// What a `LiveLibrary` delivers, on its watcher thread, in this order: the initial scan's `.scan` events
/// (albums as found, progress, problems, then `.finished`), then an `.update` whenever the library changed;
/// `.watchingLimited` at most once, whenever it is found.
public enum LiveLibraryEvent: Sendable {
    /// The initial scan, streamed as `PhotoLibrary.scan(source:)` streams it.
    case scan(ScanEvent)
    /// The library changed: coalesced file-system events (or a rescan) turned into a new library.
    case update(LibraryUpdate)
    /// Some changes will not be seen: rescan on window focus and on F5 (`LiveLibrary.rescan()`).
    case watchingLimited(WatchLimit)
}

/// A new library delivered by the watcher.
public struct LibraryUpdate: Sendable {
    /// Why there is an update.
    public enum Cause: Hashable, Sendable {
        /// File-system events.
        case fileEvents
        /// The kernel's event queue overflowed (IN_Q_OVERFLOW): the library was scanned again.
        case overflow
        /// `LiveLibrary.rescan()` (F5, window focus).
        case rescan
        /// The root folder itself was deleted, moved or unmounted: scanned again (it may be empty now).
        case rootChanged
        /// The photos whose `stat` the initial scan deferred (`LiveLibrary.Options.deferPhotoStatusAfter`) got
        /// their sizes and modification times; photos found unreadable meanwhile left. Comes once, right after
        /// `.finished`, when the scan deferred any.
        case deferredStatus
    }

    /// The whole library now.
    public var library: PhotoLibrary
    /// What changed since the library of the previous update (the `.finished` scan for the first). When the
    /// app skipped updates (several arrived in one frame), it applies the newest one and computes the
    /// changes from what it shows: `LibraryChanges(from: shown, to: newest.library)`.
    public var changes: LibraryChanges
    public var cause: Cause
    /// 1 for the first update, then 2, 3, …
    public var sequence: Int
}

/// Why some changes of the library will not be seen.
public enum WatchLimit: Hashable, Sendable, CustomStringConvertible {
    /// The watch limit was reached (the kernel's `fs.inotify.max_user_watches`, or
    /// `LiveLibrary.Options.maximumWatches`): `watched` folders are watched, the rest are not.
    case tooManyFolders(watched: Int)
    /// The library is on a file system that reports no changes made elsewhere (NFS, SMB, sshfs, …).
    case fileSystemWithoutEvents(type: String)
    /// inotify is not available (errno text: the per-user instance limit, or no kernel support).
    case unavailable(String)

    public var description: String {
        switch self {
        case .tooManyFolders(let n): return "watching is limited: only \(n) folders are watched (the system's limit)"
        case .fileSystemWithoutEvents(let type): return "watching is limited: this \(type) file system reports no changes"
        case .unavailable(let why): return "watching is limited: \(why)"
        }
    }
}
