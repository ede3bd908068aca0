/// Reading only what a file's header says: stored size, format, orientation.
extension ImageDecoder {
    /// Reads only the header of the file at `path`: the first 128 KB (sniffing, IHDR, the EXIF segment), and
    /// for a JPEG the markers up to the frame header, streamed (large segments are skipped, not read).
    public func readHeader(path: PhotoPath) throws(DecodeError) -> ImageHeader {
        try readHeader(file: try open(path))
    }

    /// The same on an open file.
    public func readHeader(file: SafeFile) throws(DecodeError) -> ImageHeader {
        let prefix = try file.read(count: Self.prefixBytes).get()
        if prefix.isEmpty { throw .empty }
        switch ImageFormat.sniff(prefix) {
        case .jpeg:
            let out = try JPEGCodec.decode(file: file, targetLongestSide: nil, limits: headerLimits, headerOnly: true).get()
            let exif = ExifInfo.parse(jpeg: prefix)
            return ImageHeader(width: out.imageWidth, height: out.imageHeight, format: .jpeg,
                               orientation: exif?.orientation ?? .normal, colour: out.colour.declaring(exif: exif))
        case .png:
            var header = try pngHeader(prefix)
            if case .success(let png) = PNGCodec.read(file: file, options: .init(headerOnly: true, wantTexts: false)) {
                header.colour = png.colour
            }
            return header
        case let other?:
            return try readLibraryHeader(other, bytes: try file.read(count: file.byteLimit).get())
        case nil:
            throw .unsupportedFormat
        }
    }

    /// Reads only the header of in-memory file bytes.
    public func readHeader(bytes: [UInt8]) throws(DecodeError) -> ImageHeader {
        if bytes.isEmpty { throw .empty }
        switch ImageFormat.sniff(bytes) {
        case .jpeg:
            let out = try JPEGCodec.decode(bytes, targetLongestSide: nil, limits: headerLimits, headerOnly: true).get()
            let exif = ExifInfo.parse(jpeg: bytes)
            return ImageHeader(width: out.imageWidth, height: out.imageHeight, format: .jpeg,
                               orientation: exif?.orientation ?? .normal, colour: out.colour.declaring(exif: exif))
        case .png:
            var header = try pngHeader(bytes)
            if case .success(let png) = PNGCodec.read(bytes: bytes, maxPixels: 0, headerOnly: true) { header.colour = png.colour }
            return header
        case let other?:
            return try readLibraryHeader(other, bytes: bytes)
        case nil:
            throw .unsupportedFormat
        }
    }

    /// No pixel limit when only the header is read (nothing is allocated for the pixels).
    private var headerLimits: DecodeLimits {
        var unlimited = limits
        unlimited.maxSourcePixels = 0
        return unlimited
    }

    /// PNG IHDR: width and height are big-endian at bytes 16..<24.
    private func pngHeader(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader {
        guard bytes.count >= 24 else { throw .corrupt("truncated PNG header") }
        func be(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
        return ImageHeader(width: be(16), height: be(20), format: .png, orientation: .normal)
    }
}
