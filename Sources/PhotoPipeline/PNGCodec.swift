import CPNG
import Foundation

/// Swift face of the CPNG shim. Every read is strict (see `ps_png_read_fd`) and streamed from a `SafeFile`.
public enum PNGCodec {
    /// What a read may accept and produce.
    public struct ReadOptions: Sendable {
        /// Refuse images of more pixels than this (0 = no pixel limit).
        public var maxPixels: Int = 100_000_000
        /// Largest width and height accepted (0 = libpng's default, 1,000,000).
        public var maxSide: Int = 0
        /// Read the size and the text chunks before the image data only.
        public var headerOnly = false
        /// Collect text chunks (the thumbnail keys).
        public var wantTexts = true
        /// > 0: the image comes back box-downscaled to this longest side (non-interlaced PNGs are read row by
        /// row into it, never held at full size).
        public var downscaleTo = 0
        /// Both set: a 16-bit image is converted from `colourFrom` to `colourTo` before its samples are reduced to
        /// 8 bits (`PNGFile.convertedTo` then says so).
        public var colourFrom: ColourProfile?
        public var colourTo: ColourProfile?

        public init(maxPixels: Int = 100_000_000, maxSide: Int = 0, headerOnly: Bool = false, wantTexts: Bool = true,
                    downscaleTo: Int = 0) {
            self.maxPixels = maxPixels; self.maxSide = maxSide; self.headerOnly = headerOnly
            self.wantTexts = wantTexts; self.downscaleTo = downscaleTo
        }
    }

    /// Reads a PNG file (premultiplied ARGB32). `headerOnly`: size and text chunks before the image data only.
    /// Thumbnails in the layout `write` produces go through a fast reader (`readStored`); anything else, or
    /// anything it finds wrong, is read by libpng (which then reports the error, if any). The path is opened as
    /// a `.photo` (links followed, non-regular files refused).
    public static func read(path: PhotoPath, maxPixels: Int = 100_000_000, headerOnly: Bool = false) -> Result<PNGFile, DecodeError> {
        let file: SafeFile
        switch SafeFile.open(path, kind: .photo, maxBytes: DecodeLimits().maxFileBytes) {
        case .success(let f): file = f
        case .failure(let error): return .failure(error)
        }
        let options = ReadOptions(maxPixels: maxPixels, headerOnly: headerOnly)
        if !headerOnly, let stored = readStored(file: file, options: options) { return stored.map(released) }
        return complete(read(file: file, options: options).map(released))
    }

    /// A partial read (data ended or broke part-way) as a failure: what the path-based readers promise.
    private static func complete(_ result: Result<PNGFile, DecodeError>) -> Result<PNGFile, DecodeError> {
        if case .success(let file) = result, file.isIncomplete { return .failure(.corrupt("PNG data ends or breaks part-way")) }
        return result
    }

    /// A file read whose budget reservation is given back at once (callers that keep nothing but the image).
    private static func released(_ file: PNGFile) -> PNGFile {
        DecodeBudget.release(file.reservedBytes)
        var copy = file
        copy.reservedBytes = 0
        return copy
    }

    /// The fast reader alone on a path (tests): see `readStored(file:options:)`.
    static func readStored(path: PhotoPath, maxPixels: Int = 100_000_000) -> Result<PNGFile, DecodeError>? {
        guard case .success(let file) = SafeFile.open(path, kind: .photo, maxBytes: 1 << 30) else { return nil }
        return readStored(file: file, options: ReadOptions(maxPixels: maxPixels))?.map(released)
    }

    /// The fast reader: `.success` for an intact PNG in the layout `write` produces (8-bit RGB/RGBA, stored
    /// zlib blocks, no row filters; Adler-32 and non-IDAT CRCs checked), nil for anything else. The caller
    /// releases `reservedBytes`.
    static func readStored(file: SafeFile, options: ReadOptions) -> Result<PNGFile, DecodeError>? {
        var result = ps_png_result()
        let code = ps_png_read_stored_fd(file.descriptor, Int64(file.byteLimit), Int64(options.maxPixels),
                                         Int32(clamping: options.maxSide), DecodeBudget.waitMilliseconds, &result)
        guard code == PS_PNG_OK else { return nil }
        return finish(code: code, result: &result)
    }

    /// Adler-32 (RFC 1950) of `bytes` continuing from `start` (the C reader's SIMD version; exposed for tests).
    static func adler32(_ bytes: [UInt8], start: UInt32 = 1) -> UInt32 {
        bytes.withUnsafeBufferPointer { ps_adler32(start, $0.baseAddress, $0.count) }
    }

    /// libpng alone on a path (tests; checks every CRC; reads every PNG layout).
    static func readWithLibPNG(path: PhotoPath, maxPixels: Int = 100_000_000, headerOnly: Bool = false) -> Result<PNGFile, DecodeError> {
        switch SafeFile.open(path, kind: .photo, maxBytes: DecodeLimits().maxFileBytes) {
        case .success(let file): return complete(read(file: file, options: ReadOptions(maxPixels: maxPixels, headerOnly: headerOnly)).map(released))
        case .failure(let error): return .failure(error)
        }
    }

    /// libpng, streamed from an open file. The caller releases `reservedBytes` when done with the image.
    public static func read(file: SafeFile, options: ReadOptions) -> Result<PNGFile, DecodeError> {
        var o = cOptions(options)
        var result = ps_png_result()
        let code = withExtendedLifetime(options) { ps_png_read_fd(file.descriptor, Int64(file.byteLimit), &o, &result) }
        return finish(code: code, result: &result).map { png in
            var file = png
            if result.colour_converted != 0 { file.convertedTo = options.colourTo }
            return file
        }
    }

    /// Reads a PNG from memory (same rules; the budget reservation is released before returning).
    public static func read(bytes: [UInt8], maxPixels: Int = 100_000_000, headerOnly: Bool = false) -> Result<PNGFile, DecodeError> {
        if bytes.isEmpty { return .failure(.empty) }
        var o = cOptions(ReadOptions(maxPixels: maxPixels, headerOnly: headerOnly, wantTexts: !headerOnly))
        var result = ps_png_result()
        let code = bytes.withUnsafeBufferPointer { ps_png_read_memory($0.baseAddress, $0.count, &o, &result) }
        return finish(code: code, result: &result).map(released)
    }

    private static func cOptions(_ options: ReadOptions) -> ps_png_options {
        var o = ps_png_options()
        ps_png_default_options(&o)
        o.max_pixels = Int64(options.maxPixels)
        o.max_side = Int32(clamping: options.maxSide)
        o.header_only = options.headerOnly ? 1 : 0
        o.want_texts = options.wantTexts ? 1 : 0
        o.downscale_longest_side = Int32(clamping: options.downscaleTo)
        o.budget_wait_ms = DecodeBudget.waitMilliseconds
        o.colour_from = options.colourFrom?.handle
        o.colour_to = options.colourTo?.handle
        return o
    }

    private static func finish(code: Int32, result: inout ps_png_result) -> Result<PNGFile, DecodeError> {
        let message = withUnsafeBytes(of: &result.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        var texts: [String: String] = [:]
        if let raw = result.texts {
            let buffer = UnsafeRawBufferPointer(start: raw, count: result.texts_length)
            let parts = buffer.split(separator: 0, omittingEmptySubsequences: false)
            var i = 0
            while i + 1 < parts.count, texts.count < Int(result.text_count) {
                texts[String(decoding: parts[i], as: UTF8.self)] = String(decoding: parts[i + 1], as: UTF8.self)
                i += 2
            }
            ps_png_free(raw)
        }
        let icc = result.icc.map { Array(UnsafeBufferPointer(start: $0, count: Int(result.icc_length))) }
        if let pointer = result.icc { ps_png_free(pointer) }
        let chromaticities = result.has_chromaticities != 0
            ? withUnsafeBytes(of: result.chromaticities) { Array($0.bindMemory(to: Double.self)) } : nil
        let colour = PhotoColour.resolve(
            icc: icc, cicp: result.cicp_primaries > 0 ? (Int(result.cicp_primaries), Int(result.cicp_transfer)) : nil,
            declaresSRGB: result.srgb != 0, pngGamma: result.gamma > 0 ? result.gamma : nil, chromaticities: chromaticities)
        switch Int32(code) {
        case Int32(PS_PNG_OK): break
        case Int32(PS_PNG_ERR_OPEN): return .failure(.unreadable(message))
        case Int32(PS_PNG_ERR_TOO_LARGE): return .failure(.tooLarge(message))
        case Int32(PS_PNG_ERR_NOMEM): return .failure(.outOfMemory(message))
        case Int32(PS_PNG_ERR_BUSY): return .failure(.busy(message))
        default: return .failure(.corrupt(message.isEmpty ? "invalid PNG" : message))
        }
        var image: PixelImage?
        if let pixels = result.pixels {
            let bytes = Int(result.stride) * Int(result.height)
            let deallocator: @Sendable (UnsafeMutableRawPointer) -> Void
            if result.pixels_mapped != 0 { deallocator = { ps_png_unmap_pixels($0, bytes) } } else { deallocator = { ps_png_free($0) } }
            image = PixelImage(adopting: UnsafeMutableRawPointer(pixels), width: Int(result.width),
                               height: Int(result.height), stride: Int(result.stride),
                               deallocate: deallocator)
        }
        return .success(PNGFile(width: Int(result.image_width), height: Int(result.image_height), image: image, texts: texts,
                                isIncomplete: result.truncated != 0, reservedBytes: Int(result.reserved_bytes),
                                colour: colour))
    }

    /// Writes `image` as an 8-bit PNG (RGB when fully opaque, else RGBA) with tEXt chunks (in the given order)
    /// to `path`, created (or truncated) `O_NOFOLLOW` with mode 0600 (tests and tools; the thumbnail cache
    /// writes through `write(_:descriptor:texts:)` into a file it created `O_EXCL`). Returns an error reason on
    /// failure. `compressionLevel` 0 (thumbnails): stored zlib blocks, no row filter — what `readStored` reads
    /// fast; 1…9: deflate with adaptive filters (how other programs write).
    public static func write(_ image: PixelImage, to path: PhotoPath, texts: [(String, String)],
                             compressionLevel: Int = 0) -> String? {
        FileAccess.will(.write, path)
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { return "cannot create \(path): \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        return write(image, descriptor: fd, texts: texts, compressionLevel: compressionLevel)
    }

    /// Writes `image` as a PNG to an open, writable descriptor (not closed). Returns an error reason on failure.
    public static func write(_ image: PixelImage, descriptor fd: Int32, texts: [(String, String)],
                             compressionLevel: Int = 0) -> String? {
        var keys = texts.map { strdup($0.0) }
        var values = texts.map { strdup($0.1) }
        defer { keys.forEach { free($0) }; values.forEach { free($0) } }
        var message = [CChar](repeating: 0, count: Int(PS_PNG_MESSAGE_LENGTH))
        let code: Int32 = image.withUnsafeBytes { raw in
            keys.withUnsafeMutableBufferPointer { k in
                values.withUnsafeMutableBufferPointer { v in
                    k.withMemoryRebound(to: UnsafePointer<CChar>?.self) { kk in
                        v.withMemoryRebound(to: UnsafePointer<CChar>?.self) { vv in
                            ps_png_write_fd(fd, raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                            Int32(image.width), Int32(image.height), Int32(image.stride),
                                            kk.baseAddress, vv.baseAddress, Int32(texts.count),
                                            Int32(compressionLevel), &message)
                        }
                    }
                }
            }
        }
        if code == PS_PNG_OK { return nil }
        let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "PNG write failed (code \(code))" : text
    }
}
