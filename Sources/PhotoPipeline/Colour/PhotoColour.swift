/// The colour space a photo's pixels are encoded in, as its file declares it.
public struct PhotoColour: Sendable {
    /// The source profile; nil when the file declares none (or one that cannot be used): sRGB is assumed.
    public var profile: ColourProfile?
    /// Why a declared colour description was not used ("the colour profile's tag table is absurd"), for the
    /// information panel; nil when nothing was wrong.
    public var note: String?

    public init(profile: ColourProfile? = nil, note: String? = nil) {
        self.profile = profile; self.note = note
    }

    /// The name shown in the information panel: "Adobe RGB (1998)", "Display P3", "sRGB (assumed)".
    public var name: String { profile?.name ?? "sRGB (assumed)" }

    /// Nothing declared: sRGB assumed.
    public static let assumed = PhotoColour()

    /// The profile to convert from: the declared one, else sRGB.
    public var sourceProfile: ColourProfile { profile ?? .sRGB }

    /// A file's declarations in the order that takes precedence: an ICC profile, then H.273 codes (cICP/nclx), then a
    /// PNG's sRGB chunk, then its gAMA (with cHRM). An unusable declaration is skipped with its reason kept.
    static func resolve(icc: [UInt8]?, cicp: (primaries: Int, transfer: Int)? = nil, declaresSRGB: Bool = false,
                        pngGamma: Double? = nil, chromaticities: [Double]? = nil) -> PhotoColour {
        var note: String?
        if let icc, !icc.isEmpty {
            do throws(ColourProfileError) {
                return PhotoColour(profile: try ColourProfile(icc: icc))
            } catch {
                note = "embedded colour profile ignored: \(error.reason)"
            }
        }
        if let cicp {
            do throws(ColourProfileError) {
                return PhotoColour(profile: try ColourProfile(cicpPrimaries: cicp.primaries, transfer: cicp.transfer), note: note)
            } catch {
                note = note ?? "colour description ignored: \(error.reason)"
            }
        }
        if declaresSRGB { return PhotoColour(profile: .sRGB, note: note) }
        if let gamma = pngGamma {
            // gAMA 1/2.2 with sRGB's chromaticities or none is how PNG writers (ImageMagick, libpng's
            // png_set_sRGB_gAMA_and_cHRM) say "sRGB"; viewers show it as sRGB, not as a pure 2.2 curve.
            if abs(gamma - 0.45455) < 0.0005, chromaticities.map(Self.areSRGB) ?? true {
                return PhotoColour(profile: .sRGB, note: note)
            }
            do throws(ColourProfileError) {
                return PhotoColour(profile: try ColourProfile(pngGamma: gamma, chromaticities: chromaticities), note: note)
            } catch {
                note = note ?? "gamma ignored: \(error.reason)"
            }
        }
        return PhotoColour(note: note)
    }

    /// A JPEG's colour with what its EXIF says: without an ICC profile, DCF's Adobe RGB option (`ExifInfo`).
    func declaring(exif: ExifInfo?) -> PhotoColour {
        guard profile == nil, exif?.declaresAdobeRGB == true else { return self }
        return PhotoColour(profile: .adobeRGB, note: note)
    }

    /// The same from a shim's malloc'ed profile bytes (nil or 0 bytes: none).
    static func resolve(iccPointer: UnsafePointer<UInt8>?, length: Int, cicpPrimaries: Int32 = 0,
                        cicpTransfer: Int32 = 0) -> PhotoColour {
        let icc = iccPointer.map { Array(UnsafeBufferPointer(start: $0, count: length)) }
        let cicp = cicpPrimaries > 0 ? (Int(cicpPrimaries), Int(cicpTransfer)) : nil
        return resolve(icc: icc, cicp: cicp)
    }

    /// cHRM values (white, red, green, blue x,y) within PNG's precision of sRGB's (BT.709 primaries, D65).
    static func areSRGB(_ c: [Double]) -> Bool {
        let srgb = [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
        return c.count == 8 && zip(c, srgb).allSatisfy { abs($0 - $1) < 0.0015 }
    }
}
