/// Writes small Exif blocks for tests: IFD0, an optional Exif sub-IFD and GPS IFD, in either byte order.
/// Values longer than 4 bytes go to a data area after each IFD, as cameras write them.
enum ExifWriter {
    enum Value {
        case ascii(String)
        case short(Int)
        case long(Int)
        case rational(Int, Int)
    }
    typealias Entry = (tag: Int, value: Value)

    /// The APP1 payload: "Exif\0\0" + TIFF.
    static func payload(ifd0: [Entry], exif: [Entry] = [], gps: [Entry] = [], bigEndian: Bool = false) -> [UInt8] {
        var out = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49] as [UInt8]
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        out += u16(42) + u32(8)
        func encode(_ v: Value) -> (type: Int, count: Int, bytes: [UInt8]) {
            switch v {
            case .ascii(let s): let b = Array(s.utf8) + [0]; return (2, b.count, b)
            case .short(let x): return (3, 1, u16(x))
            case .long(let x): return (4, 1, u32(x))
            case .rational(let n, let d): return (5, 1, u32(n) + u32(d))
            }
        }
        func size(_ entries: [Entry]) -> Int {
            2 + entries.count * 12 + 4 + entries.map { let b = encode($0.value).bytes; return b.count > 4 ? (b.count + 1) / 2 * 2 : 0 }.reduce(0, +)
        }
        var ifd0 = ifd0
        let ifd0Size = size(ifd0 + (exif.isEmpty ? [] : [(0x8769, .long(0))]) + (gps.isEmpty ? [] : [(0x8825, .long(0))]))
        let exifOffset = 8 + ifd0Size, gpsOffset = exifOffset + (exif.isEmpty ? 0 : size(exif))
        if !exif.isEmpty { ifd0.append((0x8769, .long(exifOffset))) }
        if !gps.isEmpty { ifd0.append((0x8825, .long(gpsOffset))) }
        func ifd(_ entries: [Entry], at offset: Int) -> [UInt8] {
            let sorted = entries.sorted { $0.tag < $1.tag }
            var table = u16(sorted.count), data: [UInt8] = []
            let dataStart = offset + 2 + sorted.count * 12 + 4
            for e in sorted {
                let (type, count, bytes) = encode(e.value)
                table += u16(e.tag) + u16(type) + u32(count)
                if bytes.count <= 4 {
                    table += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
                } else {
                    table += u32(dataStart + data.count)
                    data += bytes
                    if data.count % 2 == 1 { data.append(0) }
                }
            }
            return table + u32(0) + data
        }
        out += ifd(ifd0, at: 8)
        if !exif.isEmpty { out += ifd(exif, at: exifOffset) }
        if !gps.isEmpty { out += ifd(gps, at: gpsOffset) }
        return [0x45, 0x78, 0x69, 0x66, 0, 0] + out
    }

    /// A camera-like block: make, model, date, exposure 1/250 s, f/2.8, ISO 400, 35 mm, lens; GPS when asked.
    static func camera(orientation: Int? = nil, gps: Bool = false, bigEndian: Bool = false) -> [UInt8] {
        var ifd0: [Entry] = [(0x010F, .ascii("Fujifilm")), (0x0110, .ascii("X-T30")), (0x0132, .ascii("2024:05:02 10:00:00"))]
        if let orientation { ifd0.append((0x0112, .short(orientation))) }
        let exif: [Entry] = [(0x829A, .rational(1, 250)), (0x829D, .rational(28, 10)), (0x8827, .short(400)),
                             (0x9003, .ascii("2024:05:01 18:30:05")), (0x920A, .rational(350, 10)),
                             (0xA434, .ascii("XF35mmF2 R WR"))]
        let gpsEntries: [Entry] = gps ? [(0x0001, .ascii("N")), (0x0002, .rational(41, 1)), (0x0003, .ascii("W")), (0x0004, .rational(8, 1))] : []
        return payload(ifd0: ifd0, exif: exif, gps: gpsEntries, bigEndian: bigEndian)
    }
}
