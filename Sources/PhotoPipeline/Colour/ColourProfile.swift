import CColour

/// A colour profile opened by lcms2: an embedded ICC profile, one built from H.273 codes (HEIF/AVIF nclx, PNG
/// cICP) or from a PNG's gAMA/cHRM, or the built-in sRGB. Immutable and shared between threads; conversions
/// between two profiles go through the shim's transform cache (`PixelImage+Colour.swift`).
public final class ColourProfile: @unchecked Sendable, CustomStringConvertible {
    /// What a profile's pixels hold.
    public enum Space: Sendable { case rgb, gray, cmyk }

    let handle: OpaquePointer
    /// The profile's description ("Adobe RGB (1998)", "Display P3"), for the information panel.
    public let name: String
    public let space: Space
    /// Equal for profiles of equal content.
    public let id: UInt64

    /// The built-in sRGB (IEC 61966-2.1): what thumbnails, the clipboard and a display without a profile use.
    public static let sRGB = ColourProfile(adopting: ps_colour_profile_srgb())

    /// Adobe RGB (1998), built from its specification: what a camera JPEG declares in EXIF alone (DCF's option colour
    /// space: ColorSpace uncalibrated, InteroperabilityIndex "R03").
    public static let adobeRGB = ColourProfile(adopting: ps_colour_profile_adobe_rgb())

    private init(adopting handle: OpaquePointer) {
        self.handle = handle
        var text = [CChar](repeating: 0, count: 128)
        ps_colour_profile_description(handle, &text, text.count)
        name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch ps_colour_profile_space(handle) {
        case Int32(PS_COLOUR_SPACE_GRAY): space = .gray
        case Int32(PS_COLOUR_SPACE_CMYK): space = .cmyk
        default: space = .rgb
        }
        id = ps_colour_profile_id(handle)
    }

    deinit { ps_colour_profile_release(handle) }

    /// Opens ICC profile bytes; a damaged or absurd profile (size, signature, tag table, what lcms2 refuses)
    /// throws the reason.
    public convenience init(icc: [UInt8]) throws(ColourProfileError) {
        let handle = try Self.make { out, message in
            icc.withUnsafeBufferPointer { ps_colour_profile_from_icc($0.baseAddress, $0.count, &out, message) }
        }
        self.init(adopting: handle)
    }

    /// A profile from H.273 colour primaries and transfer characteristics (see `ps_colour_profile_from_cicp`).
    public convenience init(cicpPrimaries primaries: Int, transfer: Int) throws(ColourProfileError) {
        let handle = try Self.make { out, message in
            ps_colour_profile_from_cicp(Int32(clamping: primaries), Int32(clamping: transfer), &out, message)
        }
        self.init(adopting: handle)
    }

    /// A profile from a PNG's gAMA (file gamma, 0.45455 for 1/2.2) and cHRM (white, red, green, blue x,y; nil
    /// for sRGB's primaries).
    public convenience init(pngGamma gamma: Double, chromaticities: [Double]?) throws(ColourProfileError) {
        let handle = try Self.make { out, message in
            if let c = chromaticities, c.count == 8 {
                return c.withUnsafeBufferPointer { ps_colour_profile_from_gamma(gamma, $0.baseAddress, &out, message) }
            }
            return ps_colour_profile_from_gamma(gamma, nil, &out, message)
        }
        self.init(adopting: handle)
    }

    private static func make(_ body: (inout OpaquePointer?, UnsafeMutablePointer<CChar>) -> Int32) throws(ColourProfileError) -> OpaquePointer {
        var out: OpaquePointer?
        var message = [CChar](repeating: 0, count: Int(PS_COLOUR_MESSAGE_LENGTH))
        let code = message.withUnsafeMutableBufferPointer { body(&out, $0.baseAddress!) }
        guard code == PS_COLOUR_OK, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ColourProfileError(reason: text.isEmpty ? "the colour profile cannot be used (error \(code))" : text)
        }
        return out
    }

    /// True when converting from this profile to `other` changes no 8-bit value by more than 1 (cached): the
    /// conversion is skipped.
    public func isEquivalent(to other: ColourProfile) -> Bool {
        ps_colour_profiles_equivalent(handle, other.handle) != 0
    }

    public var description: String { name }
}

/// Why a colour profile could not be used.
public struct ColourProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
