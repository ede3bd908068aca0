import CGIF

/// Swift face of the CGIF shim (giflib): the first frame only, on a transparent canvas of the logical screen's
/// size; later frames are never read.
enum GIFCodec {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits, targetLongestSide: Int?,
                       headerOnly: Bool = false) -> Result<LibraryDecodeOutput, DecodeError> {
        LibraryDecode.run(bytes, limits: limits, targetLongestSide: targetLongestSide, headerOnly: headerOnly) {
            ps_gif_decode($0, $1, $2, $3)
        }
    }
}
