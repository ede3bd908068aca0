/// Decodes JPEG and PNG files into premultiplied ARGB32 `PixelImage`s, safely (see `DecodeLimits`,
/// `DecodeBudget`, `SafeFile`); WebP, HEIF/AVIF, GIF, TIFF and RAW go through their libraries
/// (`ImageDecoder+Library.swift`), from the file's bytes read within its `byteLimit`.
///
/// Files are opened with `SafeFile` and streamed by the C decoders (never read whole into memory); each decode
/// reserves its memory in the shared `DecodeBudget` first. Scaling rule: `targetSize` is the longest side in
/// pixels the output must still cover; JPEGs are decoded at the smallest DCT scale (1/8, 1/4, 1/2, 1/1) whose
/// longest side is ≥ `targetSize` (the result may be larger; callers downscale). PNGs are decoded at full size,
/// or straight into the `downscaleTo` size.
///
/// Format dispatch: `decode(file:prefix:…)` switches on `ImageFormat.sniff(prefix)`; a new format adds one
/// `case` there that calls its codec with the `SafeFile` (descriptor + `byteLimit`) and releases its budget.
public struct ImageDecoder: Sendable {
    public var limits: DecodeLimits

    /// Bytes read from the start of a file for sniffing and the EXIF segment (APP0 + APP1 are at most 64 KB each).
    static let prefixBytes = 128 * 1024

    public init(limits: DecodeLimits = DecodeLimits()) { self.limits = limits }

    /// Opens `path` as a photo (`SafeFile.Kind.photo`: links followed, only regular files, at most
    /// `limits.maxFileBytes`); `expected`: refuse another version of the file (`.changed`).
    public func open(_ path: PhotoPath, expected: FileIdentity? = nil) throws(DecodeError) -> SafeFile {
        try SafeFile.open(path, kind: .photo, maxBytes: limits.maxFileBytes, expected: expected).get()
    }

    /// Decodes the file at `path` (raw bytes) — format sniffed from its content. `colourTarget`: the profile the
    /// pixels come back in (converted from the file's own colour space; sRGB by default), nil to leave them as
    /// the file encodes them.
    public func decode(path: PhotoPath, targetSize: Int? = nil, applyOrientation: Bool = true,
                       downscaleTo: Int? = nil, colourTarget: ColourProfile? = .sRGB) throws(DecodeError) -> DecodedImage {
        try decode(file: try open(path), targetSize: targetSize, applyOrientation: applyOrientation, downscaleTo: downscaleTo,
                   colourTarget: colourTarget)
    }

    /// Decodes an open file, streamed. `downscaleTo`: the image comes back box-downscaled to at most that
    /// longest side, exactly as `image.downscaled(toLongestSide:)` makes it.
    public func decode(file: SafeFile, targetSize: Int? = nil, applyOrientation: Bool = true,
                       downscaleTo: Int? = nil, colourTarget: ColourProfile? = .sRGB) throws(DecodeError) -> DecodedImage {
        let prefix = try file.read(count: Self.prefixBytes).get()
        return try decode(file: file, prefix: prefix, targetSize: targetSize, applyOrientation: applyOrientation,
                          downscaleTo: downscaleTo, colourTarget: colourTarget)
    }

    /// The same with the file's first bytes already read (`prefix`, up to `prefixBytes`).
    func decode(file: SafeFile, prefix: [UInt8], targetSize: Int?, applyOrientation: Bool,
                downscaleTo: Int?, colourTarget: ColourProfile?) throws(DecodeError) -> DecodedImage {
        if prefix.isEmpty { throw .empty }
        var decoded: DecodedImage
        switch ImageFormat.sniff(prefix) {
        case .jpeg:
            let exif = ExifInfo.parse(jpeg: prefix)
            decoded = try decodeJPEG(orientation: exif?.orientation ?? .normal, targetSize: targetSize,
                                     applyOrientation: applyOrientation, downscaleTo: downscaleTo) { fused, copies in
                JPEGCodec.decode(file: file, targetLongestSide: targetSize, limits: limits,
                                 downscaleLongestSide: fused, outputCopies: copies)
            }
            decoded.colour = decoded.colour.declaring(exif: exif)
        case .png:
            var options = PNGCodec.ReadOptions(maxPixels: limits.maxSourcePixels, wantTexts: false, downscaleTo: downscaleTo ?? 0)
            // 16 bits a sample (IHDR's bit depth): converted while read, before the samples are reduced to 8 bits.
            if let colourTarget, prefix.count > 24, prefix[24] == 16,
               case .success(let header) = PNGCodec.read(file: file, options: .init(headerOnly: true, wantTexts: false)) {
                options.colourFrom = header.colour.sourceProfile
                options.colourTo = colourTarget
            }
            let png = try PNGCodec.read(file: file, options: options).get()
            defer { DecodeBudget.release(png.reservedBytes) }
            guard let image = png.image else { throw .corrupt("no pixels") }
            decoded = DecodedImage(image: image, originalWidth: png.width, originalHeight: png.height,
                                   orientation: .normal, orientationApplied: applyOrientation, scaleDenominator: 1,
                                   warnings: png.isIncomplete ? ["the PNG data ended early"] : [], format: .png,
                                   isIncomplete: png.isIncomplete)
            decoded.colour = png.colour
            decoded.convertedTo = png.convertedTo
        case let other?:
            let bytes = try file.read(count: file.byteLimit).get()
            decoded = try decodeLibraryFormat(other, bytes: bytes, targetSize: targetSize,
                                              applyOrientation: applyOrientation, downscaleTo: downscaleTo)
        case nil:
            throw .unsupportedFormat
        }
        decoded.fileIdentity = file.identity
        if file.hasChangedSinceOpen() {
            decoded.isIncomplete = true
            decoded.warnings.append("the file changed while it was read")
        }
        decoded.convertColour(to: colourTarget)
        return decoded
    }

    /// Decodes an in-memory file.
    public func decode(bytes: [UInt8], targetSize: Int? = nil, applyOrientation: Bool = true,
                       colourTarget: ColourProfile? = .sRGB) throws(DecodeError) -> DecodedImage {
        try decode(bytes: bytes, targetSize: targetSize, applyOrientation: applyOrientation, downscaleTo: nil,
                   colourTarget: colourTarget)
    }

    /// Decodes an in-memory file; `downscaleTo` as in `decode(file:…)`. JPEGs without a rotation are decoded
    /// into a reused per-thread buffer and downscaled in the shim (no full-size image is allocated).
    public func decode(bytes: [UInt8], targetSize: Int?, applyOrientation: Bool = true,
                       downscaleTo: Int?, colourTarget: ColourProfile? = .sRGB) throws(DecodeError) -> DecodedImage {
        var decoded = try decodeInFileColour(bytes: bytes, targetSize: targetSize, applyOrientation: applyOrientation,
                                             downscaleTo: downscaleTo)
        decoded.convertColour(to: colourTarget)
        return decoded
    }

    private func decodeInFileColour(bytes: [UInt8], targetSize: Int?, applyOrientation: Bool,
                                    downscaleTo: Int?) throws(DecodeError) -> DecodedImage {
        if bytes.isEmpty { throw .empty }
        switch ImageFormat.sniff(bytes) {
        case .jpeg:
            let exif = ExifInfo.parse(jpeg: bytes)
            var decoded = try decodeJPEG(orientation: exif?.orientation ?? .normal, targetSize: targetSize,
                                         applyOrientation: applyOrientation, downscaleTo: downscaleTo) { fused, copies in
                JPEGCodec.decode(bytes, targetLongestSide: targetSize, limits: limits, downscaleLongestSide: fused,
                                 outputCopies: copies)
            }
            decoded.colour = decoded.colour.declaring(exif: exif)
            return decoded
        case .png:
            let file = try PNGCodec.read(bytes: bytes, maxPixels: limits.maxSourcePixels).get()
            guard let image = file.image else { throw .corrupt("no pixels") }
            var decoded = DecodedImage(image: image.downscaled(toLongestSide: downscaleTo ?? 0), originalWidth: file.width,
                                       originalHeight: file.height, orientation: .normal, orientationApplied: applyOrientation,
                                       scaleDenominator: 1, warnings: [], format: .png, isIncomplete: file.isIncomplete)
            decoded.colour = file.colour
            return decoded
        case let other?:
            return try decodeLibraryFormat(other, bytes: bytes, targetSize: targetSize,
                                           applyOrientation: applyOrientation, downscaleTo: downscaleTo)
        case nil:
            throw .unsupportedFormat
        }
    }

    /// The JPEG path shared by files and bytes: `run(fused, copies)` decodes (fused: downscale in the shim;
    /// copies: output copies made here while the budget is held: the rotated copy; the final downscale, at most
    /// the requested size, is not counted), then orientation and downscale are applied.
    private func decodeJPEG(orientation: ExifOrientation, targetSize: Int?, applyOrientation: Bool, downscaleTo: Int?,
                            run: (Int, Int) -> Result<JPEGDecodeOutput, DecodeError>) throws(DecodeError) -> DecodedImage {
        // Rotated/flipped photos are downscaled after the orientation is applied, as before, so their
        // thumbnails stay pixel-identical (the box edges would fall differently in the stored frame).
        let rotates = applyOrientation && orientation != .normal
        let fused = rotates ? 0 : (downscaleTo ?? 0)
        let out = try run(fused, rotates ? 1 : 0).get()
        defer { DecodeBudget.release(out.reservedBytes) }
        guard let image = out.image else { throw .corrupt("no pixels") }
        let oriented = applyOrientation ? image.applying(orientation) : image
        var decoded = DecodedImage(image: fused > 0 ? oriented : oriented.downscaled(toLongestSide: downscaleTo ?? 0),
                                   originalWidth: out.imageWidth, originalHeight: out.imageHeight,
                                   orientation: orientation, orientationApplied: applyOrientation,
                                   scaleDenominator: out.scaleDenominator, warnings: out.warnings, format: .jpeg,
                                   isIncomplete: out.truncated)
        decoded.colour = out.colour
        decoded.convertedTo = out.convertedTo
        return decoded
    }
}
