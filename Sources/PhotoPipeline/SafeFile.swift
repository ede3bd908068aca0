import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file opened so that nothing about it can block or surprise the reader, and the one way PhotoPipeline
/// (and any decoder added to it) opens a file to read it.
///
/// - The path is checked with `stat`/`lstat` before it is opened, so a FIFO, socket or device is refused
///   without ever being opened; it is then opened `O_RDONLY|O_NONBLOCK|O_NOCTTY|O_CLOEXEC` (a FIFO swapped in
///   between cannot block the open) and checked again with `fstat` on the descriptor: only a regular file of at
///   most `maxBytes` bytes is kept.
/// - `.photo` follows symbolic links (photos in a library may be links to regular files); `.private` (the
///   thumbnail cache) adds `O_NOFOLLOW`: a link is refused.
/// - `identity` is the descriptor's own `fstat` (device, inode, size, mtime): what is read is that version of
///   the file. With `expected`, a different version is refused as `.changed`; `hasChangedSinceOpen()` tells
///   whether it was modified while being read.
/// - Reads are `pread`s bounded by `maxBytes` (no read ever takes more than the file's size at open).
///
/// Decoders in C get `descriptor` and `byteLimit` and stream from them (see `ps_jpeg_decode_fd`,
/// `ps_png_read_fd`); the descriptor is closed when the `SafeFile` dies.
public final class SafeFile {
    /// How links are treated.
    public enum Kind: Sendable {
        /// A photo: symbolic links are followed (the target must be a regular file).
        case photo
        /// A file of the app's own (thumbnail cache): `O_NOFOLLOW`, a link is refused.
        case `private`
    }

    /// The path, as given (for messages and `FileAccess`).
    public let path: PhotoPath
    /// The open descriptor (read-only, non-blocking, close-on-exec). Valid while `self` lives.
    public let descriptor: Int32
    /// The file version opened (`fstat` of the descriptor).
    public let identity: FileIdentity
    /// Bytes any reader may take from this file: its size at open (never more than the `maxBytes` asked).
    public var byteLimit: Int { Int(identity.size) }

    private init(path: PhotoPath, descriptor: Int32, identity: FileIdentity) {
        self.path = path; self.descriptor = descriptor; self.identity = identity
    }

    deinit { close(descriptor) }

    /// Opens `path` (see the type's rules). `directory`: a descriptor `path`'s last component is relative to
    /// (the cache's checked directories; `openat`), or nil for an absolute/relative path. `maxBytes`: larger
    /// files are refused (`.tooLarge`). `expected`: the version the caller believes is there.
    public static func open(_ path: PhotoPath, kind: Kind, maxBytes: Int, expected: FileIdentity? = nil,
                            directory: Int32? = nil) -> Result<SafeFile, DecodeError> {
        FileAccess.will(.read, path)
        let name = directory == nil ? path : PhotoPath(bytes: path.lastComponentBytes)
        let at = directory ?? AT_FDCWD
        // Refuse what is not a regular file before opening it (opening a device may have effects of its own).
        var before = stat()
        let statFlags: Int32 = kind == .photo ? 0 : AT_SYMLINK_NOFOLLOW
        guard name.withCString({ fstatat(at, $0, &before, statFlags) }) == 0 else {
            return .failure(.unreadable(String(cString: strerror(errno))))
        }
        if let problem = SafeFile.notRegular(before) { return .failure(.notRegularFile(problem)) }
        var flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        if kind == .private { flags |= O_NOFOLLOW }
        let fd = name.withCString { openat(at, $0, flags) }
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP { return .failure(.notRegularFile("is a symbolic link")) }
            return .failure(.unreadable(String(cString: strerror(code))))
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            return .failure(.unreadable(why))
        }
        if let problem = SafeFile.notRegular(st) { close(fd); return .failure(.notRegularFile(problem)) }
        let identity = FileIdentity(st)
        if identity.size > Int64(maxBytes) {
            close(fd)
            return .failure(.tooLarge("file is \(identity.size) bytes, over the \(maxBytes) byte limit"))
        }
        if let expected, expected != identity {
            close(fd)
            return .failure(.changed("the file changed (size \(expected.size) → \(identity.size) bytes, "
                                     + "mtime \(expected.mtimeSeconds) → \(identity.mtimeSeconds))"))
        }
        return .success(SafeFile(path: path, descriptor: fd, identity: identity))
    }

    /// Nil for a regular file, else what it is ("is a FIFO").
    static func notRegular(_ st: stat) -> String? {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "is a FIFO (named pipe)"
        case S_IFCHR: return "is a character device"
        case S_IFBLK: return "is a block device"
        case S_IFSOCK: return "is a socket"
        case S_IFDIR: return "is a directory"
        case S_IFLNK: return "is a symbolic link"
        default: return "is not a regular file"
        }
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file, never past `byteLimit`).
    public func read(offset: Int = 0, count: Int) -> Result<[UInt8], DecodeError> {
        let want = max(0, min(count, byteLimit - offset))
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: want) { buffer, done in
            done = 0
            while done < want {
                let n = pread(descriptor, buffer.baseAddress! + done, want - done, off_t(offset + done))
                if n < 0 { if errno == EINTR { continue }; failure = errno; break }
                if n == 0 { break }
                done += n
            }
            if failure != 0 { done = 0 }
        }
        if failure != 0 { return .failure(.unreadable(String(cString: strerror(failure)))) }
        return .success(bytes)
    }

    /// Asks the kernel to start reading the first `count` bytes (nil: the whole file) into the page cache in the
    /// background (`POSIX_FADV_WILLNEED`), so a decode streaming them later waits less for the disk (a cold
    /// 6 MP JPEG read in 64 KB steps otherwise waits for each readahead window of 128 KB). Only a hint: the
    /// call does not wait for the disk, and errors are ignored.
    public func adviseWillNeed(count: Int? = nil) {
        let length = count.map { off_t(max(1, min($0, byteLimit))) } ?? 0
        _ = posix_fadvise(descriptor, 0, length, Int32(POSIX_FADV_WILLNEED))
    }

    /// True when the file's size or mtime (or the file itself) changed since it was opened: what was read
    /// may mix two versions.
    public func hasChangedSinceOpen() -> Bool {
        var st = stat()
        guard fstat(descriptor, &st) == 0 else { return true }
        return FileIdentity(st) != identity
    }
}
