import Foundation
import XCTest
@testable import PhotoPipeline

/// Photos whose pixels are in Adobe RGB or in colord's SwappedRedAndGreen (made by lcms2 from an sRGB original)
/// come back to the original in every format, as a profile-aware decode does; without colour management they do
/// not.
final class ColourManagementTests: XCTestCase {
    var dir = ""
    override func setUp() { dir = TestImages.temporaryDirectory("colour") }

    /// Each format as its encoder writes it with the profile embedded: the file's name and how to make it from a
    /// PNG that carries the profile.
    private func encode(_ png: String, as format: String) throws -> String {
        let out = dir + "/photo-\(UUID().uuidString.prefix(6)).\(format)"
        switch format {
        case "png": try FormatTestFiles.run("cp", [png, out])
        case "jpg": try FormatTestFiles.run("convert", [png, "-quality", "95", out])
        case "tif": try FormatTestFiles.run("convert", [png, "-compress", "lzw", out])
        case "webp": try FormatTestFiles.run("cwebp", ["-quiet", "-metadata", "icc", "-q", "95", png, "-o", out])
        case "heic": try FormatTestFiles.run("heif-enc", ["-q", "95", png, "-o", out])
        default: XCTFail("no encoder for \(format)")
        }
        return out
    }

    private func check(profile: String, formats: [String]) throws {
        let original = try ColourTestFiles.original(in: dir)
        let reference = try ColourTestFiles.pixels(original)
        let converted = dir + "/converted.png"
        try ColourTestFiles.convert(original, to: profile, output: converted)
        for format in formats {
            // The codec's own noise: the original through the same encoder, no profile.
            let plain = try ImageDecoder().decode(path: PhotoPath(try encode(original, as: format))).image
            let noise = ColourTestFiles.rmse(plain, reference)
            let file = try encode(converted, as: format)
            let decoded = try ImageDecoder().decode(path: PhotoPath(file))
            let managed = ColourTestFiles.rmse(decoded.image, reference)
            let raw = ColourTestFiles.rmse(try ImageDecoder().decode(path: PhotoPath(file), colourTarget: nil).image, reference)
            let what = "\(format) in \((profile as NSString).lastPathComponent)"
            XCTAssertLessThan(managed, max(noise * 2, noise + 0.006), "\(what): \(managed) against the codec's noise \(noise)")
            XCTAssertGreaterThan(raw, managed * 2, "\(what): shown without its profile the error would be \(raw)")
            XCTAssertNotNil(decoded.colour.profile, "\(what): the profile was read")
        }
    }

    func testAdobeRGBInEveryFormat() throws {
        try check(profile: ColourTestFiles.adobeRGB, formats: ["jpg", "png", "webp", "tif", "heic"])
    }

    func testSwappedRedAndGreenInEveryFormat() throws {
        try check(profile: ColourTestFiles.swapped, formats: ["jpg", "png", "webp", "tif", "heic"])
    }

    func testProfileNames() throws {
        let original = try ColourTestFiles.original(in: dir)
        let adobe = dir + "/adobe.jpg"
        try ColourTestFiles.convert(original, to: ColourTestFiles.adobeRGB, output: adobe)
        XCTAssertTrue(try ImageDecoder().readHeader(path: PhotoPath(adobe)).colour.name.hasSuffix("Adobe RGB (1998)"))
        XCTAssertEqual(try ImageDecoder().readHeader(path: PhotoPath(original)).colour.name, "sRGB (assumed)")
        // The information panel names it.
        XCTAssertTrue(try PhotoInfo.read(PhotoPath(adobe)).get().colourSpace?.hasSuffix("Adobe RGB (1998)") == true)
        XCTAssertEqual(try PhotoInfo.read(PhotoPath(original)).get().colourSpace, "sRGB (assumed)")
        let p3 = try ColourProfile(cicpPrimaries: 12, transfer: 13)
        XCTAssertEqual(p3.name, "Display P3")
        XCTAssertFalse(p3.isEquivalent(to: .sRGB))
        XCTAssertTrue(try ColourProfile(cicpPrimaries: 1, transfer: 13).isEquivalent(to: .sRGB))
        let srgbFile = try ColourProfile(icc: Array(try Data(contentsOf: URL(fileURLWithPath: ColourTestFiles.sRGB))))
        XCTAssertTrue(srgbFile.isEquivalent(to: .sRGB), "colord's sRGB profile converts nothing")
    }

    func testSixteenBitPNGWithAProfile() throws {
        let original = try ColourTestFiles.original(in: dir)
        let reference = try ColourTestFiles.pixels(original)
        let png16 = dir + "/deep.png"
        try ColourTestFiles.convert(original, to: ColourTestFiles.adobeRGB, output: png16, extra: ["-depth", "16"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: png16))[24], 16, "a 16-bit PNG")
        let decoded = try ImageDecoder().decode(path: PhotoPath(png16)).image
        // Converted from its 16-bit samples, the round trip sRGB → Adobe RGB → sRGB loses nothing an 8-bit pixel
        // shows; reduced to 8 bits first, the conversion rounds twice.
        let deep = ColourTestFiles.rmse(decoded, reference)
        let reduced = try ImageDecoder().decode(path: PhotoPath(png16), colourTarget: nil).image
            .convertingColour(from: try ImageDecoder().readHeader(path: PhotoPath(png16)).colour.sourceProfile, to: .sRGB)
        let shallow = ColourTestFiles.rmse(reduced, reference)
        XCTAssertLessThan(deep, 0.0025)
        XCTAssertLessThan(deep, shallow * 0.7, "the 16-bit samples were converted, not their 8-bit reduction")
    }

    func testCMYKJPEGWithAProfile() throws {
        let original = try ColourTestFiles.original(in: dir)
        let cmyk = dir + "/cmyk.jpg"
        try ColourTestFiles.convert(original, to: ColourTestFiles.cmyk, output: cmyk, extra: ["-quality", "95"])
        // The reference: lcms2's own decode of the CMYK file back to sRGB.
        let back = dir + "/back.png"
        try FormatTestFiles.run("convert", [cmyk, "-profile", ColourTestFiles.sRGB, back])
        let reference = try ColourTestFiles.pixels(back)
        let decoded = try ImageDecoder().decode(path: PhotoPath(cmyk))
        let managed = ColourTestFiles.rmse(decoded.image, reference)
        XCTAssertLessThan(managed, 0.01, "CMYK through its profile")
        XCTAssertFalse(decoded.colour.name.contains("sRGB"), "the CMYK profile is named: \(decoded.colour.name)")
    }

    /// A HEIC whose colr box is nclx Display P3 (primaries 12, sRGB transfer), as phones and browsers write: its
    /// flat colour comes back as the P3 → sRGB matrix (computed here, not by lcms2) says.
    func testHEIFWithNCLXDisplayP3() throws {
        guard HEIFCodec.canDecode(av1: false) else { throw XCTSkip("no HEVC decoder") }
        let p3 = (200.0, 100.0, 50.0)
        let rgb = [UInt8](repeating: 0, count: 64 * 64 * 3).enumerated().map { i, _ in UInt8([p3.0, p3.1, p3.2][i % 3]) }
        let file = try HEIFCodec.encode(pixels: rgb, width: 64, height: 64, quality: 100, cicp: (12, 13)).get()
        let decoded = try ImageDecoder().decode(bytes: file)
        XCTAssertEqual(decoded.colour.name, "Display P3")
        func linear(_ c: Double) -> Double { let v = c / 255; return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ c: Double) -> Double {
            let v = min(1, max(0, c)); return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055)
        }
        let l = [linear(p3.0), linear(p3.1), linear(p3.2)]
        let m = [[1.2249, -0.2247, 0.0], [-0.0420, 1.0419, 0.0], [-0.0197, -0.0786, 1.0979]]   // linear P3 → sRGB
        let want = m.map { row in encoded(zip(row, l).map { $0 * $1 }.reduce(0, +)) }
        let got = TestImages.rgb(decoded.image.pixel(x: 32, y: 32))
        let raw = TestImages.rgb(try ImageDecoder().decode(bytes: file, colourTarget: nil).image.pixel(x: 32, y: 32))
        for (i, (g, w)) in zip([got.0, got.1, got.2], want).enumerated() {
            XCTAssertEqual(Double(g), w, accuracy: 3, "channel \(i): \(got), the matrix gives \(want), unconverted \(raw)")
        }
        XCTAssertGreaterThan(abs(raw.0 - got.0) + abs(raw.2 - got.2), 20, "converted, not shown as sRGB")
    }

    /// HDR transfers (BT.2020 with PQ or HLG, as HDR AVIF and HEIC declare in nclx) are tone-mapped to the display:
    /// black stays black, the reference white (203 cd/m², HLG's 75 %) lands near the display's white, brighter
    /// signals roll off below it, and grey stays grey.
    func testHDRTransfersAreToneMapped() throws {
        for (transfer, white) in [(16, 0.58), (18, 0.75)] {
            let profile = try ColourProfile(cicpPrimaries: 9, transfer: transfer)
            let levels = [0.0, white, 1.0].map { UInt32(($0 * 255).rounded()) }
            let image = PixelImage(width: 3, height: 1) { x, _ in 0xFF00_0000 | levels[x] << 16 | levels[x] << 8 | levels[x] }
            image.convertColourInPlace(from: profile, to: .sRGB)
            let out = (0..<3).map { TestImages.rgb(image.pixel(x: $0, y: 0)) }
            XCTAssertLessThan(out[0].0, 3, "transfer \(transfer): black")
            XCTAssertGreaterThan(out[1].0, 225, "transfer \(transfer): reference white \(out[1])")
            XCTAssertGreaterThanOrEqual(out[2].0, out[1].0, "transfer \(transfer): brighter signals are not darker")
            for p in out { XCTAssertLessThanOrEqual(abs(p.0 - p.1) + abs(p.1 - p.2), 2, "transfer \(transfer): grey stays grey \(p)") }
        }
    }

    /// An Exif APP1 payload saying what a camera set to Adobe RGB writes without an ICC profile: ColorSpace
    /// uncalibrated (0xFFFF) and InteroperabilityIndex "R03" (little-endian TIFF: IFD0 → Exif IFD → interop IFD).
    private func adobeExif() -> [UInt8] {
        var t: [UInt8] = [0x49, 0x49]
        func u16(_ v: Int) { t += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) { t += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        u16(42); u32(8)
        u16(1); u16(0x8769); u16(4); u32(1); u32(26); u32(0)                      // IFD0 at 8: Exif IFD at 26
        u16(2); u16(0xA001); u16(3); u32(1); u16(0xFFFF); u16(0)                    // Exif IFD: ColorSpace uncalibrated
        u16(0xA005); u16(4); u32(1); u32(56); u32(0)                                // interop IFD at 56
        u16(1); u16(0x0001); u16(2); u32(4); t += Array("R03".utf8) + [0]; u32(0)   // InteroperabilityIndex "R03"
        return Array("Exif".utf8) + [0, 0] + t
    }

    func testCameraJPEGsSetToAdobeRGBWithoutAProfile() throws {
        let original = try ColourTestFiles.original(in: dir)
        let reference = try ColourTestFiles.pixels(original)
        let converted = dir + "/adobe-pixels.png"
        try ColourTestFiles.convert(original, to: ColourTestFiles.adobeRGB, output: converted, extra: ["-strip"])
        func rgb(_ image: PixelImage) -> [UInt8] {
            var bytes = [UInt8]()
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = TestImages.rgb(image.pixel(x: x, y: y))
                    bytes += [UInt8(p.0), UInt8(p.1), UInt8(p.2)]
                }
            }
            return bytes
        }
        let pixels = try ColourTestFiles.pixels(converted)
        let jpeg = try XCTUnwrap(JPEGCodec.encode(pixels: rgb(pixels), width: pixels.width, height: pixels.height,
                                                  quality: 95, app1: adobeExif()))
        // The encoder's own noise: the original through it, sRGB.
        let same = try XCTUnwrap(JPEGCodec.encode(pixels: rgb(reference), width: reference.width, height: reference.height,
                                                  quality: 95))
        let noise = ColourTestFiles.rmse(try ImageDecoder().decode(bytes: same).image, reference)
        XCTAssertTrue(ExifInfo.parse(jpeg: jpeg)?.declaresAdobeRGB == true)
        let decoded = try ImageDecoder().decode(bytes: jpeg)
        XCTAssertEqual(decoded.colour.name, "Adobe RGB (1998)")
        let managed = ColourTestFiles.rmse(decoded.image, reference)
        let raw = ColourTestFiles.rmse(try ImageDecoder().decode(bytes: jpeg, colourTarget: nil).image, reference)
        XCTAssertLessThan(managed, max(noise * 2, noise + 0.006), "shown as Adobe RGB (the encoder's noise: \(noise))")
        XCTAssertGreaterThan(raw, managed * 2, "shown as sRGB the error would be \(raw)")
        // Without the interoperability index it stays sRGB.
        XCTAssertEqual(try ImageDecoder().decode(bytes: same).colour.name, "sRGB (assumed)")
    }

    func testDamagedProfilesAreIgnoredWithANote() throws {
        var icc = Array(try Data(contentsOf: URL(fileURLWithPath: ColourTestFiles.adobeRGB)))
        XCTAssertNoThrow(try ColourProfile(icc: icc))
        var absurd = icc
        absurd[128...131] = [0x7F, 0xFF, 0xFF, 0xFF]   // tag count
        XCTAssertThrowsError(try ColourProfile(icc: absurd))
        var outside = icc
        outside[136...139] = [0x00, 0xFF, 0xFF, 0x00]   // the first tag's offset
        XCTAssertThrowsError(try ColourProfile(icc: outside))
        XCTAssertThrowsError(try ColourProfile(icc: Array(icc.prefix(100))))
        icc[36] = 0
        let colour = PhotoColour.resolve(icc: icc)
        XCTAssertNil(colour.profile)
        XCTAssertEqual(colour.name, "sRGB (assumed)")
        XCTAssertNotNil(colour.note)
    }
}
