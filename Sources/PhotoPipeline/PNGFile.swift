/// A PNG read by `PNGCodec`: pixels (nil when only the header was read) and its text chunks.
public struct PNGFile: Sendable {
    public var width: Int
    public var height: Int
    public var image: PixelImage?
    /// Text chunks (tEXt/zTXt/iTXt), key → value; later duplicates win.
    public var texts: [String: String]
}
