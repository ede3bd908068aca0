/// Pixel, byte and memory limits that keep a crafted file from exhausting memory or time. The shared memory
/// ceiling across threads is `DecodeBudget` (process-wide); these are per file.
public struct DecodeLimits: Sendable, Equatable {
    /// Images whose header claims more pixels than this are decoded only scaled down (default 100 MP).
    public var maxSourcePixels: Int
    /// Output pixel limit for such images; if even 1/8 scale is over it the decode is refused (default 16 MP = 64 MB).
    public var maxScaledOutputPixels: Int
    /// libjpeg working memory limit in bytes (progressive coefficient buffers; default 512 MiB). The decode
    /// budget lowers it to what was reserved.
    public var maxWorkingMemory: Int
    /// Files larger than this are refused before anything is read, bytes (default 1 GiB). Readers stream, so
    /// this bounds time, not memory.
    public var maxFileBytes: Int
    /// An EXIF-embedded thumbnail is used only when neither of its sides is over this, pixels (default 640;
    /// EXIF thumbnails are 160×120 in practice), …
    public var maxEmbeddedThumbnailSide: Int
    /// … and its aspect ratio is within this fraction of the photo's (default 0.03; anything else is a fake or
    /// a letterboxed thumbnail).
    public var embeddedThumbnailAspectTolerance: Double

    public init(maxSourcePixels: Int = 100_000_000, maxScaledOutputPixels: Int = 16 * 1024 * 1024,
                maxWorkingMemory: Int = 512 << 20, maxFileBytes: Int = 1 << 30, maxEmbeddedThumbnailSide: Int = 640,
                embeddedThumbnailAspectTolerance: Double = 0.03) {
        self.maxSourcePixels = maxSourcePixels
        self.maxScaledOutputPixels = maxScaledOutputPixels
        self.maxWorkingMemory = maxWorkingMemory
        self.maxFileBytes = maxFileBytes
        self.maxEmbeddedThumbnailSide = maxEmbeddedThumbnailSide
        self.embeddedThumbnailAspectTolerance = embeddedThumbnailAspectTolerance
    }
}
