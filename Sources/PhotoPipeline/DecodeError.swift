import Foundation

/// Why an image could not be decoded; `reason` is a human-readable sentence for logs and the state JSON.
public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (errno text).
    case unreadable(String)
    /// The file is empty (0 bytes).
    case empty
    /// Not a format PhotoStack reads (see `ImageFormat`).
    case unsupportedFormat
    /// The decoder rejected the data (libjpeg/libpng message).
    case corrupt(String)
    /// The image is over the pixel limit even when scaled down.
    case tooLarge(String)
    /// The output buffer could not be allocated.
    case outOfMemory(String)
    /// A valid file of a known format that this build cannot show (no decoder for its codec, a RAW file
    /// without an embedded preview, a TIFF layout libtiff's RGBA reader refuses); the library's reason.
    case unsupported(String)
    /// The path is not a regular file (a FIFO, device, socket, directory, or a link where none may be).
    case notRegularFile(String)
    /// The file is not the version expected (replaced or edited between the scan and the load).
    case changed(String)
    /// The shared decode memory budget stayed in use by other decodes for too long: try again later (not a
    /// property of the file: never recorded as a failure).
    case busy(String)

    /// A human-readable reason.
    public var reason: String {
        switch self {
        case .unreadable(let why): return "cannot read file: \(why)"
        case .empty: return "empty file (0 bytes)"
        case .unsupportedFormat: return "not an image format PhotoStack reads"
        case .corrupt(let why): return "corrupt image: \(why)"
        case .tooLarge(let why): return "image too large: \(why)"
        case .outOfMemory(let why): return "out of memory: \(why)"
        case .unsupported(let why): return "cannot be shown: \(why)"
        case .notRegularFile(let why): return "not a regular file: \(why)"
        case .changed(let why): return "file changed while loading: \(why)"
        case .busy(let why): return "busy: \(why)"
        }
    }

    public var description: String { reason }

    /// True when the error says something about the file as it is (worth a failure record); false for
    /// passing conditions (`.busy`, `.changed`).
    public var isPermanent: Bool {
        switch self {
        case .busy, .changed: return false
        default: return true
        }
    }
}
