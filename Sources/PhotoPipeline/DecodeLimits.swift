/// Pixel and memory limits that keep a crafted file from exhausting memory.
public struct DecodeLimits: Sendable, Equatable {
    /// Images whose header claims more pixels than this are decoded only scaled down (default 100 MP).
    public var maxSourcePixels: Int
    /// Output pixel limit for such images; if even 1/8 scale is over it the decode is refused (default 16 MP = 64 MB).
    public var maxScaledOutputPixels: Int
    /// libjpeg working memory limit in bytes (progressive coefficient buffers; default 512 MiB).
    public var maxWorkingMemory: Int

    public init(maxSourcePixels: Int = 100_000_000, maxScaledOutputPixels: Int = 16 * 1024 * 1024,
                maxWorkingMemory: Int = 512 << 20) {
        self.maxSourcePixels = maxSourcePixels
        self.maxScaledOutputPixels = maxScaledOutputPixels
        self.maxWorkingMemory = maxWorkingMemory
    }
}
