import Foundation

/// The one gate in front of every file-system call the pipeline makes (opening, reading, `stat`, listing a
/// folder, writing the thumbnail cache). Each call site announces itself with `will(_:_:)` just before the
/// system call, on the thread that makes it.
///
/// In the app nothing is installed and the announcement costs one uncontended lock. Tests install an
/// observer to slow every call down (a slow disk) or to record which thread made it: the app's rule is that
/// the UI thread never touches the file system, and an observer can prove it.
public enum FileAccess {
    /// What kind of call is about to be made.
    public enum Operation: String, Sendable {
        /// Opening a file to read it (photos, cached thumbnails).
        case read
        /// `stat`/`access` of a path.
        case status
        /// Listing a folder.
        case list
        /// Creating, writing or renaming a file or folder (the thumbnail cache).
        case write
        /// Watching a folder for changes (`inotify_add_watch`).
        case watch
    }

    /// Called before a file-system call, on the calling thread, with the path it is about to touch.
    public typealias Observer = @Sendable (Operation, PhotoPath) -> Void

    private static let lock = NSLock()
    nonisolated(unsafe) private static var observer: Observer?

    /// Installs `observer` (nil removes it). Tests only; affects every thread of the process.
    public static func observe(_ observer: Observer?) {
        lock.withLock { Self.observer = observer }
    }

    /// Announces a call of kind `operation` on `path` (runs the observer, if any). `path` is only made
    /// when an observer is installed (the scanner announces 10^5 calls without building their paths).
    static func will(_ operation: Operation, _ path: @autoclosure () -> PhotoPath) {
        guard let o = lock.withLock({ observer }) else { return }
        o(operation, path())
    }
}
