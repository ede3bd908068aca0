import CTIFF

/// Swift face of the CTIFF shim (libtiff): the first directory through libtiff's RGBA reader. libtiff applies
/// the flips of the Orientation tag; `pendingOrientation` is the transposition left for orientations 5–8 and
/// `storedOrientation` the tag itself.
enum TIFFCodec {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits, targetLongestSide: Int?,
                       headerOnly: Bool = false) -> Result<LibraryDecodeOutput, DecodeError> {
        LibraryDecode.run(bytes, limits: limits, targetLongestSide: targetLongestSide, headerOnly: headerOnly) {
            ps_tiff_decode($0, $1, $2, $3)
        }
    }
}
