/// Where a loaded image came from.
public enum LoadSource: String, Sendable, Codable {
    case memoryCache, diskThumbnail, exifThumbnail, decode
}
