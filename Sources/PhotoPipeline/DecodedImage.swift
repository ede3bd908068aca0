/// The result of `ImageDecoder.decode`.
public struct DecodedImage: Sendable {
    /// The pixels, orientation applied when asked.
    public var image: PixelImage
    /// The stored image size in pixels (before scaling and before orientation).
    public var originalWidth: Int
    public var originalHeight: Int
    /// EXIF orientation found in the file (`.normal` when none).
    public var orientation: ExifOrientation
    /// Whether `orientation` has been applied to `image`.
    public var orientationApplied: Bool
    /// DCT scale denominator used (1, 2, 4, 8; 1 for PNG).
    public var scaleDenominator: Int
    /// Decoder warnings (e.g. "Premature end of JPEG file"): the image is the part that could be decoded.
    public var warnings: [String]
    public var format: ImageFormat
    /// The file ended (or changed, or broke) before the whole image was decoded: the rest is grey. Show it
    /// marked as incomplete; never cache it as the photo's thumbnail.
    public var isIncomplete: Bool = false
    /// The file version decoded (nil for in-memory bytes).
    public var fileIdentity: FileIdentity?

    /// The original size as displayed (width/height swapped for orientations 5–8), pixels.
    public var displayedOriginalSize: (width: Int, height: Int) {
        orientation.swapsDimensions ? (originalHeight, originalWidth) : (originalWidth, originalHeight)
    }
}
