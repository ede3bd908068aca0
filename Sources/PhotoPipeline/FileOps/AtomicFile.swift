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
    /// Why a read or write failed (a write leaves the target unchanged).
    public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: PhotoPath
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `bytes` to `path` atomically. `mode`: permission bits when the file does not exist yet;
    /// `createFolders`: create missing parent folders first (mode 0700, as the XDG base directories ask).
    public static func write(_ bytes: [UInt8], to path: PhotoPath, mode: mode_t = 0o644,
                             createFolders: Bool = false) throws(FileError) {
        let existing = FileBytes.status(path)
        let folder = PosixFiles.parent(of: path)
        if createFolders, existing == nil { try makeFolders(folder) }
        var temp = PhotoPath("")
        var fd: Int32 = -1
        for attempt in 0..<100 {
            var name = Array(".".utf8) + path.lastComponentBytes + Array(".photostack-\(getpid())-\(attempt)".utf8)
            if name.count > 250 { name = Array(".photostack-\(getpid())-\(attempt)".utf8) }
            temp = folder.appending(name)
            fd = PosixFiles.createExclusive(temp, mode: 0o600)
            if fd != -EEXIST { break }
        }
        if fd < 0 { throw FileError(path: path, reason: "temporary file: \(PosixFiles.describe(-fd))") }
        var failure = PosixFiles.writeAll(fd, bytes)
        let bits = existing.map { $0.st_mode & 0o7777 } ?? mode
        if failure == 0, fchmod(fd, bits) != 0 { failure = errno }
        if failure == 0, let st = existing { _ = fchown(fd, st.st_uid, st.st_gid) }   // best effort
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0 { failure = PosixFiles.rename(temp, to: path) }
        if failure != 0 {
            _ = PosixFiles.unlinkNonPhoto(temp)
            throw FileError(path: path, reason: PosixFiles.describe(failure))
        }
        PosixFiles.syncDirectory(folder)
    }

    /// A whole small file (at most `limit` bytes), or nil when nothing is at `path`.
    public static func read(_ path: PhotoPath, limit: Int = 1 << 20) throws(FileError) -> [UInt8]? {
        guard PosixFiles.linkStatus(path) != nil else { return nil }
        switch FileBytes.read(path, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(let e): throw FileError(path: path, reason: "\(e)")
        }
    }

    /// mkdir -p with mode 0700 for the missing folders.
    static func makeFolders(_ folder: PhotoPath) throws(FileError) {
        if FileBytes.status(folder) != nil { return }
        let parent = PosixFiles.parent(of: folder)
        if parent != folder, parent.bytes != [UInt8(ascii: "/")], parent.bytes != [UInt8(ascii: ".")] {
            try makeFolders(parent)
        }
        let r = PosixFiles.makeDirectory(folder, mode: 0o700)
        if r != 0 && r != EEXIST { throw FileError(path: folder, reason: PosixFiles.describe(r)) }
    }
}
