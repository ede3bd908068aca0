@testable import PhotoPipeline

/// Minimal DNG files written in the test (Debian has no tool that writes a RAW file with a preview): a TIFF
/// whose first directory is a JPEG preview (NewSubFileType 1) with a DNGVersion tag, Make/Model and an
/// Orientation tag, and one SubIFD holding a small uncompressed 16-bit Bayer (CFA) sensor image — the layout
/// cameras and Adobe's converter write.
enum RawTestFiles {
    /// One directory entry: tag, TIFF type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG) and its values' bytes
    /// (little-endian); `pointsTo` replaces the value with the offset of a data block.
    struct Entry {
        var tag: Int, type: Int, count: Int, bytes: [UInt8]
        var pointsTo: Int? = nil
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    static func short(_ tag: Int, _ values: Int...) -> Entry { Entry(tag: tag, type: 3, count: values.count, bytes: values.flatMap(le16)) }
    static func long(_ tag: Int, _ value: Int) -> Entry { Entry(tag: tag, type: 4, count: 1, bytes: le32(value)) }
    static func ascii(_ tag: Int, _ text: String) -> Entry { Entry(tag: tag, type: 2, count: text.utf8.count + 1, bytes: Array(text.utf8) + [0]) }
    static func byte(_ tag: Int, _ values: [UInt8]) -> Entry { Entry(tag: tag, type: 1, count: values.count, bytes: values) }

    /// A DNG with `preview` (JPEG bytes of `previewWidth` × `previewHeight`) and `orientation` (TIFF/EXIF 1–8).
    /// `previewInIFD0` false leaves the preview out (a RAW file without an embedded preview).
    static func dng(preview: [UInt8], previewWidth: Int, previewHeight: Int, orientation: Int = 1,
                    previewInIFD0: Bool = true) -> [UInt8] {
        let rawSide = 32
        let sensor = [UInt8](repeating: 0x10, count: rawSide * rawSide * 2)
        // Block 0: the preview JPEG, block 1: the sensor data; offsets are filled in below.
        let raw: [Entry] = [
            long(0xFE, 0), long(0x100, rawSide), long(0x101, rawSide), short(0x102, 16), short(0x103, 1),
            short(0x106, 32803), Entry(tag: 0x111, type: 4, count: 1, bytes: [], pointsTo: 1), short(0x115, 1),
            long(0x116, rawSide), long(0x117, sensor.count), short(0x828D, 2, 2), byte(0x828E, [0, 1, 1, 2]),
            long(0xC61D, 65535),
        ]
        var first: [Entry] = [byte(0xC612, [1, 4, 0, 0]), ascii(0x10F, "PhotoStack"), ascii(0x110, "Test DNG"),
                              short(0x112, orientation), ascii(0xC614, "PhotoStack Test DNG")]
        if previewInIFD0 {
            first += [long(0xFE, 1), long(0x100, previewWidth), long(0x101, previewHeight), short(0x102, 8, 8, 8),
                      short(0x103, 7), short(0x106, 6), Entry(tag: 0x111, type: 4, count: 1, bytes: [], pointsTo: 0),
                      short(0x115, 3), long(0x116, previewHeight), long(0x117, preview.count),
                      Entry(tag: 0x14A, type: 4, count: 1, bytes: [], pointsTo: 2)]
        } else {
            first = raw.filter { $0.tag != 0xFE } + first.filter { $0.tag != 0x112 } + [short(0x112, orientation)]
        }
        return layout(ifd0: first, subIFD: previewInIFD0 ? raw : nil, blocks: [preview, sensor])
    }

    /// Writes the header, IFD0, the optional SubIFD (block 2) and the data blocks, word-aligned.
    static func layout(ifd0: [Entry], subIFD: [Entry]?, blocks: [[UInt8]]) -> [UInt8] {
        func ifdSize(_ e: [Entry]) -> Int { 2 + e.count * 12 + 4 + e.reduce(0) { $0 + ($1.bytes.count > 4 ? ($1.bytes.count + 1) & ~1 : 0) } }
        let ifd0Offset = 8
        let subOffset = ifd0Offset + ifdSize(ifd0)
        var blockOffsets: [Int] = []
        var next = subOffset + (subIFD.map(ifdSize) ?? 0)
        for block in blocks { blockOffsets.append(next); next += (block.count + 1) & ~1 }
        func offset(_ index: Int) -> Int { index == 2 ? subOffset : blockOffsets[index] }
        func write(_ entries: [Entry], at start: Int) -> [UInt8] {
            let sorted = entries.sorted { $0.tag < $1.tag }
            var out = le16(sorted.count)
            var extra: [UInt8] = []
            let extraStart = start + 2 + sorted.count * 12 + 4
            for e in sorted {
                out += le16(e.tag) + le16(e.type) + le32(e.count)
                if let target = e.pointsTo { out += le32(offset(target)) }
                else if e.bytes.count <= 4 { out += e.bytes + [UInt8](repeating: 0, count: 4 - e.bytes.count) }
                else {
                    out += le32(extraStart + extra.count)
                    extra += e.bytes + (e.bytes.count % 2 == 1 ? [0] : [])
                }
            }
            return out + le32(0) + extra
        }
        var file: [UInt8] = Array("II*\0".utf8) + le32(ifd0Offset)
        file += write(ifd0, at: ifd0Offset)
        if let subIFD { file += write(subIFD, at: subOffset) }
        for block in blocks { file += block + (block.count % 2 == 1 ? [0] : []) }
        return file
    }
}
