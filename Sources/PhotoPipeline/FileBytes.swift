import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File status by raw-bytes path (POSIX), so non-UTF-8 names work. Files are opened and read with `SafeFile`.
enum FileBytes {
    /// stat(2) following symlinks; nil on failure.
    static func status(_ path: PhotoPath) -> stat? {
        FileAccess.will(.status, path)
        var st = stat()
        return path.withCString { stat($0, &st) } == 0 ? st : nil
    }
}
