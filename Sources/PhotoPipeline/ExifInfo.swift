/// What PhotoStack reads from a JPEG's APP1 Exif segment.
public struct ExifInfo: Sendable, Equatable {
    /// Tag 0x0112, or nil when absent/invalid.
    public var orientation: ExifOrientation?
    /// Byte range of the embedded JPEG thumbnail (IFD1 JPEGInterchangeFormat/Length) within the file.
    public var thumbnailRange: Range<Int>?
    /// The photo is in DCF's option colour space, Adobe RGB: Exif ColorSpace (0xA001) uncalibrated (0xFFFF) and the
    /// InteroperabilityIndex (0x0001 of the interoperability IFD) "R03" — how cameras set to Adobe RGB say so when
    /// they embed no ICC profile.
    public var declaresAdobeRGB = false

    public init(orientation: ExifOrientation? = nil, thumbnailRange: Range<Int>? = nil) {
        self.orientation = orientation
        self.thumbnailRange = thumbnailRange
    }

    /// Parses the first APP1 "Exif\0\0" segment of a JPEG file's bytes; nil when there is none.
    /// Both TIFF byte orders ("II" little-endian, "MM" big-endian) are handled; out-of-range offsets are ignored.
    public static func parse(jpeg bytes: [UInt8]) -> ExifInfo? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }           // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }   // start of scan: no Exif before image data
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let start = offset + 4, end = offset + 2 + length
            if marker == 0xE1, end - start >= 14, Array(bytes[start..<(start + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return parseTIFF(bytes, tiffStart: start + 6, end: end)
            }
            offset = end
        }
        return nil
    }

    private static func parseTIFF(_ b: [UInt8], tiffStart t: Int, end: Int) -> ExifInfo? {
        let little: Bool
        if b[t] == 0x49 && b[t + 1] == 0x49 { little = true } else if b[t] == 0x4D && b[t + 1] == 0x4D { little = false } else { return nil }
        func u16(_ o: Int) -> Int? {
            guard o >= t, o + 2 <= end else { return nil }
            return little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard o >= t, o + 4 <= end else { return nil }
            let v = little ? (UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24)
                : (UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3]))
            return Int(v)
        }
        guard u16(t + 2) == 42, let ifd0 = u32(t + 4) else { return nil }
        var info = ExifInfo()
        // IFD0: orientation, and where the Exif IFD is.
        guard let count0 = u16(t + ifd0) else { return info }
        var exifIFD: Int?
        for i in 0..<min(count0, 512) {
            let entry = t + ifd0 + 2 + i * 12
            guard let tag = u16(entry) else { break }
            if tag == 0x0112, let type = u16(entry + 2), type == 3, let value = u16(entry + 8) {
                info.orientation = ExifOrientation(rawValue: value)
            }
            if tag == 0x8769 { exifIFD = u32(entry + 8) }
        }
        // The Exif IFD: ColorSpace, and where the interoperability IFD is; there, the InteroperabilityIndex.
        if let e = exifIFD, e > 0, let count = u16(t + e) {
            var uncalibrated = false
            var interop: Int?
            for i in 0..<min(count, 512) {
                let entry = t + e + 2 + i * 12
                guard let tag = u16(entry) else { break }
                if tag == 0xA001, u16(entry + 8) == 0xFFFF { uncalibrated = true }
                if tag == 0xA005 { interop = u32(entry + 8) }
            }
            if uncalibrated, let o = interop, o > 0, let n = u16(t + o) {
                for i in 0..<min(n, 64) {
                    let entry = t + o + 2 + i * 12
                    guard let tag = u16(entry) else { break }
                    // ASCII, 4 bytes: "R03\0" held in the entry's value field.
                    if tag == 0x0001, entry + 11 < end, Array(b[(entry + 8)..<(entry + 11)]) == Array("R03".utf8) {
                        info.declaresAdobeRGB = true
                    }
                }
            }
        }
        // IFD1: the embedded thumbnail.
        guard let ifd1 = u32(t + ifd0 + 2 + count0 * 12), ifd1 != 0, let count1 = u16(t + ifd1) else { return info }
        var thumbOffset: Int?, thumbLength: Int?
        for i in 0..<min(count1, 512) {
            let entry = t + ifd1 + 2 + i * 12
            guard let tag = u16(entry), let type = u16(entry + 2) else { break }
            let value = type == 3 ? u16(entry + 8) : u32(entry + 8)
            if tag == 0x0201 { thumbOffset = value }
            if tag == 0x0202 { thumbLength = value }
        }
        if let o = thumbOffset, let l = thumbLength, l > 0, t + o + l <= end {
            info.thumbnailRange = (t + o)..<(t + o + l)
        }
        return info
    }
}
