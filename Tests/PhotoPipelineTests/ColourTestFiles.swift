import Foundation
import XCTest
@testable import PhotoPipeline

/// Colour-managed test files, made in the test by lcms2 itself (ImageMagick's `-profile`, built on lcms2) from a
/// committed photo of the sample library, and the comparisons the colour tests share.
enum ColourTestFiles {
    /// Debian's colord-data profiles and ghostscript's CMYK profile (libgs-common).
    static let colord = "/usr/share/color/icc/colord"
    static let sRGB = colord + "/sRGB.icc"
    static let adobeRGB = colord + "/AdobeRGB1998.icc"
    static let swapped = colord + "/SwappedRedAndGreen.icc"
    static let cmyk = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

    /// The committed photo (a real one: smooth gradients and saturated colours).
    static var samplePhoto: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets/library/Gatos e Café/coffee.jpg").path
    }

    /// The original: the sample photo at 128 pixels wide as an 8-bit sRGB PNG without a profile.
    static func original(in dir: String) throws -> String {
        let path = dir + "/original.png"
        try FormatTestFiles.run("convert", [samplePhoto, "-resize", "128x128", "-strip", path])
        return path
    }

    /// `input` converted by lcms2 from sRGB into `profile`, which is embedded, written as `output` (format by its
    /// extension; `extra`: encoder options).
    static func convert(_ input: String, to profile: String, output: String, extra: [String] = []) throws {
        try FormatTestFiles.run("convert", [input, "-profile", sRGB, "-profile", profile] + extra + [output])
    }

    /// Root-mean-square difference of two images' RGB, 0...1 (the sizes must match).
    static func rmse(_ a: PixelImage, _ b: PixelImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes \(a.width)x\(a.height) and \(b.width)x\(b.height)")
        var sum = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = TestImages.rgb(a.pixel(x: x, y: y)), q = TestImages.rgb(b.pixel(x: x, y: y))
                let d = [p.0 - q.0, p.1 - q.1, p.2 - q.2].map { Double($0) / 255 }
                sum += d.reduce(0) { $0 + $1 * $1 }
            }
        }
        return (sum / Double(a.width * a.height * 3)).squareRoot()
    }

    /// The pixels of a PNG, as stored (no colour conversion).
    static func pixels(_ path: String) throws -> PixelImage {
        try ImageDecoder().decode(path: PhotoPath(path), colourTarget: nil).image
    }
}
