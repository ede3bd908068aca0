// libFuzzer harness for PhotoStack's Swift EXIF parser and format sniffing (pure Swift: ExifInfo,
// ExifOrientation, ImageFormat), built with swiftc -sanitize=fuzzer,address by scripts/fuzz.sh.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = ImageFormat.sniff(bytes)
    if let info = ExifInfo.parse(jpeg: bytes) {
        // Whatever range the parser reports must lie inside the input.
        if let range = info.thumbnailRange { precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count) }
        _ = info.orientation?.swapsDimensions
    }
    // The same bytes behind a SOI + APP1 "Exif\0\0" header, so the TIFF parser is reached most of the time.
    let length = min(bytes.count + 8, 0xFFFF)
    let wrapped: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF), 0x45, 0x78, 0x69, 0x66, 0, 0]
        + bytes.prefix(length - 8)
    if let info = ExifInfo.parse(jpeg: wrapped), let range = info.thumbnailRange {
        precondition(range.lowerBound >= 0 && range.upperBound <= wrapped.count)
    }
    return 0
}
