/// Image formats PhotoStack reads, recognised by their first bytes.
public enum ImageFormat: String, Sendable, Codable {
    case jpeg
    case png

    /// The MIME type (for Thumb::Mimetype).
    public var mimeType: String { self == .jpeg ? "image/jpeg" : "image/png" }

    /// Sniffs the format from the first bytes of a file (at least 8 for PNG, 3 for JPEG).
    public static func sniff<C: Collection>(_ prefix: C) -> ImageFormat? where C.Element == UInt8 {
        let bytes = Array(prefix.prefix(8))
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 8, bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        return nil
    }

    /// The format suggested by a file name's extension (case-insensitive), used by the scanner.
    public static func fromExtension(_ name: [UInt8]) -> ImageFormat? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let ext = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        switch ext {
        case "jpg", "jpeg", "jpe", "jfif": return .jpeg
        case "png": return .png
        default: return nil
        }
    }
}
