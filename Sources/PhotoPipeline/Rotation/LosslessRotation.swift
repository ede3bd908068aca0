#if canImport(Glibc)
import Glibc
#endif

/// Rotates JPEG photos without re-encoding them: only the EXIF Orientation tag changes
/// (`JPEGOrientationRewrite`), and the file is replaced atomically (`AtomicFile`: temporary file in the same
/// folder created with O_EXCL, fsync, rename; permission bits and, where allowed, the owner kept).
///
/// Modification time: the rotated file gets the current time as its mtime (it is a new inode). This is on
/// purpose: the freedesktop thumbnail cache and `FileIdentity` see a changed file, so every cached thumbnail
/// is rebuilt in the new orientation; "sort by modification time" moves the photo, as in other viewers.
/// Undo restores the bytes, not the old mtime.
///
/// Synchronous, no shared state, safe from any thread; call it off the UI thread. Every file-system call is
/// announced through `FileAccess.will`.
public enum LosslessRotation {
    /// Turns the photo at `path` a quarter in `direction`. Non-JPEG files are refused
    /// (`.unsupportedFormat`, with a reason the app can show: rotate those in the view only).
    /// - Returns: the edit, for `undo(_:)`.
    public static func rotate(_ path: PhotoPath, _ direction: RotationDirection) throws(RotationError) -> OrientationEdit {
        let target = resolve(path)
        let bytes = try read(target)
        let current = try JPEGOrientationRewrite.rewrite(bytes, to: .normal).current ?? .normal
        return try write(target, bytes, orientation: current.rotated(direction))
    }

    /// Sets the photo's orientation to `orientation` (for example back to `.normal`).
    public static func setOrientation(_ path: PhotoPath, _ orientation: ExifOrientation) throws(RotationError) -> OrientationEdit {
        let target = resolve(path)
        return try write(target, try read(target), orientation: orientation)
    }

    /// Puts the file back as it was before `edit`, byte for byte; refuses (`.changedSinceEdit`) when the
    /// file no longer holds the bytes the edit wrote.
    public static func undo(_ edit: OrientationEdit) throws(RotationError) {
        let bytes = try read(edit.path)
        guard let restored = edit.splice.reversed.apply(to: bytes) else { throw .changedSinceEdit(edit.path) }
        try replace(edit.path, restored)
    }

    static func write(_ path: PhotoPath, _ bytes: [UInt8], orientation: ExifOrientation) throws(RotationError) -> OrientationEdit {
        let (previous, splice) = try JPEGOrientationRewrite.rewrite(bytes, to: orientation)
        guard let rewritten = splice.apply(to: bytes) else { throw .malformedJPEG(reason: "inconsistent splice") }
        try replace(path, rewritten)
        return OrientationEdit(path: path, previous: previous, orientation: orientation, splice: splice)
    }

    static func read(_ path: PhotoPath) throws(RotationError) -> [UInt8] {
        let bytes: [UInt8]
        switch FileBytes.read(path, limit: 1 << 30) {
        case .success(let b): bytes = b
        case .failure(let e): throw .io(path, reason: "\(e)")
        }
        switch ImageFormat.sniff(bytes) {
        case .jpeg: return bytes
        case .png: throw .unsupportedFormat(reason: "PNG photos are rotated in the view only: PNG has no lossless orientation tag PhotoStack writes")
        case nil, .some: throw .unsupportedFormat(reason: "only JPEG photos can be rotated in the file; this one is rotated in the view only")
        }
    }

    static func replace(_ path: PhotoPath, _ bytes: [UInt8]) throws(RotationError) {
        do { try AtomicFile.write(bytes, to: path) } catch { throw .io(path, reason: error.reason) }
    }

    /// The file a symlink points at (so the link stays a link); the path itself otherwise.
    static func resolve(_ path: PhotoPath) -> PhotoPath {
        guard let st = PosixFiles.linkStatus(path), (st.st_mode & S_IFMT) == S_IFLNK else { return path }
        guard let real = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(real) }
        return PhotoPath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(real).assumingMemoryBound(to: UInt8.self), count: strlen(real))))
    }
}
