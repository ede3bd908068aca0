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
