/// Key of the memory cache: the file's content version and a size bucket (longest side in pixels).
public struct ImageCacheKey: Hashable, Sendable {
    public var identity: FileIdentity
    /// Longest-side bucket in pixels: 128, 256, 512, 1024, then powers of two (2048, 4096, …).
    public var bucket: Int

    public init(identity: FileIdentity, bucket: Int) { self.identity = identity; self.bucket = bucket }

    /// The bucket for a needed longest side in pixels: the thumbnail class that covers it, or above 1024 the
    /// next power of two.
    public static func bucket(forPixels pixels: Int) -> Int {
        if let size = ThumbnailSize.forPixels(pixels) { return size.pixels }
        var bucket = 2048
        while bucket < pixels { bucket *= 2 }
        return bucket
    }
}
