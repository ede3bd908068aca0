#if canImport(Glibc)
import Glibc
#endif

/// Replacing a file's contents atomically: the bytes go to a temporary file in the same folder (created
/// with O_EXCL), which is fsync'ed and renamed over the target; the folder is fsync'ed after. A reader sees
/// the old file or the new one, never a mix; a crash leaves at worst a `.NAME.photostack-…` temporary file.
///
/// The new file is a new inode: its permission bits are the old file's (or `mode` for a new file), its owner
/// the old one's when the process may set it (root, or the same user), its modification time *now*; hard
/// links to the old file keep the old contents, extended attributes and ACLs are not copied.
/// Synchronous; call it off the UI thread. Every call is announced through `FileAccess.will`.
public enum AtomicFile {
    /// Why a write failed (the target is unchanged).
    public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: PhotoPath
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `bytes` to `path` atomically. `mode`: permission bits when the file does not exist yet.
    public static func write(_ bytes: [UInt8], to path: PhotoPath, mode: mode_t = 0o644) throws(WriteError) {
        let existing = FileBytes.status(path)
        let folder = PosixFiles.parent(of: path)
        var temp = PhotoPath("")
        var fd: Int32 = -1
        for attempt in 0..<100 {
            var name = Array(".".utf8) + path.lastComponentBytes + Array(".photostack-\(getpid())-\(attempt)".utf8)
            if name.count > 250 { name = Array(".photostack-\(getpid())-\(attempt)".utf8) }
            temp = folder.appending(name)
            fd = PosixFiles.createExclusive(temp, mode: 0o600)
            if fd != -EEXIST { break }
        }
        if fd < 0 { throw WriteError(path: path, reason: "temporary file: \(PosixFiles.describe(-fd))") }
        var failure = PosixFiles.writeAll(fd, bytes)
        let bits = existing.map { $0.st_mode & 0o7777 } ?? mode
        if failure == 0, fchmod(fd, bits) != 0 { failure = errno }
        if failure == 0, let st = existing { _ = fchown(fd, st.st_uid, st.st_gid) }   // best effort
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0 { failure = PosixFiles.rename(temp, to: path) }
        if failure != 0 {
            _ = PosixFiles.unlinkNonPhoto(temp)
            throw WriteError(path: path, reason: PosixFiles.describe(failure))
        }
        PosixFiles.syncDirectory(folder)
    }
}
