import CFileOps
#if canImport(Glibc)
import Glibc
#endif

/// Raw-path POSIX calls for the trash, the lossless rotation and the settings file, each announced through
/// `FileAccess.will` on the calling thread. Failures return the errno value (0 = success); nothing throws.
enum PosixFiles {
    /// lstat(2): the status of the link itself; nil on failure.
    static func linkStatus(_ path: PhotoPath) -> stat? {
        FileAccess.will(.status, path)
        var st = stat()
        return path.withCString { lstat($0, &st) } == 0 ? st : nil
    }

    /// mkdir(2) with `mode` (then chmod'ed to exactly `mode`, whatever the umask). 0 or errno.
    static func makeDirectory(_ path: PhotoPath, mode: mode_t) -> Int32 {
        FileAccess.will(.write, path)
        if path.withCString({ mkdir($0, mode) }) != 0 { return errno }
        return path.withCString { chmod($0, mode) } == 0 ? 0 : errno
    }

    /// open(2) with O_CREAT | O_EXCL | O_WRONLY: a new file that did not exist. The descriptor, or -errno.
    static func createExclusive(_ path: PhotoPath, mode: mode_t) -> Int32 {
        FileAccess.will(.write, path)
        let fd = path.withCString { open($0, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode) }
        return fd >= 0 ? fd : -errno
    }

    /// Writes every byte (retrying short writes and EINTR). 0 or errno.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 { if errno == EINTR { continue }; return errno }
            done += n
        }
        return 0
    }

    /// Creates `path` exclusively, writes `bytes`, fsyncs and closes; removes the file again on failure.
    /// 0 or errno (EEXIST when the name is taken).
    static func writeNewFile(_ path: PhotoPath, _ bytes: [UInt8], mode: mode_t) -> Int32 {
        let fd = createExclusive(path, mode: mode)
        if fd < 0 { return -fd }
        var failure = writeAll(fd, bytes)
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { _ = unlinkNonPhoto(path) }
        return failure
    }

    /// rename(2), replacing `to`. 0 or errno.
    static func rename(_ from: PhotoPath, to: PhotoPath) -> Int32 {
        FileAccess.will(.write, from)
        return from.withCString { f in to.withCString { t in Glibc.rename(f, t) } } == 0 ? 0 : errno
    }

    /// rename(2) that never replaces `to`: EEXIST when it exists. Uses RENAME_NOREPLACE; where the file
    /// system cannot (EINVAL, ENOSYS) it checks with lstat first (a small race the kernel call avoids).
    static func renameNoReplace(_ from: PhotoPath, to: PhotoPath) -> Int32 {
        FileAccess.will(.write, from)
        let r = from.withCString { f in to.withCString { t in ps_rename_noreplace(f, t) } }
        guard r == EINVAL || r == ENOSYS else { return r }
        if linkStatus(to) != nil { return EEXIST }
        return rename(from, to: to)
    }

    /// unlink(2) — only ever for files PhotoStack made itself (.trashinfo files, temporary files),
    /// never a photo. 0 or errno.
    static func unlinkNonPhoto(_ path: PhotoPath) -> Int32 {
        FileAccess.will(.write, path)
        return path.withCString { unlink($0) } == 0 ? 0 : errno
    }

    /// fsync(2) of a folder, so a rename in it is on disk. Failures are ignored (some file systems refuse).
    static func syncDirectory(_ path: PhotoPath) {
        FileAccess.will(.read, path)
        let fd = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// The folder part of `path` ("." for a bare name, "/" for a file in the root).
    static func parent(of path: PhotoPath) -> PhotoPath {
        guard let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")) else { return PhotoPath(".") }
        return slash == 0 ? PhotoPath("/") : PhotoPath(bytes: Array(path.bytes[..<slash]))
    }

    /// `path` made absolute against the working directory (no other normalisation).
    static func absolute(_ path: PhotoPath) -> PhotoPath {
        if path.bytes.first == UInt8(ascii: "/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = buffer.withUnsafeBufferPointer { b in Array(UnsafeRawBufferPointer(start: b.baseAddress!, count: strlen(b.baseAddress!))) }
        return PhotoPath(bytes: cwd).appending(path.bytes)
    }

    /// The text of an errno value.
    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
