/// The EXIF-embedded thumbnail of a JPEG, trusted only when it is small and shaped like the photo.
extension ImageDecoder {
    /// The embedded EXIF thumbnail of a JPEG's bytes, decoded with the photo's orientation applied; nil if
    /// absent, broken, larger than `limits.maxEmbeddedThumbnailSide` or of another aspect ratio than the photo.
    /// Its pixels are in the photo's colour space (`colour`: the photo's ICC profile, which the thumbnail shares).
    public func decodeEmbeddedThumbnail(bytes: [UInt8]) -> DecodedImage? {
        guard let header = try? readHeader(bytes: bytes), header.format == .jpeg else { return nil }
        return embeddedThumbnail(exif: bytes, photoWidth: header.width, photoHeight: header.height, colour: header.colour)
    }

    /// The same for an open file whose first bytes (`prefix`, holding the EXIF segment) were read.
    func decodeEmbeddedThumbnail(file: SafeFile, prefix: [UInt8]) -> DecodedImage? {
        guard ImageFormat.sniff(prefix) == .jpeg, ExifInfo.parse(jpeg: prefix)?.thumbnailRange != nil,
              case .success(let out) = JPEGCodec.decode(file: file, targetLongestSide: nil, limits: limits, headerOnly: true)
        else { return nil }
        return embeddedThumbnail(exif: prefix, photoWidth: out.imageWidth, photoHeight: out.imageHeight, colour: out.colour)
    }

    /// `exif`: bytes from the start of the JPEG holding its APP1 segment; photo sizes as stored, pixels.
    private func embeddedThumbnail(exif: [UInt8], photoWidth: Int, photoHeight: Int, colour: PhotoColour) -> DecodedImage? {
        guard photoWidth > 0, photoHeight > 0, let info = ExifInfo.parse(jpeg: exif), let range = info.thumbnailRange
        else { return nil }
        let thumbBytes = Array(exif[range])
        guard ImageFormat.sniff(thumbBytes) == .jpeg,
              case .success(let header) = JPEGCodec.decode(thumbBytes, targetLongestSide: nil, limits: limits, headerOnly: true),
              acceptsEmbedded(width: header.imageWidth, height: header.imageHeight, photoWidth: photoWidth, photoHeight: photoHeight),
              case .success(let out) = JPEGCodec.decode(thumbBytes, targetLongestSide: nil, limits: limits, outputCopies: 1)
        else { return nil }
        defer { DecodeBudget.release(out.reservedBytes) }
        guard let image = out.image, !out.truncated else { return nil }
        let orientation = info.orientation ?? .normal
        var decoded = DecodedImage(image: image.applying(orientation), originalWidth: out.imageWidth,
                                   originalHeight: out.imageHeight, orientation: orientation, orientationApplied: true,
                                   scaleDenominator: 1, warnings: out.warnings, format: .jpeg)
        decoded.colour = colour.declaring(exif: info)
        return decoded
    }

    /// Small (each side at most `maxEmbeddedThumbnailSide`) and of the photo's aspect ratio (within
    /// `embeddedThumbnailAspectTolerance`, or one pixel of rounding).
    func acceptsEmbedded(width: Int, height: Int, photoWidth: Int, photoHeight: Int) -> Bool {
        guard width > 0, height > 0, width <= limits.maxEmbeddedThumbnailSide, height <= limits.maxEmbeddedThumbnailSide
        else { return false }
        let expectedHeight = Double(width) * Double(photoHeight) / Double(photoWidth)
        let slack = max(1.0, Double(height) * limits.embeddedThumbnailAspectTolerance)
        return abs(Double(height) - expectedHeight) <= slack
    }
}
