import CRaw

/// Swift face of the CRaw shim (libraw): a camera RAW file's embedded preview, never its sensor data. A JPEG
/// preview comes back in `encoded` (decode it with the JPEG path); a bitmap preview as `image`. The camera's
/// orientation (libraw's `sizes.flip`) is `pendingOrientation`; `imageWidth`/`imageHeight` are the photo's size.
enum RawCodec {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits, targetLongestSide: Int?,
                       headerOnly: Bool = false) -> Result<LibraryDecodeOutput, DecodeError> {
        LibraryDecode.run(bytes, limits: limits, targetLongestSide: targetLongestSide, headerOnly: headerOnly) {
            ps_raw_decode($0, $1, $2, $3)
        }
    }

    /// libraw's flip value (0–7) as an EXIF orientation.
    static func orientation(flip: Int) -> ExifOrientation {
        ExifOrientation(rawValue: Int(ps_raw_flip_to_orientation(Int32(clamping: flip)))) ?? .normal
    }
}
