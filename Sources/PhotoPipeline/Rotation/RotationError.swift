/// Why a lossless rotation (or its undo) was not written. The file is unchanged.
public enum RotationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a JPEG: only JPEG photos are rotated in the file; the reason says what the app should do instead.
    case unsupportedFormat(reason: String)
    /// A JPEG whose structure this rewrite does not trust (truncated segment, bad Exif header).
    case malformedJPEG(reason: String)
    /// Adding the tag would make the Exif segment larger than a JPEG segment may be (64 KiB).
    case exifTooLarge
    /// Undo: the file changed since the edit (its orientation bytes are not the ones written).
    case changedSinceEdit(PhotoPath)
    /// Reading or writing the file failed.
    case io(PhotoPath, reason: String)

    public var description: String {
        switch self {
        case .unsupportedFormat(let reason): return reason
        case .malformedJPEG(let reason): return "cannot rotate this JPEG in the file: \(reason)"
        case .exifTooLarge: return "cannot rotate this JPEG in the file: its Exif data is too large to extend"
        case .changedSinceEdit(let p): return "cannot undo the rotation of \(p.lastComponent): the file changed since"
        case .io(let p, let reason): return "cannot rotate \(p): \(reason)"
        }
    }
}
