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
    /// The colour space the file declares (its name and any problem with it, for the information panel).
    public var colour: PhotoColour = .assumed
    /// The profile the pixels were converted to while decoding (a CMYK JPEG, a 16-bit PNG; then
    /// `convertColour`), nil while they are in the file's own colour space.
    var convertedTo: ColourProfile?
    /// The profile `image`'s pixels are in.
    public var pixelProfile: ColourProfile { convertedTo ?? colour.sourceProfile }

    /// The original size as displayed (width/height swapped for orientations 5–8), pixels.
    public var displayedOriginalSize: (width: Int, height: Int) {
        orientation.swapsDimensions ? (originalHeight, originalWidth) : (originalWidth, originalHeight)
    }

    /// Converts `image` in place (it was just decoded: nobody else holds it) from the file's colour space to
    /// `target`; nil leaves the pixels in the file's space. A failed conversion keeps them and says why in
    /// `colour.note`.
    mutating func convertColour(to target: ColourProfile?) {
        guard let target else { return }
        if let problem = image.convertColourInPlace(from: pixelProfile, to: target) {
            colour.note = colour.note ?? "colours not converted: \(problem)"
            return
        }
        convertedTo = target
    }
}
