/// Decodes JPEG and PNG files into premultiplied ARGB32 `PixelImage`s, safely (see `DecodeLimits`); WebP,
/// HEIF/AVIF, GIF, TIFF and RAW go through their libraries (`ImageDecoder+Library.swift`).
///
/// Scaling rule: `targetSize` is the longest side in pixels the output must still cover; JPEGs are decoded at
/// the smallest DCT scale (1/8, 1/4, 1/2, 1/1) whose longest side is ≥ `targetSize` (the result may be larger;
/// callers downscale). PNGs are decoded at full size.
public struct ImageDecoder: Sendable {
    public var limits: DecodeLimits

    public init(limits: DecodeLimits = DecodeLimits()) { self.limits = limits }

    /// Decodes the file at `path` (raw bytes) — format sniffed from its content.
    public func decode(path: PhotoPath, targetSize: Int? = nil, applyOrientation: Bool = true) throws(DecodeError) -> DecodedImage {
        let bytes = try FileBytes.read(path).get()
        return try decode(bytes: bytes, targetSize: targetSize, applyOrientation: applyOrientation)
    }

    /// Decodes an in-memory file.
    public func decode(bytes: [UInt8], targetSize: Int? = nil, applyOrientation: Bool = true) throws(DecodeError) -> DecodedImage {
        try decode(bytes: bytes, targetSize: targetSize, applyOrientation: applyOrientation, downscaleTo: nil)
    }

    /// Decodes an in-memory file; `downscaleTo`: the image comes back box-downscaled to at most that longest
    /// side, exactly as `image.downscaled(toLongestSide:)` makes it. JPEGs without a rotation are decoded into
    /// a reused per-thread buffer and downscaled in the shim (no full-size image is allocated).
    public func decode(bytes: [UInt8], targetSize: Int?, applyOrientation: Bool = true,
                       downscaleTo: Int?) throws(DecodeError) -> DecodedImage {
        if bytes.isEmpty { throw .empty }
        switch ImageFormat.sniff(bytes) {
        case .jpeg:
            let orientation = ExifInfo.parse(jpeg: bytes)?.orientation ?? .normal
            // Rotated/flipped photos are downscaled after the orientation is applied, as before, so their
            // thumbnails stay pixel-identical (the box edges would fall differently in the stored frame).
            let fused = orientation == .normal || !applyOrientation ? (downscaleTo ?? 0) : 0
            let out = try JPEGCodec.decode(bytes, targetLongestSide: targetSize, limits: limits,
                                           downscaleLongestSide: fused).get()
            guard let image = out.image else { throw .corrupt("no pixels") }
            let oriented = applyOrientation ? image.applying(orientation) : image
            return DecodedImage(image: fused > 0 ? oriented : oriented.downscaled(toLongestSide: downscaleTo ?? 0),
                                originalWidth: out.imageWidth, originalHeight: out.imageHeight,
                                orientation: orientation, orientationApplied: applyOrientation,
                                scaleDenominator: out.scaleDenominator, warnings: out.warnings, format: .jpeg)
        case .png:
            let file = try PNGCodec.read(bytes: bytes, maxPixels: limits.maxSourcePixels).get()
            guard let image = file.image else { throw .corrupt("no pixels") }
            return DecodedImage(image: image.downscaled(toLongestSide: downscaleTo ?? 0), originalWidth: file.width, originalHeight: file.height,
                                orientation: .normal, orientationApplied: applyOrientation, scaleDenominator: 1,
                                warnings: [], format: .png)
        case let other?:
            return try decodeLibraryFormat(other, bytes: bytes, targetSize: targetSize,
                                           applyOrientation: applyOrientation, downscaleTo: downscaleTo)
        case nil:
            throw .unsupportedFormat
        }
    }

    /// The embedded EXIF thumbnail of a JPEG's bytes, decoded with the photo's orientation applied; nil if absent or broken.
    public func decodeEmbeddedThumbnail(bytes: [UInt8]) -> DecodedImage? {
        guard let info = ExifInfo.parse(jpeg: bytes), let range = info.thumbnailRange else { return nil }
        let thumbBytes = Array(bytes[range])
        guard ImageFormat.sniff(thumbBytes) == .jpeg,
              let out = try? JPEGCodec.decode(thumbBytes, targetLongestSide: nil, limits: limits).get(),
              let image = out.image else { return nil }
        let orientation = info.orientation ?? .normal
        return DecodedImage(image: image.applying(orientation), originalWidth: out.imageWidth,
                            originalHeight: out.imageHeight, orientation: orientation, orientationApplied: true,
                            scaleDenominator: 1, warnings: out.warnings, format: .jpeg)
    }

    /// Reads only the header: stored size (pixels), format and orientation. Reads the first 256 KB of the
    /// file (enough for the markers before the image data in practice), the whole file only if that fails.
    public func readHeader(path: PhotoPath) throws(DecodeError) -> ImageHeader {
        let prefix = try FileBytes.readPrefix(path, count: 256 * 1024).get()
        if let header = try? readHeader(bytes: prefix) { return header }
        return try readHeader(bytes: try FileBytes.read(path).get())
    }

    /// Reads only the header of in-memory file bytes.
    public func readHeader(bytes: [UInt8]) throws(DecodeError) -> ImageHeader {
        if bytes.isEmpty { throw .empty }
        switch ImageFormat.sniff(bytes) {
        case .jpeg:
            var unlimited = limits
            unlimited.maxSourcePixels = 0
            let out = try JPEGCodec.decode(bytes, targetLongestSide: nil, limits: unlimited, headerOnly: true).get()
            return ImageHeader(width: out.imageWidth, height: out.imageHeight, format: .jpeg,
                               orientation: ExifInfo.parse(jpeg: bytes)?.orientation ?? .normal)
        case .png:
            // PNG IHDR: width and height are big-endian at bytes 16..<24.
            guard bytes.count >= 24 else { throw .corrupt("truncated PNG header") }
            func be(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
            return ImageHeader(width: be(16), height: be(20), format: .png, orientation: .normal)
        case let other?:
            return try readLibraryHeader(other, bytes: bytes)
        case nil:
            throw .unsupportedFormat
        }
    }
}
