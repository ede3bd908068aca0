/// Image formats PhotoStack reads, recognised by their first bytes.
public enum ImageFormat: String, Sendable, Codable {
    case jpeg
    case png
    /// The formats read through their own libraries (see `ImageFormat+Library.swift`).
    case webp, heif, avif, gif, tiff
    /// Camera RAW files (CR2, CR3, NEF, ARW, DNG, RAF, ORF, RW2, …), shown from their embedded preview.
    case raw

    /// The MIME type (for Thumb::Mimetype).
    public var mimeType: String {
        switch self {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        default: return libraryMimeType
        }
    }

    /// Sniffs the format from the first bytes of a file (at least 8 for PNG, 3 for JPEG; see
    /// `sniffLibraryFormat` for the others).
    public static func sniff<C: Collection>(_ prefix: C) -> ImageFormat? where C.Element == UInt8 {
        let bytes = Array(prefix.prefix(8))
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 8, bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        return sniffLibraryFormat(prefix)
    }

    /// The format suggested by a file name's extension (case-insensitive), used by the scanner.
    public static func fromExtension(_ name: [UInt8]) -> ImageFormat? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let ext = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        switch ext {
        case "jpg", "jpeg", "jpe", "jfif": return .jpeg
        case "png": return .png
        default: return libraryFormat(extension: ext)
        }
    }
}
