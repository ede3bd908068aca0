import XCTest
@testable import PhotoPipeline

/// What the library formats share with JPEG and PNG: sniffing, extensions, MIME types, the scan and the
/// freedesktop thumbnails of `ThumbnailPipeline`.
final class LibraryFormatTests: XCTestCase {
    var dir = ""
    override func setUp() { dir = TestImages.temporaryDirectory("formats") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// One 300 × 200 quadrant photo per library format, each made by its own encoder, named by extension.
    func photos() throws -> [(name: String, format: ImageFormat)] {
        let png = FormatTestFiles.quadrantPNG(in: dir, name: "source.png", width: 300, height: 200)
        try FormatTestFiles.run("cwebp", ["-quiet", png, "-o", dir + "/p.webp"])
        try FormatTestFiles.run("heif-enc", [png, "-o", dir + "/p.heic"])
        try FormatTestFiles.run("heif-enc", ["-A", png, "-o", dir + "/p.avif"])
        try FormatTestFiles.run("convert", [png, dir + "/p.gif"])
        try FormatTestFiles.run("convert", [png, "-compress", "LZW", dir + "/p.tif"])
        let preview = TestImages.quadrantJPEG(width: 300, height: 200)
        TestImages.write(RawTestFiles.dng(preview: preview, previewWidth: 300, previewHeight: 200), to: dir + "/p.dng")
        try FileManager.default.removeItem(atPath: png)
        return [("p.webp", .webp), ("p.heic", .heif), ("p.avif", .avif), ("p.gif", .gif), ("p.tif", .tiff), ("p.dng", .raw)]
    }

    func testExtensionsAndMimeTypes() {
        let expected: [String: ImageFormat] = ["a.webp": .webp, "a.HEIC": .heif, "a.heif": .heif, "a.avif": .avif,
                                               "a.gif": .gif, "a.tif": .tiff, "a.TIFF": .tiff, "a.CR2": .raw, "a.cr3": .raw,
                                               "a.nef": .raw, "a.arw": .raw, "a.dng": .raw, "a.raf": .raw, "a.orf": .raw,
                                               "a.rw2": .raw, "a.pef": .raw, "a.jpg": .jpeg, "a.png": .png]
        for (name, format) in expected { XCTAssertEqual(ImageFormat.fromExtension(Array(name.utf8)), format, name) }
        for name in ["a.mp4", "a.mov", "a.txt", "webp", "a.xmp"] { XCTAssertNil(ImageFormat.fromExtension(Array(name.utf8)), name) }
        XCTAssertEqual([ImageFormat.webp, .heif, .avif, .gif, .tiff, .raw].map(\.mimeType),
                       ["image/webp", "image/heif", "image/avif", "image/gif", "image/tiff", "image/x-dcraw"])
    }

    func testSniffingByContent() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let brands = ([major, "\0\0\0\0"] + compatible).flatMap { Array($0.utf8) }
            return [0, 0, 0, UInt8(8 + brands.count)] + Array("ftyp".utf8) + brands // box size, type, major, version, compatible
        }
        XCTAssertEqual(ImageFormat.sniff(ftyp("heic", ["mif1", "heic"])), .heif)
        XCTAssertEqual(ImageFormat.sniff(ftyp("mif1", ["mif1", "heic"])), .heif)
        XCTAssertEqual(ImageFormat.sniff(ftyp("avif", ["mif1", "avif"])), .avif)
        XCTAssertEqual(ImageFormat.sniff(ftyp("mif1", ["avif", "miaf"])), .avif)
        XCTAssertEqual(ImageFormat.sniff(ftyp("crx ", ["crx ", "isom"])), .raw, "Canon CR3")
        XCTAssertNil(ImageFormat.sniff(ftyp("isom", ["isom", "mp42"])), "an MP4 video")
        XCTAssertEqual(ImageFormat.sniff(Array("GIF87a".utf8) + [1, 0]), .gif)
        XCTAssertEqual(ImageFormat.sniff(Array("FUJIFILMCCD-RAW 0201".utf8)), .raw)
        XCTAssertEqual(ImageFormat.sniff(Array("IIRO".utf8) + [8, 0, 0, 0]), .raw, "Olympus ORF")
        XCTAssertEqual(ImageFormat.sniff([0x49, 0x49, 0x55, 0, 0x18, 0, 0, 0]), .raw, "Panasonic RW2")
        XCTAssertEqual(ImageFormat.sniff([0x49, 0x49, 0x2B, 0, 8, 0, 0, 0]), .tiff, "BigTIFF")
        // TIFF headers: a plain image, Canon CR2, a camera's first directory with SubIFDs, one with an unknown compression.
        let plain = TIFFDecoderTests.header(width: 4, height: 4)
        XCTAssertEqual(ImageFormat.sniff(plain), .tiff)
        var cr2 = plain
        cr2[8...10] = [0x43, 0x52, 2]
        XCTAssertEqual(ImageFormat.sniff(cr2), .raw)
        let subIFDs = RawTestFiles.layout(ifd0: [RawTestFiles.ascii(0x10F, "NIKON CORPORATION"), RawTestFiles.long(0x14A, 8)],
                                          subIFD: nil, blocks: [])
        XCTAssertEqual(ImageFormat.sniff(subIFDs), .raw, "NEF-like")
        let pentax = RawTestFiles.layout(ifd0: [RawTestFiles.ascii(0x10F, "PENTAX"), RawTestFiles.short(0x103, 65535)], subIFD: nil, blocks: [])
        XCTAssertEqual(ImageFormat.sniff(pentax), .raw, "PEF-like")
        let cameraTIFF = RawTestFiles.layout(ifd0: [RawTestFiles.ascii(0x10F, "Canon"), RawTestFiles.short(0x103, 5)], subIFD: nil, blocks: [])
        XCTAssertEqual(ImageFormat.sniff(cameraTIFF), .tiff, "a camera-made LZW TIFF stays a TIFF")
    }

    func testScanListsEveryFormatAndDecodingSniffsTheContent() throws {
        let made = try photos()
        TestImages.write(Array("not a photo".utf8), to: dir + "/notes.txt")
        TestImages.write([0, 0, 0, 24] + Array("ftypmp42".utf8) + [UInt8](repeating: 0, count: 12), to: dir + "/clip.mp4")
        let library = PhotoLibrary.scan(root: PhotoPath(dir))
        let photos = try XCTUnwrap(library.albums.first?.photos)
        XCTAssertEqual(photos.map(\.displayName).sorted(), made.map(\.name).sorted())
        for photo in photos {
            let format = made.first { $0.name == photo.displayName }!.format
            XCTAssertEqual(photo.format, format)
            let decoded = try ImageDecoder().decode(path: photo.path, targetSize: 64)
            XCTAssertEqual(decoded.format, format, photo.displayName)
            FormatTestFiles.assertQuadrants(decoded.image, FormatTestFiles.colors, photo.displayName)
            XCTAssertEqual(try ImageDecoder().readHeader(path: photo.path).format, format)
        }
    }

    /// Each format gets a freedesktop thumbnail like a JPEG: written once with its MIME type and size, then read back.
    func testFreedesktopThumbnailsForEveryFormat() throws {
        let cache = ThumbnailCache(root: PhotoPath(dir + "/cache/thumbnails"))
        for (name, format) in try photos() {
            let path = PhotoPath(dir + "/" + name)
            let photo = Photo(path: path, identity: try XCTUnwrap(FileIdentity.of(path)), format: format)
            let first = try ThumbnailPipeline(diskCache: cache).load(photo: photo, pixelSize: 256).get()
            XCTAssertEqual(first.source, .decode, name)
            XCTAssertEqual([first.image.width, first.image.height], [256, 171], name)
            FormatTestFiles.assertQuadrants(first.image, FormatTestFiles.colors, name)
            let file = dir + "/cache/thumbnails/large/" + ThumbnailCache.fileName(for: path)
            let png = try PNGCodec.read(path: PhotoPath(file)).get()
            XCTAssertEqual(png.texts["Thumb::Mimetype"], format.mimeType, name)
            let originalWidth = format == .raw ? "32" : "300" // RAW: the sensor image's size, not the preview's
            XCTAssertEqual(png.texts["Thumb::Image::Width"], originalWidth, name)
            XCTAssertEqual(png.texts["Thumb::URI"], FileURI.uri(for: path))
            let again = try ThumbnailPipeline(diskCache: cache).load(photo: photo, pixelSize: 256).get()
            XCTAssertEqual(again.source, .diskThumbnail, name)
        }
    }

    /// The loader decodes on several threads at once: every library format, side by side, gives the same pictures.
    func testConcurrentDecodesOfEveryFormat() throws {
        let files = try photos().map { (name: $0.name, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + $0.name)))) }
        let results = ConcurrentResults(count: files.count * 4)
        DispatchQueue.concurrentPerform(iterations: files.count * 4) { i in
            let file = files[i % files.count]
            let decoded = try? ImageDecoder().decode(bytes: file.bytes, targetSize: 64, downscaleTo: 64)
            results.set(i, decoded.map { [$0.image.width, $0.image.height, Int($0.image.pixel(x: 8, y: 8) >> 16 & 0xFF)] })
        }
        for i in 0..<files.count * 4 {
            let value = results.get(i)
            XCTAssertEqual(value?.prefix(2), [64, 43], files[i % files.count].name)
            XCTAssertGreaterThan(value?.last ?? 0, 200, "red top-left: \(files[i % files.count].name)")
        }
    }
}

/// Results written from `concurrentPerform`'s threads.
final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [[Int]?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: [Int]?) { lock.lock(); values[i] = value; lock.unlock() }
    func get(_ i: Int) -> [Int]? { lock.lock(); defer { lock.unlock() }; return values[i] }
}
