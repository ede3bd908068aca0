import Foundation
import PhotoPipeline

/// Generated photo libraries for the benchmarks, in a fresh temporary folder (removed by `remove()`):
/// `albums` sub-folders `album-0001…`, each with `photosPerAlbum` files `photo-01.jpg…`.
public struct BenchLibrary {
    /// The library folder.
    public let root: String
    public let albums: Int
    public let photosPerAlbum: Int

    /// Total photos.
    public var photoCount: Int { albums * photosPerAlbum }

    /// A library whose files are 1-byte placeholders: for benchmarks whose images are made in memory
    /// (the scan recognises photos by extension; no decode ever reads them).
    public static func placeholders(albums: Int, photosPerAlbum: Int) throws -> BenchLibrary {
        try make(albums: albums, photosPerAlbum: photosPerAlbum) { _, _ in [0] }
    }

    /// A library of real baseline JPEGs of `width` × `height` (quality 80, 4:2:0): `distinct` different
    /// pictures (smooth colour fields with a grid) written round-robin, every file its own inode, so each
    /// load is a real read and decode.
    public static func jpegs(albums: Int, photosPerAlbum: Int, width: Int, height: Int, distinct: Int = 64) throws -> BenchLibrary {
        let pictures: [[UInt8]] = try (0..<max(1, distinct)).map { i in
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            let hue = Double(i) / Double(max(1, distinct))
            for y in 0..<height {
                for x in 0..<width {
                    let o = (y * width + x) * 3
                    let grid = (x / 40 + y / 40) % 2 == 0 ? 30.0 : 0.0
                    rgb[o] = UInt8(min(255, 60 + 150 * hue + grid + Double(x % 97)))
                    rgb[o + 1] = UInt8(min(255, 40 + Double(y) / Double(height) * 180 + grid))
                    rgb[o + 2] = UInt8(min(255, 200 - 150 * hue + Double(y % 53)))
                }
            }
            guard let jpeg = JPEGCodec.encode(pixels: rgb, width: width, height: height, quality: 80) else {
                throw BenchError("could not encode a bench JPEG")
            }
            return jpeg
        }
        return try make(albums: albums, photosPerAlbum: photosPerAlbum) { a, p in
            pictures[(a * photosPerAlbum + p) % pictures.count]
        }
    }

    private static func make(albums: Int, photosPerAlbum: Int, bytes: (Int, Int) -> [UInt8]) throws -> BenchLibrary {
        let root = NSTemporaryDirectory() + "photostack-bench-library-\(UUID().uuidString)"
        let fm = FileManager.default
        for a in 0..<albums {
            let dir = root + String(format: "/album-%04d", a + 1)
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for p in 0..<photosPerAlbum {
                let path = dir + String(format: "/photo-%02d.jpg", p + 1)
                guard fm.createFile(atPath: path, contents: Data(bytes(a, p))) else { throw BenchError("cannot write \(path)") }
            }
        }
        return BenchLibrary(root: root, albums: albums, photosPerAlbum: photosPerAlbum)
    }

    /// Deletes the folder.
    public func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// A benchmark that could not run.
public struct BenchError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
