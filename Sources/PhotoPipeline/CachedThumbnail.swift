/// A thumbnail read from the disk cache.
public struct CachedThumbnail: Sendable {
    public var image: PixelImage
    public var size: ThumbnailSize
    /// Thumb::Image::Width/Height (0 when absent), pixels.
    public var originalWidth: Int
    public var originalHeight: Int
}
