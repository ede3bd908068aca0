import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File status and small whole-file reads by raw-bytes path (POSIX), so non-UTF-8 names work. Reads go through
/// `SafeFile` (regular files only, non-blocking open, bounded size).
enum FileBytes {
    /// stat(2) following symlinks; nil on failure.
    static func status(_ path: PhotoPath) -> stat? {
        FileAccess.will(.status, path)
        var st = stat()
        return path.withCString { stat($0, &st) } == 0 ? st : nil
    }

    /// The whole file if it is a regular file of at most `limit` bytes (links followed).
    static func read(_ path: PhotoPath, limit: Int) -> Result<[UInt8], DecodeError> {
        SafeFile.open(path, kind: .photo, maxBytes: limit).flatMap { $0.read(count: $0.byteLimit) }
    }

    /// At most the first `count` bytes of a regular file (links followed).
    static func readPrefix(_ path: PhotoPath, count: Int) -> Result<[UInt8], DecodeError> {
        SafeFile.open(path, kind: .photo, maxBytes: .max).flatMap { $0.read(count: min(count, $0.byteLimit)) }
    }
}
