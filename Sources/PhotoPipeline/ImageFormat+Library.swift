/// The formats read through their own libraries: WebP, HEIF/HEIC, AVIF, GIF, TIFF and camera RAW files.
extension ImageFormat {
    /// Lowercase file-name extensions of these formats (the scanner lists files by extension; the decoder then
    /// sniffs the content).
    public static let libraryExtensions: [String: ImageFormat] = {
        var table: [String: ImageFormat] = [
            "webp": .webp, "heic": .heif, "heif": .heif, "hif": .heif, "avif": .avif, "gif": .gif,
            "tif": .tiff, "tiff": .tiff,
        ]
        for ext in rawExtensions { table[ext] = .raw }
        return table
    }()

    /// Camera RAW extensions libraw reads (Canon, Nikon, Sony, Adobe DNG, Fujifilm, Olympus/OM, Panasonic/Leica,
    /// Pentax, Samsung, Sigma, Hasselblad, Phase One, Leaf, Minolta, Epson, Kodak, Mamiya, GoPro).
    static let rawExtensions = ["cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "dng", "raf", "orf", "ori",
                                "rw2", "rwl", "raw", "pef", "ptx", "srw", "x3f", "3fr", "fff", "iiq", "mos", "mrw",
                                "erf", "kdc", "dcr", "k25", "mef", "gpr"]

    static func libraryFormat(extension ext: String) -> ImageFormat? { libraryExtensions[ext] }

    /// MIME types as shared-mime-info names them; RAW files get the common parent type of camera RAW formats.
    var libraryMimeType: String {
        switch self {
        case .webp: return "image/webp"
        case .heif: return "image/heif"
        case .avif: return "image/avif"
        case .gif: return "image/gif"
        case .tiff: return "image/tiff"
        case .raw: return "image/x-dcraw"
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        }
    }

    /// Sniffs WebP, HEIF/AVIF (ISO-BMFF `ftyp` brands), GIF, TIFF and RAW from a file's first bytes. A file with a
    /// TIFF header is RAW when its first directory looks like a camera's (see `tiffLooksLikeRaw`); that needs the
    /// directory within `prefix` (it is at byte 8 in camera files), otherwise it counts as TIFF.
    static func sniffLibraryFormat<C: Collection>(_ prefix: C) -> ImageFormat? where C.Element == UInt8 {
        let head = Array(prefix.prefix(64))
        func ascii(_ offset: Int, _ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if ascii(0, "GIF87a") || ascii(0, "GIF89a") { return .gif }
        if ascii(0, "RIFF"), ascii(8, "WEBP") { return .webp }
        if ascii(4, "ftyp") { return isoBrandFormat(head) }
        if ascii(0, "II*\0") || ascii(0, "MM\0*") {
            return tiffLooksLikeRaw(Array(prefix.prefix(64 * 1024))) ? .raw : .tiff
        }
        if ascii(0, "II+\0") || ascii(0, "MM\0+") { return .tiff } // BigTIFF
        // RAW formats with their own headers: Fujifilm RAF, Olympus ORF, Panasonic RW2, Canon CRW, Sigma X3F, Minolta MRW.
        if ascii(0, "FUJIFILMCCD-RAW") || ascii(0, "IIRO") || ascii(0, "IIRS") || ascii(0, "MMOR") || ascii(0, "IIU\0")
            || ascii(6, "HEAPCCDR") || ascii(0, "FOVb") || ascii(0, "\0MRM") { return .raw }
        return nil
    }

    /// HEIF, AVIF or RAW (Canon CR3) from an ISO-BMFF `ftyp` box at the start of `head`; nil for other brands
    /// (MP4 and QuickTime videos).
    static func isoBrandFormat(_ head: [UInt8]) -> ImageFormat? {
        guard head.count >= 12 else { return nil }
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        var brands = [String(decoding: head[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= min(size, head.count) {
            brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        if brands.contains("crx ") { return .raw }
        let avif: Set<String> = ["avif", "avis"]
        let heif: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
        if avif.contains(brands[0]) { return .avif }
        if heif.contains(brands[0]) { return .heif }
        if brands.contains(where: avif.contains) { return .avif }
        if brands.contains(where: heif.contains) || brands.contains("mif1") || brands.contains("msf1") { return .heif }
        return nil
    }

    /// Whether a file with a TIFF header is a camera RAW file: Canon's CR2 marker, or a first directory with a
    /// DNGVersion tag, SubIFDs (where cameras keep the sensor data), a CFA or LinearRaw photometric
    /// interpretation, or a maker's Make tag with a compression no TIFF reader knows.
    static func tiffLooksLikeRaw(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16 else { return false }
        if bytes[8] == 0x43, bytes[9] == 0x52, bytes[10] == 2 { return true } // "CR" 2: Canon CR2
        let little = bytes[0] == 0x49
        func u16(_ o: Int) -> Int { little ? Int(bytes[o]) | Int(bytes[o + 1]) << 8 : Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        func u32(_ o: Int) -> Int { little ? u16(o) | u16(o + 2) << 16 : u16(o) << 16 | u16(o + 2) }
        let ifd = u32(4)
        guard ifd >= 8, ifd + 2 <= bytes.count else { return false }
        let count = u16(ifd)
        var hasMake = false, oddCompression = false
        for i in 0..<min(count, 512) {
            let entry = ifd + 2 + i * 12
            guard entry + 12 <= bytes.count else { break }
            let tag = u16(entry), type = u16(entry + 2)
            let value = type == 3 ? u16(entry + 8) : u32(entry + 8)
            switch tag {
            case 0xC612, 0x014A: return true // DNGVersion, SubIFDs
            case 0x0106 where value == 32803 || value == 34892: return true // CFA, LinearRaw
            case 0x010F: hasMake = true
            case 0x0103: oddCompression = ![1, 2, 3, 4, 5, 6, 7, 8, 32773, 32946, 34676, 34677, 34712, 34887,
                                             34925, 50000, 50001].contains(value)
            default: break
            }
        }
        return hasMake && oddCompression
    }
}
