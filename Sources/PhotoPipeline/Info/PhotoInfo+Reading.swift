import CExifShim

extension PhotoInfo {
    /// Why a photo's information could not be read at all (its EXIF alone failing is not an error: see
    /// `exifNote`).
    public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: PhotoPath
        public var reason: String
        public var description: String { "cannot read \(path): \(reason)" }
    }

    /// Reads the file's status, its header (pixel size) and its EXIF (through libexif) — synchronous file
    /// access: call it off the UI thread. EXIF is read from a JPEG's APP1 segment within the first 256 KiB.
    public static func read(_ path: PhotoPath) -> Result<PhotoInfo, ReadError> {
        guard let st = FileBytes.status(path) else {
            return .failure(ReadError(path: path, reason: "no such file or not accessible"))
        }
        let prefix: [UInt8]
        switch FileBytes.readPrefix(path, count: 256 * 1024) {
        case .success(let b): prefix = b
        case .failure(let e): return .failure(ReadError(path: path, reason: "\(e)"))
        }
        var info = PhotoInfo(
            fileName: path.lastComponent, folder: PosixFiles.parent(of: path).string,
            fileSize: Int64(st.st_size),
            modificationTime: Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9, hasLocation: false)
        let decoder = ImageDecoder()
        // The whole file's header when the prefix does not hold the colour profile (a large JPEG ICC profile).
        let fromPrefix = try? decoder.readHeader(bytes: prefix)
        let complete = fromPrefix.map { $0.colour.profile != nil || Int64(prefix.count) >= Int64(st.st_size) } ?? false
        if let header = complete ? fromPrefix : ((try? decoder.readHeader(path: path)) ?? fromPrefix) {
            let swap = header.orientation.swapsDimensions
            info.pixelWidth = swap ? header.height : header.width
            info.pixelHeight = swap ? header.width : header.height
            info.colourSpace = header.colour.name
            info.colourNote = header.colour.note
        }
        info.applyExif(from: prefix)
        return .success(info)
    }

    /// Fills the EXIF fields from a file's first bytes (a JPEG's APP1 Exif payload) through libexif.
    mutating func applyExif(from prefix: [UInt8]) {
        guard ImageFormat.sniff(prefix) == .jpeg else { exifNote = "no EXIF read for this format"; return }
        guard let segment = Self.exifSegment(in: prefix) else { exifNote = "no EXIF"; return }
        let payload = Array(prefix[(segment.lowerBound + 4)..<min(segment.upperBound, prefix.count)])
        var fields = ps_exif_fields()
        let code = payload.withUnsafeBufferPointer { ps_exif_read($0.baseAddress, $0.count, &fields) }
        guard code == PS_EXIF_OK else {
            exifNote = code == PS_EXIF_ERR_NO_EXIF ? "EXIF unreadable" : "EXIF not read (error \(code))"
            return
        }
        func text<T>(_ field: T) -> String? {
            withUnsafeBytes(of: field) { raw in
                let bytes = raw.prefix { $0 != 0 }
                return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            }
        }
        cameraMake = text(fields.make)
        cameraModel = text(fields.model)
        lens = text(fields.lens_model)
        dateTaken = text(fields.date_time_original) ?? text(fields.date_time_digitized)
        dateTakenSeconds = dateTaken.flatMap(ExifDate.wallClockSeconds)
        if dateTakenSeconds == nil { dateTaken = nil }
        exposureTime = fields.exposure_time > 0 ? fields.exposure_time : nil
        fNumber = fields.f_number > 0 ? fields.f_number : nil
        focalLength = fields.focal_length > 0 ? fields.focal_length : nil
        focalLength35mm = fields.focal_length_35mm > 0 ? Int(fields.focal_length_35mm) : nil
        iso = fields.iso > 0 ? Int(fields.iso) : nil
        orientation = ExifOrientation(rawValue: Int(fields.orientation))
        hasLocation = fields.has_gps_position != 0
    }
}

extension PhotoInfo {
    /// Only the EXIF date taken (DateTimeOriginal, else DateTimeDigitized) as wall-clock seconds, for the
    /// "taken" sort; nil when the file has none or cannot be read. Reads the first 16 KiB (where cameras put
    /// IFD0 and the Exif IFD, before the maker note and the embedded thumbnail) and only when the date is not
    /// in there the first 256 KiB. Synchronous file access: call it off the UI thread.
    public static func takenSeconds(_ path: PhotoPath) -> Int64? {
        var info = PhotoInfo(fileName: "", folder: "", fileSize: 0, modificationTime: 0, hasLocation: false)
        for count in [16 * 1024, 256 * 1024] {
            guard case .success(let prefix) = FileBytes.readPrefix(path, count: count) else { return nil }
            info.applyExif(from: prefix)
            if info.dateTakenSeconds != nil || prefix.count < count { break }
            guard let segment = exifSegment(in: prefix), segment.upperBound > prefix.count else { break }
        }
        return info.dateTakenSeconds
    }

    /// The first APP1 Exif segment (marker offset ..< end as its length field says; the end may lie past the
    /// prefix when the prefix is a cut of the file). Tolerant: nil on anything unexpected.
    static func exifSegment(in b: [UInt8]) -> Range<Int>? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= b.count, b[offset] == 0xFF {
            let marker = b[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            guard length >= 2 else { return nil }
            if marker == 0xE1, length >= 16, offset + 10 <= b.count,
               b[(offset + 4)..<(offset + 10)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return offset..<(offset + 2 + length)
            }
            offset += 2 + length
        }
        return nil
    }
}
