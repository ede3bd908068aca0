/// How urgent a load is. Lower raw value = served first.
public enum LoadPriority: Int, Sendable, Comparable, Codable {
    /// The top photo of a visible stack.
    case topOfVisibleStack = 0
    /// Other visible photos.
    case visible = 1
    /// Photos in the prefetch range (in the scroll direction).
    case prefetch = 2

    public static func < (lhs: LoadPriority, rhs: LoadPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Identifies one request to `ImageLoader`.
public struct LoadRequestID: Hashable, Sendable, Comparable {
    public let value: UInt64
    public static func < (lhs: LoadRequestID, rhs: LoadRequestID) -> Bool { lhs.value < rhs.value }
}

/// One image wanted: a photo at a pixel size.
public struct LoadRequest: Sendable {
    public var id: LoadRequestID
    public var photo: Photo
    /// Longest side needed, in device pixels (HiDPI included).
    public var pixelSize: Int
    public var priority: LoadPriority
    /// Tie-break within a priority: lower first (e.g. distance from the viewport, in items).
    public var order: Int
}

/// Where a loaded image came from.
public enum LoadSource: String, Sendable, Codable {
    case memoryCache, diskThumbnail, exifThumbnail, decode
}

/// A successfully loaded image.
public struct LoadedImage: Sendable {
    /// Orientation applied; longest side about the requested bucket (may be smaller for small originals).
    public var image: PixelImage
    public var source: LoadSource
    /// The original's displayed size in pixels (orientation applied), 0 when unknown.
    public var originalWidth: Int
    public var originalHeight: Int

    public init(image: PixelImage, source: LoadSource, originalWidth: Int, originalHeight: Int) {
        self.image = image; self.source = source; self.originalWidth = originalWidth; self.originalHeight = originalHeight
    }
}

/// A finished load. Show it only if the renderer still represents `photoID` (identity, not index path).
public struct LoadResult: Sendable {
    public var requestID: LoadRequestID
    /// The photo this result belongs to.
    public var photoID: PhotoPath
    /// The file version the request was for.
    public var identity: FileIdentity
    /// The pixel size requested.
    public var pixelSize: Int
    /// The image, or why it failed (`DecodeError.reason`).
    public var outcome: Result<LoadedImage, DecodeError>
}
