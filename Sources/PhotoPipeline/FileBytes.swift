import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading whole files and file status by raw-bytes path (POSIX), so non-UTF-8 names work.
enum FileBytes {
    /// The whole file, or the errno text on failure. `limit`: refuse files larger than this many bytes.
    /// At most the first `count` bytes of the file.
    static func readPrefix(_ path: PhotoPath, count: Int) -> Result<[UInt8], DecodeError> {
        read(path, limit: .max, prefix: count)
    }

    static func read(_ path: PhotoPath, limit: Int = 1 << 31, prefix: Int = .max) -> Result<[UInt8], DecodeError> {
        FileAccess.will(.read, path)
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if (st.st_mode & S_IFMT) == S_IFDIR { return .failure(.unreadable("is a directory")) }
        let size = min(Int(st.st_size), prefix)
        if size > limit { return .failure(.tooLarge("file is \(size) bytes")) }
        // Not zero-filled first: read(2) writes every byte kept (a 1.6 MB photo was memset, then overwritten).
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let n = Glibc.read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 { if errno == EINTR { continue }; failure = errno; break }
                if n == 0 { break }
                done += n
            }
            count = failure == 0 ? done : 0
        }
        if failure != 0 { return .failure(.unreadable(String(cString: strerror(failure)))) }
        return .success(bytes)
    }

    /// stat(2) following symlinks; nil on failure.
    static func status(_ path: PhotoPath) -> stat? {
        FileAccess.will(.status, path)
        var st = stat()
        return path.withCString { stat($0, &st) } == 0 ? st : nil
    }
}
