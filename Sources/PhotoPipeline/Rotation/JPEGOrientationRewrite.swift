/// Sets a JPEG's EXIF Orientation (tag 0x0112 in IFD0) by editing only the Exif header: the image data and
/// every other segment stay byte for byte. Pure: bytes in, a `ByteSplice` out.
///
/// - The tag exists (SHORT): its value is overwritten in place (2 bytes; the file keeps its size).
/// - The tag exists with another type: its entry is rewritten as SHORT × 1 in place.
/// - Exif without the tag: a copy of IFD0 with the tag added (entries kept in tag order) is appended at the
///   end of the TIFF data and the header points at it. Nothing else moves, so every offset in the Exif data
///   stays valid (the old IFD0 is left unreferenced).
/// - No Exif: a minimal APP1 Exif segment with only the tag is inserted after SOI (and after a leading JFIF
///   APP0 segment).
public enum JPEGOrientationRewrite {
    /// The current orientation (nil when the tag is absent or out of range) and the splice that sets it to
    /// `orientation`.
    public static func rewrite(_ jpeg: [UInt8], to orientation: ExifOrientation)
        throws(RotationError) -> (current: ExifOrientation?, splice: ByteSplice) {
        let layout = try locate(jpeg)
        guard let exif = layout.exif else {
            let segment = newExifSegment(orientation)
            return (nil, ByteSplice(offset: layout.insertionPoint, removed: [], inserted: segment))
        }
        return try rewriteExif(jpeg, segment: exif, orientation: orientation)
    }

    /// Where the first APP1 Exif segment is (marker offset ..< end), and where a new one would go.
    static func locate(_ b: [UInt8]) throws(RotationError) -> (exif: Range<Int>?, insertionPoint: Int) {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF else {
            throw .unsupportedFormat(reason: "not a JPEG file")
        }
        var offset = 2, insertion = 2, leadingAPP0 = true
        while offset + 4 <= b.count {
            guard b[offset] == 0xFF else { throw .malformedJPEG(reason: "no marker at byte \(offset)") }
            let marker = b[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return (nil, insertion) }
            let length = Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            let end = offset + 2 + length
            guard length >= 2, end <= b.count else { throw .malformedJPEG(reason: "segment at byte \(offset) runs past the end") }
            if marker == 0xE1, length >= 16, b[(offset + 4)..<(offset + 10)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return (offset..<end, insertion)
            }
            if marker == 0xE0 && leadingAPP0 { insertion = end } else { leadingAPP0 = false }
            offset = end
        }
        throw .malformedJPEG(reason: "no image data (start of scan) found")
    }

    /// An APP1 segment: "Exif\0\0", a little-endian TIFF header and IFD0 with the orientation alone.
    static func newExifSegment(_ orientation: ExifOrientation) -> [UInt8] {
        let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0,          // "II", 42, IFD0 at 8
                             1, 0,                                    // one entry
                             0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation.rawValue), 0, 0, 0,
                             0, 0, 0, 0]                              // no next IFD
        let payload = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static func rewriteExif(_ b: [UInt8], segment: Range<Int>, orientation: ExifOrientation)
        throws(RotationError) -> (current: ExifOrientation?, splice: ByteSplice) {
        let t = segment.lowerBound + 10, end = segment.upperBound
        guard end - t >= 8 else { throw .malformedJPEG(reason: "Exif header too short") }
        let little: Bool
        switch (b[t], b[t + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: throw .malformedJPEG(reason: "unknown TIFF byte order")
        }
        func u16(_ o: Int) -> Int? {
            guard o >= t, o + 2 <= end else { return nil }
            return little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let lo = u16(little ? o : o + 2), let hi = u16(little ? o + 2 : o) else { return nil }
            return hi << 16 | lo
        }
        func le16(_ v: Int) -> [UInt8] { little ? [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] : [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { little ? le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) : le16(v >> 16 & 0xFFFF) + le16(v & 0xFFFF) }
        guard u16(t + 2) == 42, let ifd0 = u32(t + 4), let count = u16(t + ifd0), count <= 1000,
              t + ifd0 + 2 + count * 12 + 4 <= end else { throw .malformedJPEG(reason: "IFD0 out of bounds") }
        let value = le16(orientation.rawValue) + [0, 0]
        var insertAt = count
        for i in 0..<count {
            let entry = t + ifd0 + 2 + i * 12
            let tag = u16(entry)!
            if tag == 0x0112 {
                let type = u16(entry + 2)!, n = u32(entry + 4)!
                let current = type == 3 && n == 1 ? u16(entry + 8).flatMap(ExifOrientation.init(rawValue:)) : nil
                if type == 3 && n == 1 {
                    return (current, ByteSplice(offset: entry + 8, removed: Array(b[(entry + 8)..<(entry + 10)]),
                                                inserted: le16(orientation.rawValue)))
                }
                let fields = le16(3) + le32(1) + value
                return (current, ByteSplice(offset: entry + 2, removed: Array(b[(entry + 2)..<(entry + 12)]), inserted: fields))
            }
            if tag > 0x0112 && insertAt == count { insertAt = i }
        }
        // No tag: append IFD0 + the tag at the end of the TIFF data (2-byte aligned) and point the header at it.
        let entriesStart = t + ifd0 + 2
        var entries = (0..<count).map { Array(b[(entriesStart + $0 * 12)..<(entriesStart + $0 * 12 + 12)]) }
        entries.insert(le16(0x0112) + le16(3) + le32(1) + value, at: insertAt)
        let next = Array(b[(entriesStart + count * 12)..<(entriesStart + count * 12 + 4)])
        var tiff = Array(b[t..<end])
        if tiff.count % 2 == 1 { tiff.append(0) }
        let newIFD = tiff.count
        tiff.replaceSubrange(4..<8, with: le32(newIFD))
        tiff += le16(count + 1) + entries.flatMap { $0 } + next
        let length = 2 + 6 + tiff.count
        guard length <= 0xFFFF else { throw .exifTooLarge }
        let newSegment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array(b[(segment.lowerBound + 4)..<t]) + tiff
        return (nil, ByteSplice(offset: segment.lowerBound, removed: Array(b[segment]), inserted: newSegment))
    }
}
