import CDecodeOut
import CHEIF

/// Swift face of the CHEIF shim (libheif; HEIC/HEIF and AVIF). The primary image comes back display-oriented:
/// libheif applies its irot/imir/clap transformations, so `imageWidth`/`imageHeight` are the displayed size and
/// no orientation is pending (an EXIF orientation inside the file must not be applied again). For a target size
/// the smallest embedded thumbnail that covers it is decoded instead of the primary image.
public enum HEIFCodec {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits, targetLongestSide: Int?,
                       headerOnly: Bool = false) -> Result<LibraryDecodeOutput, DecodeError> {
        LibraryDecode.run(bytes, limits: limits, targetLongestSide: targetLongestSide, headerOnly: headerOnly) {
            ps_heif_decode($0, $1, $2, $3)
        }
    }

    /// Whether this libheif can decode HEVC-coded (HEIC) or, with `av1`, AV1-coded (AVIF) images.
    public static func canDecode(av1: Bool) -> Bool { ps_heif_have_decoder(av1 ? 1 : 0) != 0 }

    /// Encodes RGB pixels (3 bytes per pixel, R G B) with libheif's own encoder (x265, or aom for `av1`) — for
    /// tests and the bench. `orientation` is written as irot/imir boxes (the stored pixels are kept as given);
    /// `cicp`: H.273 colour primaries and transfer written as an nclx colr box (nil: none). `thumbnailLongestSide` > 0
    /// embeds a thumbnail of that size. Returns the file, or the error reason.
    public static func encode(pixels: [UInt8], width: Int, height: Int, av1: Bool = false, quality: Int = 90,
                              orientation: ExifOrientation = .normal, cicp: (primaries: Int, transfer: Int)? = nil,
                              thumbnailLongestSide: Int = 0) -> Result<[UInt8], DecodeError> {
        guard pixels.count >= width * height * 3 else { return .failure(.corrupt("too few pixels")) }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(PS_DECODE_MESSAGE_LENGTH))
        let code = pixels.withUnsafeBufferPointer {
            ps_heif_encode($0.baseAddress, Int32(width), Int32(height), av1 ? 1 : 0, Int32(quality),
                           Int32(orientation.rawValue), Int32(cicp?.primaries ?? 0), Int32(cicp?.transfer ?? 0),
                           Int32(thumbnailLongestSide), &output, &length, &message)
        }
        guard code == PS_DECODE_OK, let output else {
            return .failure(.corrupt(String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        defer { ps_decode_free(output) }
        return .success(Array(UnsafeBufferPointer(start: output, count: length)))
    }
}
