/// A PNG read by `PNGCodec`: pixels (nil when only the header was read) and its text chunks.
public struct PNGFile: Sendable {
    /// The stored size, pixels (the image may be smaller when a downscale was asked for).
    public var width: Int
    public var height: Int
    public var image: PixelImage?
    /// Text chunks (tEXt/zTXt/iTXt), key → value; later duplicates win.
    public var texts: [String: String]
    /// The data ended or broke after some rows: the missing rows are grey. Never cache such an image as complete.
    public var isIncomplete: Bool = false
    /// Decode budget still reserved for `image` (released by the decoder once it is done with it).
    var reservedBytes: Int = 0
    /// The colour space its colour chunks declare (iCCP, cICP, sRGB, gAMA with cHRM); `image` is in it.
    public var colour: PhotoColour = .assumed
    /// The profile the pixels were converted to while reading (16-bit images), nil when they are in `colour`'s.
    public var convertedTo: ColourProfile?
}
