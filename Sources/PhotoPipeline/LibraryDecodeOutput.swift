import CDecodeOut

/// What one of the format shims (WebP, HEIF, GIF, TIFF, RAW) produced, its C buffers adopted.
struct LibraryDecodeOutput {
    /// The pixels at the output size (premultiplied ARGB32); nil for a header-only read or a RAW preview that
    /// came back as `encoded` bytes.
    var image: PixelImage?
    /// The source size in pixels as the shim reports it (see each codec).
    var imageWidth: Int
    var imageHeight: Int
    /// Orientation still to apply to `image` for display.
    var pendingOrientation: ExifOrientation
    /// Orientation the file declares (`.normal` when none, or when the library applied it as part of the format).
    var storedOrientation: ExifOrientation
    /// Frames in the file when the format says so without decoding them (animated WebP), else 0 or 1.
    var frameCount: Int
    /// Library warnings (the image may be partial).
    var warnings: [String]
    /// Encoded bytes handed back instead of pixels (a RAW file's JPEG preview).
    var encoded: [UInt8]?
    /// The output was made from an embedded thumbnail or preview, not the full image.
    var fromThumbnail: Bool
    /// Bytes the memory gate granted this decode: give them back (`LibraryDecode.release`) once done with the
    /// image and its copies.
    var reservedBytes: Int
    /// The colour space the file declares (ICC profile or H.273 codes); `image` is in it.
    var colour: PhotoColour = .assumed
}

/// Runs a format shim over in-memory bytes and turns its result into Swift values. The only place (with the
/// codecs' one-line calls) that touches `ps_decode_result` buffers.
enum LibraryDecode {
    /// The shim entry points share one signature: bytes, length, options, result → PS_DECODE_* code.
    typealias Entry = (UnsafePointer<UInt8>?, Int, UnsafePointer<ps_decode_options>?,
                       UnsafeMutablePointer<ps_decode_result>?) -> Int32

    /// Installs the process-wide memory gate every format shim asks before allocating pixel memory (see
    /// `ps_decode_set_memory_gate`): `reserve(bytes)` returns `PS_DECODE_GATE_OK`, `…_TOO_LARGE` or `…_BUSY`;
    /// nil functions grant everything (the default).
    static func setMemoryGate(reserve: ps_decode_reserve_fn?, release: ps_decode_release_fn?) {
        ps_decode_set_memory_gate(reserve, release)
    }

    /// Gives back what a decode reserved (`LibraryDecodeOutput.reservedBytes`).
    static func release(_ bytes: Int) { ps_decode_release(Int64(bytes)) }

    /// `targetLongestSide`: the output's longest side in pixels (box-downscaled when larger; nil = full size).
    /// `headerOnly`: sizes and orientation only; the pixel budget is then not applied.
    static func run(_ bytes: [UInt8], limits: DecodeLimits, targetLongestSide: Int?, headerOnly: Bool,
                    entry: Entry) -> Result<LibraryDecodeOutput, DecodeError> {
        if bytes.isEmpty { return .failure(.empty) }
        var options = ps_decode_options()
        ps_decode_default_options(&options)
        options.max_source_pixels = headerOnly ? 0 : Int64(limits.maxSourcePixels)
        options.max_single_allocation = Int64(limits.maxWorkingMemory)
        options.target_longest_side = Int32(clamping: targetLongestSide ?? 0)
        options.header_only = headerOnly ? 1 : 0
        var result = ps_decode_result()
        let code = bytes.withUnsafeBufferPointer { entry($0.baseAddress, $0.count, &options, &result) }
        let message = withUnsafeBytes(of: &result.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let colour = PhotoColour.resolve(iccPointer: result.icc, length: Int(result.icc_length),
                                         cicpPrimaries: result.cicp_primaries, cicpTransfer: result.cicp_transfer)
        if let icc = result.icc { ps_decode_free(icc) }
        var encoded: [UInt8]?
        if let pointer = result.encoded {
            encoded = Array(UnsafeBufferPointer(start: pointer, count: result.encoded_length))
            ps_decode_free(pointer)
        }
        var image: PixelImage?
        if let pixels = result.pixels {
            image = PixelImage(adopting: UnsafeMutableRawPointer(pixels), width: Int(result.width),
                               height: Int(result.height), stride: Int(result.stride),
                               deallocate: { ps_decode_free($0) })
        }
        if code != PS_DECODE_OK { release(Int(result.reserved_bytes)) }
        switch Int32(code) {
        case Int32(PS_DECODE_OK): break
        case Int32(PS_DECODE_ERR_BUSY): return .failure(.outOfMemory(message))
        case Int32(PS_DECODE_ERR_EMPTY): return .failure(.empty)
        case Int32(PS_DECODE_ERR_TOO_LARGE): return .failure(.tooLarge(message))
        case Int32(PS_DECODE_ERR_NOMEM): return .failure(.outOfMemory(message))
        case Int32(PS_DECODE_ERR_UNSUPPORTED): return .failure(.unsupported(message))
        default: return .failure(.corrupt(message.isEmpty ? "decoder error \(code)" : message))
        }
        if !headerOnly, image == nil, encoded == nil {
            release(Int(result.reserved_bytes))
            return .failure(.corrupt("no pixels"))
        }
        return .success(LibraryDecodeOutput(
            image: image, imageWidth: Int(result.image_width), imageHeight: Int(result.image_height),
            pendingOrientation: ExifOrientation(rawValue: Int(result.orientation)) ?? .normal,
            storedOrientation: ExifOrientation(rawValue: Int(result.stored_orientation)) ?? .normal,
            frameCount: Int(result.frame_count), warnings: result.warnings > 0 && !message.isEmpty ? [message] : [],
            encoded: encoded, fromThumbnail: result.from_thumbnail != 0, reservedBytes: Int(result.reserved_bytes),
            colour: colour))
    }
}
