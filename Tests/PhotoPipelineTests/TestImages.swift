import Foundation
@testable import PhotoPipeline

/// Helpers that generate tagged test images in the tests themselves.
enum TestImages {
    /// RGB bytes of a `width` × `height` image with four quadrant colours (TL, TR, BL, BR).
    static func quadrants(width: Int, height: Int, colors: [(UInt8, UInt8, UInt8)]) -> [UInt8] {
        var out = [UInt8](); out.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let q = (y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)
                let c = colors[q]
                out += [c.0, c.1, c.2]
            }
        }
        return out
    }

    static let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
    static let green: (UInt8, UInt8, UInt8) = (0, 255, 0)
    static let blue: (UInt8, UInt8, UInt8) = (0, 0, 255)
    static let white: (UInt8, UInt8, UInt8) = (255, 255, 255)

    /// An APP1 payload "Exif\0\0" + TIFF with an orientation tag and an optional embedded JPEG thumbnail.
    static func exifPayload(orientation: Int?, thumbnail: [UInt8]? = nil, bigEndian: Bool = false) -> [UInt8] {
        var t = [UInt8]()
        func u16(_ v: Int) { t += bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) {
            let b = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
            t += bigEndian ? b.reversed() : b
        }
        t += bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        u16(42); u32(8)
        let entries0 = orientation == nil ? 0 : 1
        u16(entries0)
        if let orientation { u16(0x0112); u16(3); u32(1); u16(orientation); u16(0) }
        let ifd1Offset = 8 + 2 + entries0 * 12 + 4
        u32(thumbnail == nil ? 0 : ifd1Offset)
        if let thumbnail {
            let dataOffset = ifd1Offset + 2 + 2 * 12 + 4
            u16(2)
            u16(0x0201); u16(4); u32(1); u32(dataOffset)
            u16(0x0202); u16(4); u32(1); u32(thumbnail.count)
            u32(0)
            t += thumbnail
        }
        return [0x45, 0x78, 0x69, 0x66, 0, 0] + t
    }

    /// A JPEG of the quadrant pattern (stored orientation) tagged with `orientation`.
    static func quadrantJPEG(width: Int = 32, height: Int = 16, orientation: Int? = nil, bigEndian: Bool = false,
                             thumbnail: [UInt8]? = nil, progressive: Bool = false) -> [UInt8] {
        let pixels = quadrants(width: width, height: height, colors: [red, green, blue, white])
        let app1 = (orientation != nil || thumbnail != nil) ? exifPayload(orientation: orientation, thumbnail: thumbnail, bigEndian: bigEndian) : nil
        return JPEGCodec.encode(pixels: pixels, width: width, height: height, quality: 95, progressive: progressive,
                                subsample420: false, app1: app1)!
    }

    /// Splits a 0xAARRGGBB pixel into (r, g, b).
    static func rgb(_ p: UInt32) -> (Int, Int, Int) { (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)) }

    /// True when `p` is within `tolerance` of `c` on every channel.
    static func close(_ p: UInt32, _ c: (UInt8, UInt8, UInt8), tolerance: Int = 40) -> Bool {
        let (r, g, b) = rgb(p)
        return abs(r - Int(c.0)) <= tolerance && abs(g - Int(c.1)) <= tolerance && abs(b - Int(c.2)) <= tolerance
    }

    /// A fresh temporary directory.
    static func temporaryDirectory(_ name: String = "pp") -> String {
        let path = NSTemporaryDirectory() + "photostack-\(name)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ bytes: [UInt8], to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
}
