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

    init(_ st: stat) {
        self.init(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                  mtimeSeconds: Int64(st.st_mtim.tv_sec), mtimeNanoseconds: Int64(st.st_mtim.tv_nsec))
    }

    /// The identity of the file at `path` now (following symlinks); nil if it cannot be stat'ed.
    public static func of(_ path: PhotoPath) -> FileIdentity? { FileBytes.status(path).map(FileIdentity.init) }
}
