/// Decoding the formats read through their own libraries (WebP, HEIF/AVIF, GIF, TIFF, RAW); `decode` and
/// `readHeader` hand every format other than JPEG and PNG to these.
///
/// Sizes: the output's longest side is `downscaleTo` when given, else `targetSize` (each shim box-downscales to
/// it, libwebp scales while decoding, HEIF uses an embedded thumbnail that covers it); nil for both = full size.
/// Orientation: HEIF/AVIF come back display-oriented from libheif (irot/imir; an EXIF orientation in the file
/// is not applied again); TIFF's Orientation tag is applied (libtiff's flips plus the rest here) whatever
/// `applyOrientation` says; a RAW file's orientation (libraw's flip) is applied when `applyOrientation` is true.
/// Memory: each shim asks the memory gate (`LibraryDecode.setMemoryGate`) before allocating pixels; what it was
/// granted is given back here once the image and its copies are made.
extension ImageDecoder {
    func decodeLibraryFormat(_ format: ImageFormat, bytes: [UInt8], targetSize: Int?, applyOrientation: Bool,
                             downscaleTo: Int?) throws(DecodeError) -> DecodedImage {
        let target = downscaleTo ?? targetSize
        switch format {
        case .raw:
            do {
                return try decodeRawPreview(bytes: bytes, targetSize: targetSize, applyOrientation: applyOrientation,
                                            downscaleTo: downscaleTo)
            } catch {
                // A file with a TIFF header taken for RAW that libraw cannot show: try it as a plain TIFF.
                guard bytes.starts(with: [0x49, 0x49, 0x2A, 0]) || bytes.starts(with: [0x4D, 0x4D, 0, 0x2A]),
                      let tiff = try? decodeLibraryFormat(.tiff, bytes: bytes, targetSize: targetSize,
                                                          applyOrientation: applyOrientation, downscaleTo: downscaleTo)
                else { throw error }
                return tiff
            }
        case .tiff:
            let out = try TIFFCodec.decode(bytes, limits: limits, targetLongestSide: target).get()
            defer { LibraryDecode.release(out.reservedBytes) }
            guard let image = out.image else { throw .corrupt("no pixels") }
            var decoded = DecodedImage(image: image.applying(out.pendingOrientation), originalWidth: out.imageWidth,
                                       originalHeight: out.imageHeight, orientation: out.storedOrientation,
                                       orientationApplied: true, scaleDenominator: 1, warnings: out.warnings, format: .tiff)
            decoded.colour = out.colour
            return decoded
        default:
            let out = try libraryCodec(format)(bytes, limits, target, false).get()
            defer { LibraryDecode.release(out.reservedBytes) }
            guard let image = out.image else { throw .corrupt("no pixels") }
            var decoded = DecodedImage(image: image, originalWidth: out.imageWidth, originalHeight: out.imageHeight,
                                       orientation: .normal, orientationApplied: applyOrientation, scaleDenominator: 1,
                                       warnings: out.warnings, format: format)
            decoded.colour = out.colour
            return decoded
        }
    }

    /// A RAW file's embedded preview: a JPEG preview through the JPEG path (DCT scaling, and downscaled in the
    /// shim when no rotation follows), then libraw's flip as the orientation.
    private func decodeRawPreview(bytes: [UInt8], targetSize: Int?, applyOrientation: Bool,
                                  downscaleTo: Int?) throws(DecodeError) -> DecodedImage {
        let out = try RawCodec.decode(bytes, limits: limits, targetLongestSide: downscaleTo ?? targetSize).get()
        defer { LibraryDecode.release(out.reservedBytes) }
        let orientation = out.pendingOrientation
        var image: PixelImage
        var scale = 1
        var warnings = out.warnings
        var colour = out.colour
        var convertedTo: ColourProfile?
        if let preview = out.encoded {
            guard ImageFormat.sniff(preview) == .jpeg else { throw .unsupported("RAW preview is not a JPEG") }
            let fused = orientation == .normal || !applyOrientation ? (downscaleTo ?? 0) : 0
            let jpeg = try JPEGCodec.decode(preview, targetLongestSide: targetSize, limits: limits,
                                            downscaleLongestSide: fused).get()
            guard let pixels = jpeg.image else { throw .corrupt("no pixels in the RAW preview") }
            image = pixels
            scale = jpeg.scaleDenominator
            warnings += jpeg.warnings
            colour = jpeg.colour
            convertedTo = jpeg.convertedTo
        } else if let pixels = out.image {
            image = pixels
        } else {
            throw .corrupt("no RAW preview")
        }
        if applyOrientation { image = image.applying(orientation) }
        var decoded = DecodedImage(image: image.downscaled(toLongestSide: downscaleTo ?? 0), originalWidth: out.imageWidth,
                                   originalHeight: out.imageHeight, orientation: orientation,
                                   orientationApplied: applyOrientation, scaleDenominator: scale, warnings: warnings,
                                   format: .raw)
        decoded.colour = colour
        decoded.convertedTo = convertedTo
        return decoded
    }

    /// The header (stored size, orientation) of a library format, read by its library without decoding pixels.
    func readLibraryHeader(_ format: ImageFormat, bytes: [UInt8]) throws(DecodeError) -> ImageHeader {
        let out = try libraryCodec(format)(bytes, limits, nil, true).get()
        guard out.imageWidth > 0, out.imageHeight > 0 else { throw .corrupt("no image size in the header") }
        return ImageHeader(width: out.imageWidth, height: out.imageHeight, format: format,
                           orientation: out.storedOrientation, colour: out.colour)
    }

    private func libraryCodec(_ format: ImageFormat)
        -> ([UInt8], DecodeLimits, Int?, Bool) -> Result<LibraryDecodeOutput, DecodeError> {
        switch format {
        case .webp: return WebPCodec.decode
        case .heif, .avif: return HEIFCodec.decode
        case .gif: return GIFCodec.decode
        case .tiff: return TIFFCodec.decode
        case .raw: return RawCodec.decode
        case .jpeg, .png: return { _, _, _, _ in .failure(.unsupportedFormat) }
        }
    }
}
