import CWebP

/// Swift face of the CWebP shim (libwebp). Still images are decoded by libwebp straight to the target size
/// (its scaler, no full-size buffer); animated ones give their first frame on a transparent canvas of the
/// animation's size (`frameCount` frames in all).
enum WebPCodec {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits, targetLongestSide: Int?,
                       headerOnly: Bool = false) -> Result<LibraryDecodeOutput, DecodeError> {
        LibraryDecode.run(bytes, limits: limits, targetLongestSide: targetLongestSide, headerOnly: headerOnly) {
            ps_webp_decode($0, $1, $2, $3)
        }
    }
}
