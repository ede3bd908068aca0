import CPNG
import Foundation

/// Swift face of the CPNG shim.
public enum PNGCodec {
    /// Reads a PNG file (premultiplied ARGB32). `headerOnly`: size and text chunks before the image data only.
    /// Thumbnails in the layout `write` produces go through a fast reader (`readStored`); anything else, or
    /// anything it finds wrong, is read by libpng (which then reports the error, if any).
    public static func read(path: PhotoPath, maxPixels: Int = 100_000_000, headerOnly: Bool = false) -> Result<PNGFile, DecodeError> {
        if !headerOnly, let file = readStored(path: path, maxPixels: maxPixels) { return file }
        return readWithLibPNG(path: path, maxPixels: maxPixels, headerOnly: headerOnly)
    }

    /// The fast reader alone: `.success` for an intact PNG in the layout `write` produces (8-bit RGB/RGBA,
    /// stored zlib blocks, no row filters; Adler-32 and non-IDAT CRCs checked), nil for anything else.
    static func readStored(path: PhotoPath, maxPixels: Int = 100_000_000) -> Result<PNGFile, DecodeError>? {
        FileAccess.will(.read, path)
        var result = ps_png_result()
        let code = path.withCString { ps_png_read_stored_file($0, Int64(maxPixels), &result) }
        guard code == PS_PNG_OK else { return nil }
        return finish(code: code, result: &result)
    }

    /// Adler-32 (RFC 1950) of `bytes` continuing from `start` (the C reader's SIMD version; exposed for tests).
    static func adler32(_ bytes: [UInt8], start: UInt32 = 1) -> UInt32 {
        bytes.withUnsafeBufferPointer { ps_adler32(start, $0.baseAddress, $0.count) }
    }

    /// libpng alone (checks every CRC; reads every PNG layout).
    static func readWithLibPNG(path: PhotoPath, maxPixels: Int = 100_000_000, headerOnly: Bool = false) -> Result<PNGFile, DecodeError> {
        FileAccess.will(.read, path)
        var result = ps_png_result()
        let code = path.withCString { ps_png_read_file($0, Int64(maxPixels), headerOnly ? 1 : 0, &result) }
        return finish(code: code, result: &result)
    }

    /// Reads a PNG from memory.
    public static func read(bytes: [UInt8], maxPixels: Int = 100_000_000) -> Result<PNGFile, DecodeError> {
        if bytes.isEmpty { return .failure(.empty) }
        var result = ps_png_result()
        let code = bytes.withUnsafeBufferPointer { ps_png_read_memory($0.baseAddress, $0.count, Int64(maxPixels), &result) }
        return finish(code: code, result: &result)
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
        switch Int32(code) {
        case Int32(PS_PNG_OK): break
        case Int32(PS_PNG_ERR_OPEN): return .failure(.unreadable(message))
        case Int32(PS_PNG_ERR_TOO_LARGE): return .failure(.tooLarge(message))
        case Int32(PS_PNG_ERR_NOMEM): return .failure(.outOfMemory(message))
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
        return .success(PNGFile(width: Int(result.width), height: Int(result.height), image: image, texts: texts))
    }

    /// Writes `image` as an 8-bit PNG (RGB when fully opaque, else RGBA) with tEXt chunks (in the given order).
    /// `compressionLevel` 0 (thumbnails): stored zlib blocks, no row filter — what `readStored` reads fast;
    /// 1…9: deflate with adaptive filters (how other programs write). Returns an error reason on failure.
    public static func write(_ image: PixelImage, to path: PhotoPath, texts: [(String, String)],
                             compressionLevel: Int = 0) -> String? {
        FileAccess.will(.write, path)
        var keys = texts.map { strdup($0.0) }
        var values = texts.map { strdup($0.1) }
        defer { keys.forEach { free($0) }; values.forEach { free($0) } }
        var message = [CChar](repeating: 0, count: Int(PS_PNG_MESSAGE_LENGTH))
        let code: Int32 = image.withUnsafeBytes { raw in
            keys.withUnsafeMutableBufferPointer { k in
                values.withUnsafeMutableBufferPointer { v in
                    k.withMemoryRebound(to: UnsafePointer<CChar>?.self) { kk in
                        v.withMemoryRebound(to: UnsafePointer<CChar>?.self) { vv in
                            path.withCString {
                                ps_png_write_file($0, raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                  Int32(image.width), Int32(image.height), Int32(image.stride),
                                                  kk.baseAddress, vv.baseAddress, Int32(texts.count),
                                                  Int32(compressionLevel), &message)
                            }
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
