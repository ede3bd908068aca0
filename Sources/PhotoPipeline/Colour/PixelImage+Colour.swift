import CColour

/// Colour conversion of decoded images (lcms2 through CColour), on the loader threads.
extension PixelImage {
    /// Converts the pixels in place from `from` to `to`; nothing happens when the two are equivalent. Only for
    /// an image not yet shared with another thread (right after its decode). Returns why it failed, or nil.
    @discardableResult
    func convertColourInPlace(from: ColourProfile, to: ColourProfile) -> String? {
        if from === to || from.id == to.id { return nil }
        var message = [CChar](repeating: 0, count: Int(PS_COLOUR_MESSAGE_LENGTH))
        let code = withUnsafeMutableBytes { raw -> Int32 in
            let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return ps_colour_convert(from.handle, to.handle, PS_COLOUR_LAYOUT_ARGB32, p, stride, p, stride,
                                     Int32(width), Int32(height), &message)
        }
        guard code != PS_COLOUR_OK else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A converted copy (`self` when the profiles are equivalent).
    func convertingColour(from: ColourProfile, to: ColourProfile) -> PixelImage {
        if from === to || from.id == to.id || from.isEquivalent(to: to) { return self }
        let copy = PixelImage.make(width: width, height: height) { words in
            withUnsafeBytes { raw in
                for y in 0..<height {
                    (UnsafeMutableRawPointer(words) + y * width * 4)
                        .copyMemory(from: raw.baseAddress! + y * stride, byteCount: width * 4)
                }
            }
        }
        copy.convertColourInPlace(from: from, to: to)
        return copy
    }

    /// Converts a decoder's CMYK bytes (4 per pixel C, M, Y, K; `inverted`: Adobe's 255 = no ink) in place into
    /// opaque ARGB32 through `profile` to `to`. False when the profile is not a CMYK one lcms2 can convert from
    /// (the bytes are then unchanged).
    static func convertCMYK(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                            profile: ColourProfile, inverted: Bool, to: ColourProfile) -> Bool {
        guard profile.space == .cmyk else { return false }
        return ps_colour_convert(profile.handle, to.handle, inverted ? PS_COLOUR_LAYOUT_CMYK_INVERTED : PS_COLOUR_LAYOUT_CMYK,
                                 pixels, stride, pixels, stride, Int32(width), Int32(height), nil) == PS_COLOUR_OK
    }
}
