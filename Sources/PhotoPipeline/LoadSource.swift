/// Where a loaded image came from.
public enum LoadSource: String, Sendable, Codable {
    case diskThumbnail, exifThumbnail, decode
}
