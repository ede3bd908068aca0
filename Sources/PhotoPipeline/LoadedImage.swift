/// A successfully loaded image.
public struct LoadedImage: Sendable {
    /// Orientation applied; longest side about the requested bucket (may be smaller for small originals).
    public var image: PixelImage
    public var source: LoadSource
    /// The original's displayed size in pixels (orientation applied), 0 when unknown.
    public var originalWidth: Int
    public var originalHeight: Int
    /// The file ended (truncated, still being copied) or broke before the whole image was decoded: the lower
    /// part is grey. Draw the image with an "incomplete file" mark; it is not cached (a later load, after the
    /// file is complete and its size/mtime changed, decodes it again).
    public var isIncomplete: Bool
    /// Decoder warnings worth showing or logging (e.g. "Premature end of JPEG file").
    public var warnings: [String]
    /// The file version this image shows (nil when unknown, e.g. from the memory cache of an older API). When it
    /// differs from the scan's `Photo.identity` (`LoadResult.identity`) the file changed since the scan: the
    /// image is of the file as it is now; refresh the photo's size/date.
    public var fileIdentity: FileIdentity?
    /// The identity (`ColourProfile.id`) of the display profile the pixels were converted to.
    public var displayProfileID: UInt64 = ColourProfile.sRGB.id

    public init(image: PixelImage, source: LoadSource, originalWidth: Int, originalHeight: Int,
                isIncomplete: Bool = false, warnings: [String] = [], fileIdentity: FileIdentity? = nil) {
        self.image = image; self.source = source; self.originalWidth = originalWidth; self.originalHeight = originalHeight
        self.isIncomplete = isIncomplete; self.warnings = warnings; self.fileIdentity = fileIdentity
    }
}
