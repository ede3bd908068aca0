/// Why a file in an album folder is not shown as a photo.
public enum NotShownReason: String, Sendable, CaseIterable, Codable {
    /// A video (by extension: mp4, mov, mkv, …).
    case video
    /// A sidecar or metadata file that belongs to photos (xmp, thm, aae, Thumbs.db, …).
    case sidecar
    /// A type PhotoStack does not read (anything else, including files without an extension).
    case unsupported
    /// A photo (by extension) that cannot be read: no read permission, a dangling link, a special file.
    case unreadable

    /// The reason for a file that `ImageFormat.fromExtension` does not recognise, from its name (raw bytes).
    public static func forUnrecognisedFile(named name: [UInt8]) -> NotShownReason {
        let lower = name.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        if lower == Array("thumbs.db".utf8) || lower == Array("desktop.ini".utf8) { return .sidecar }
        guard let dot = lower.lastIndex(of: UInt8(ascii: ".")), dot > lower.startIndex else { return .unsupported }
        let ext = String(decoding: lower[(dot + 1)...], as: UTF8.self)
        if videoExtensions.contains(ext) { return .video }
        if sidecarExtensions.contains(ext) { return .sidecar }
        return .unsupported
    }

    /// Lower-case extensions of video files (cameras and phones).
    public static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mov", "qt", "avi", "mkv", "webm", "wmv", "asf", "flv", "mpg", "mpeg", "mpe", "m2v",
        "mts", "m2ts", "ts", "3gp", "3g2", "ogv", "vob", "mod", "tod", "mxf", "insv", "lrv",
    ]

    /// Lower-case extensions of sidecar and metadata files written next to photos.
    public static let sidecarExtensions: Set<String> = ["xmp", "thm", "aae", "dop", "pp3", "pto", "on1"]
}
