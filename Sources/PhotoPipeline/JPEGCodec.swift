import CJPEG

/// The raw result of the C JPEG shim, before orientation.
struct JPEGDecodeOutput {
    var image: PixelImage?
    var imageWidth: Int
    var imageHeight: Int
    var scaleDenominator: Int
    var warnings: [String]
    /// The data ended before the image (truncated file): the rest is libjpeg's grey padding.
    var truncated: Bool
    /// Decode budget still reserved for the output: the caller releases it (`DecodeBudget.release`).
    var reservedBytes: Int
    /// The pixels came from the 1/8-scale DC-only decoder (CJPEG jpeg_dc_decoder.h), not from libjpeg.
    var dcDecoded: Bool = false
    /// The embedded ICC profile (APP2), resolved; `image` is in it unless `convertedTo` says otherwise.
    var colour: PhotoColour = .assumed
    /// The profile a CMYK file's pixels were converted to (sRGB), nil for RGB and grey files.
    var convertedTo: ColourProfile?
}

/// Swift face of the CJPEG shim. The only file (with PNGCodec) that touches the C buffers.
public enum JPEGCodec {
    /// The DCT scale denominator (1, 2, 4 or 8) picked for an image of `width` × `height` pixels so that the
    /// output's longest side still covers `targetLongestSide` pixels (nil = full size).
    public static func scaleDenominator(width: Int, height: Int, targetLongestSide: Int?) -> Int {
        Int(ps_jpeg_pick_scale(Int32(clamping: width), Int32(clamping: height), Int32(clamping: targetLongestSide ?? 0)))
    }

    /// `downscaleLongestSide` > 0: the output is box-downscaled to that longest side inside the shim (no
    /// full-size buffer is allocated; same result as `PixelImage.downscaled(toLongestSide:)`).
    /// `outputCopies`: copies of the output the caller makes before releasing `reservedBytes` (rotation).
    /// `dcDecoder`: at scale 1/8, let the DC-only decoder take baseline files (false: libjpeg only, for tests).
    static func decode(_ bytes: [UInt8], targetLongestSide: Int?, limits: DecodeLimits,
                       headerOnly: Bool = false, downscaleLongestSide: Int = 0,
                       outputCopies: Int = 0, dcDecoder: Bool = true) -> Result<JPEGDecodeOutput, DecodeError> {
        if bytes.isEmpty { return .failure(.empty) }
        var options = makeOptions(targetLongestSide: targetLongestSide, limits: limits, headerOnly: headerOnly,
                                  downscaleLongestSide: downscaleLongestSide, outputCopies: outputCopies)
        options.dc_decoder = dcDecoder ? 1 : 0
        var result = ps_jpeg_result()
        let code = bytes.withUnsafeBufferPointer { ps_jpeg_decode_memory($0.baseAddress, $0.count, &options, &result) }
        return finish(code: code, result: &result)
    }

    /// The same, streamed from an open file (never more than `file.byteLimit` bytes, 64 KB at a time).
    static func decode(file: SafeFile, targetLongestSide: Int?, limits: DecodeLimits,
                       headerOnly: Bool = false, downscaleLongestSide: Int = 0,
                       outputCopies: Int = 0, dcDecoder: Bool = true) -> Result<JPEGDecodeOutput, DecodeError> {
        var options = makeOptions(targetLongestSide: targetLongestSide, limits: limits, headerOnly: headerOnly,
                                  downscaleLongestSide: downscaleLongestSide, outputCopies: outputCopies)
        options.dc_decoder = dcDecoder ? 1 : 0
        var result = ps_jpeg_result()
        let code = ps_jpeg_decode_fd(file.descriptor, Int64(file.byteLimit), &options, &result)
        return finish(code: code, result: &result)
    }

    private static func makeOptions(targetLongestSide: Int?, limits: DecodeLimits, headerOnly: Bool,
                                    downscaleLongestSide: Int, outputCopies: Int) -> ps_jpeg_options {
        var options = ps_jpeg_options()
        ps_jpeg_default_options(&options)
        options.target_longest_side = Int32(clamping: targetLongestSide ?? 0)
        options.max_source_pixels = Int64(limits.maxSourcePixels)
        options.max_scaled_output_pixels = Int64(limits.maxScaledOutputPixels)
        options.max_working_memory = Int64(limits.maxWorkingMemory)
        options.header_only = headerOnly ? 1 : 0
        options.downscale_longest_side = Int32(clamping: downscaleLongestSide)
        options.output_copies = Int32(clamping: outputCopies)
        options.budget_wait_ms = DecodeBudget.waitMilliseconds
        options.keep_cmyk = 1
        return options
    }

    private static func finish(code: Int32, result: inout ps_jpeg_result) -> Result<JPEGDecodeOutput, DecodeError> {
        let message = withUnsafeBytes(of: &result.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let colour = PhotoColour.resolve(iccPointer: result.icc, length: Int(result.icc_length))
        if let icc = result.icc { ps_jpeg_free(icc) }
        if code == PS_JPEG_OK, result.cmyk_raw != 0, let pixels = result.pixels {
            // CMYK through its profile (to sRGB: the pixels a JPEG decode returns are then RGB in the sRGB profile),
            // or the naive formula when the profile cannot be used.
            let inverted = result.saw_adobe_marker != 0
            let converted = colour.profile.map { profile in
                PixelImage.convertCMYK(pixels, width: Int(result.width), height: Int(result.height),
                                       stride: Int(result.stride), profile: profile, inverted: inverted, to: .sRGB)
            } ?? false
            if !converted { ps_jpeg_cmyk_to_argb(pixels, result.width, result.height, result.stride, inverted ? 1 : 0) }
        }
        switch Int32(code) {
        case Int32(PS_JPEG_OK): break
        case Int32(PS_JPEG_ERR_EMPTY): return .failure(.empty)
        case Int32(PS_JPEG_ERR_TOO_LARGE): return .failure(.tooLarge(message))
        case Int32(PS_JPEG_ERR_NOMEM): return .failure(.outOfMemory(message))
        case Int32(PS_JPEG_ERR_OPEN): return .failure(.unreadable(message))
        case Int32(PS_JPEG_ERR_BUSY): return .failure(.busy(message))
        default: return .failure(.corrupt(message.isEmpty ? "libjpeg error" : message))
        }
        var image: PixelImage?
        if let pixels = result.pixels {
            let bytes = Int(result.stride) * Int(result.height)
            let deallocator: @Sendable (UnsafeMutableRawPointer) -> Void
            if result.pixels_mapped != 0 { deallocator = { ps_jpeg_unmap_pixels($0, bytes) } } else { deallocator = { ps_jpeg_free($0) } }
            image = PixelImage(adopting: UnsafeMutableRawPointer(pixels), width: Int(result.width),
                               height: Int(result.height), stride: Int(result.stride),
                               deallocate: deallocator)
        }
        return .success(JPEGDecodeOutput(image: image, imageWidth: Int(result.image_width),
                                         imageHeight: Int(result.image_height),
                                         scaleDenominator: Int(result.scale_denom),
                                         warnings: result.warnings > 0 ? [message] : [],
                                         truncated: result.truncated != 0,
                                         reservedBytes: Int(result.reserved_bytes),
                                         dcDecoded: result.dc_decoded != 0,
                                         colour: colour, convertedTo: result.cmyk_raw != 0 ? .sRGB : nil))
    }

    /// How `encode` stores pixels.
    public enum EncodeKind: Int32, Sendable {
        /// 3 bytes per pixel, R G B.
        case rgb = 0
        /// 1 byte per pixel.
        case gray = 1
        /// 4 bytes per pixel, Adobe-inverted C M Y K (255 = no ink), written with an Adobe marker.
        case cmyk = 2
        /// Same input as `.cmyk`, stored as YCCK.
        case ycck = 3
    }

    /// Encodes `pixels` (layout per `kind`) as a JPEG. `app1`: an optional APP1 payload (e.g. Exif).
    /// Used by tests and the bench generator.
    public static func encode(pixels: [UInt8], width: Int, height: Int, kind: EncodeKind = .rgb, quality: Int = 90,
                              progressive: Bool = false, subsample420: Bool = true, app1: [UInt8]? = nil) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(PS_JPEG_MESSAGE_LENGTH))
        let code = pixels.withUnsafeBufferPointer { px in
            (app1 ?? []).withUnsafeBufferPointer { marker in
                ps_jpeg_encode(px.baseAddress, Int32(width), Int32(height), kind.rawValue, Int32(quality),
                               progressive ? 1 : 0, subsample420 ? 1 : 0,
                               app1 == nil ? nil : marker.baseAddress, marker.count, &output, &length, &message)
            }
        }
        guard code == PS_JPEG_OK, let output else { return nil }
        defer { ps_jpeg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
