#if canImport(Glibc)
import Glibc
#endif

/// Identifies a file's content version: device + inode + size + modification time. Changes when the file is
/// replaced or edited, so caches keyed by it never show stale pixels.
public struct FileIdentity: Hashable, Sendable, Codable {
    public var device: UInt64
    public var inode: UInt64
    /// Size in bytes.
    public var size: Int64
    /// Modification time, whole seconds since the Unix epoch (what Thumb::MTime stores).
    public var mtimeSeconds: Int64
    /// Nanoseconds part of the modification time.
    public var mtimeNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, mtimeSeconds: Int64, mtimeNanoseconds: Int64 = 0) {
        self.device = device; self.inode = inode; self.size = size
        self.mtimeSeconds = mtimeSeconds; self.mtimeNanoseconds = mtimeNanoseconds
    }

    /// Size of an identity whose size and modification time are not known yet (`unknownVersion`).
    public static let unknownSize: Int64 = -1

    /// A file known by its device and inode only (from the folder's listing, `d_ino`), before it was stat'ed: the
    /// big library's scan defers the `stat` of most photos until after it is done (`LiveLibrary`), then each
    /// photo gets its full identity. Size `unknownSize`, modification time 0.
    public static func unknownVersion(device: UInt64, inode: UInt64) -> FileIdentity {
        FileIdentity(device: device, inode: inode, size: unknownSize, mtimeSeconds: 0)
    }

    /// False for `unknownVersion`: size and modification time are not known yet.
    public var isKnown: Bool { size != Self.unknownSize }

    /// True when this identity is of another version of the file than `old`: they differ, except that an
    /// unknown version (`unknownVersion`) and a known one of the same device and inode are taken as the same
    /// (the deferred `stat` came; a change made after the listing is found from its inotify event instead).
    public func isNewVersion(of old: FileIdentity) -> Bool {
        if isKnown && old.isKnown { return self != old }
        return device != old.device || inode != old.inode
    }

    init(_ st: stat) {
        self.init(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                  mtimeSeconds: Int64(st.st_mtim.tv_sec), mtimeNanoseconds: Int64(st.st_mtim.tv_nsec))
    }

    /// The identity of the file at `path` now (following symlinks); nil if it cannot be stat'ed.
    public static func of(_ path: PhotoPath) -> FileIdentity? { FileBytes.status(path).map(FileIdentity.init) }
}
