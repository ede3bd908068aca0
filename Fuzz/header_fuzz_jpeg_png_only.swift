// Part of the header fuzz harness only (never built into the app): the harness fuzzes the JPEG and PNG paths of
// ImageDecoder with their C shims. The formats read through their own libraries (WebP, HEIF/AVIF, GIF, TIFF,
// RAW: ImageDecoder+Library.swift and the CWebP/CHEIF/CGIF/CTIFF/CRaw shims) are left out of this harness, so
// here they are refused as an unsupported format.
extension ImageDecoder {
    func decodeLibraryFormat(_ format: ImageFormat, bytes: [UInt8], targetSize: Int?, applyOrientation: Bool,
                             downscaleTo: Int?) throws(DecodeError) -> DecodedImage {
        throw .unsupportedFormat
    }

    func readLibraryHeader(_ format: ImageFormat, bytes: [UInt8]) throws(DecodeError) -> ImageHeader {
        throw .unsupportedFormat
    }
}
