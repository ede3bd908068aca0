import Foundation
import XCTest

/// The real app under Xvfb on a library with one album per library format (WebP, HEIC, AVIF, GIF, TIFF, DNG),
/// each photo made by its format's own encoder: every photo is reported loaded in `--state`'s `photos`.
final class FormatsEndToEndTests: XCTestCase {
    /// The albums and the one file each holds.
    let files = ["WebP": "photo.webp", "HEIC": "photo.heic", "AVIF": "photo.avif", "GIF": "photo.gif",
                 "TIFF": "photo.tif", "RAW": "photo.dng"]

    func testEveryFormatIsShownLoaded() throws {
        try AppSession.requireTools()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ps-formats-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try makeLibrary(at: root)
        let s = try AppSession(arguments: [root], width: 1024, height: 768)
        defer { s.stop() }
        let settled = try s.expectState("six albums, every photo loaded or failed", timeout: 20) { st in
            let reported = st.photos.filter { ($0["status"] as? String) != "loading" }
            return !st.animating && Set(reported.compactMap { $0["file"] as? String }) == Set(files.values)
        }
        for photo in settled.photos {
            let file = photo["file"] as? String ?? "?"
            XCTAssertEqual(photo["status"] as? String, "loaded", "\(file): \(photo["reason"] ?? "")")
        }
        XCTAssertEqual(settled.photos.count, files.count, "\(settled.photos)")
    }

    /// libheif, libtiff and libraw are loaded on the first decode that needs them, not at launch: a JPEG-only library
    /// leaves them unmapped; HEIC, TIFF and DNG albums moved into the open library then load them and show.
    func testFormatLibrariesAreLoadedOnlyWhenTheirFilesAreDecoded() throws {
        try AppSession.requireTools()
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("ps-lazy-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let root = base + "/library", staging = base + "/staging"
        try makeLibrary(at: staging)
        try FileManager.default.createDirectory(atPath: root + "/JPEG", withIntermediateDirectories: true)
        try tool("convert", ["-size", "300x200", "xc:#c83c28", root + "/JPEG/photo.jpg"])
        let s = try AppSession(arguments: [root], width: 1024, height: 768)
        defer { s.stop() }
        _ = try s.expectState("the JPEG album shown loaded", timeout: 20) { st in
            !st.animating && st.photos.contains { ($0["file"] as? String) == "photo.jpg" && ($0["status"] as? String) == "loaded" }
        }
        let libraries = ["libheif.so", "libtiff.so", "libraw_r.so"]
        let atLaunch = try mappedLibraries(of: s)
        for library in libraries { XCTAssertFalse(atLaunch.contains(library), "\(library) mapped before any file needed it") }
        for album in ["HEIC", "TIFF", "RAW"] {
            try FileManager.default.moveItem(atPath: staging + "/" + album, toPath: root + "/" + album)
        }
        let moved: Set = ["photo.jpg", "photo.heic", "photo.tif", "photo.dng"]
        let settled = try s.expectState("the moved albums shown", timeout: 20) { st in
            !st.animating && Set(st.photos.filter { ($0["status"] as? String) != "loading" }.compactMap { $0["file"] as? String }) == moved
        }
        for photo in settled.photos {
            XCTAssertEqual(photo["status"] as? String, "loaded", "\(photo["file"] ?? "?"): \(photo["reason"] ?? "")")
        }
        let after = try mappedLibraries(of: s)
        for library in libraries { XCTAssertTrue(after.contains(library), "\(library) not mapped after its file was shown") }
    }

    /// The app process's memory map (/proc/PID/maps), read to its end (a procfs file reports no size).
    func mappedLibraries(of s: AppSession) throws -> String {
        let pid = try XCTUnwrap(s.appPID)
        let file = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// Writes the albums: a 600 × 400 PNG source encoded by cwebp, heif-enc and convert, and a DNG whose
    /// preview is the source as a JPEG (Debian has no RAW writer: the DNG's directories are written here).
    func makeLibrary(at root: String) throws {
        for album in files.keys { try FileManager.default.createDirectory(atPath: root + "/" + album, withIntermediateDirectories: true) }
        let source = root + "/source.png", preview = root + "/preview.jpg"
        try tool("convert", ["-size", "300x400", "xc:#c83c28", "-size", "300x400", "xc:#2878c8", "+append", "PNG24:" + source])
        try tool("convert", [source, preview])
        try tool("cwebp", ["-quiet", source, "-o", root + "/WebP/photo.webp"])
        try tool("heif-enc", [source, "-o", root + "/HEIC/photo.heic"])
        try tool("heif-enc", ["-A", source, "-o", root + "/AVIF/photo.avif"])
        try tool("convert", [source, root + "/GIF/photo.gif"])
        try tool("convert", [source, "-compress", "LZW", root + "/TIFF/photo.tif"])
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: preview))
        try Data(Self.dng(preview: Array(jpeg), width: 600, height: 400)).write(to: URL(fileURLWithPath: root + "/RAW/photo.dng"))
        try FileManager.default.removeItem(atPath: source)
        try FileManager.default.removeItem(atPath: preview)
    }

    struct ToolFailed: Error, CustomStringConvertible { var description: String }

    func tool(_ name: String, _ arguments: [String]) throws {
        let r = try AppSession.execute("/usr/bin/env", [name] + arguments, display: nil)
        guard r.status == 0 else { throw ToolFailed(description: "\(name) failed (\(r.status)): \(r.err) — scripts/install-deps.sh test installs it") }
    }

    /// A minimal little-endian DNG: IFD0 is the JPEG preview (DNGVersion, Make, Model) with one SubIFD, a
    /// 32 × 32 16-bit CFA sensor image.
    static func dng(preview: [UInt8], width: Int, height: Int) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        // (tag, type, count, inline value bytes); type 1 BYTE, 2 ASCII, 3 SHORT, 4 LONG.
        typealias Entry = (Int, Int, Int, [UInt8])
        func ifd(_ entries: [Entry]) -> [UInt8] { u16(entries.count) + entries.flatMap { u16($0.0) + u16($0.1) + u32($0.2) + $0.3 } + u32(0) }
        let ifd0Size = 2 + 13 * 12 + 4, subSize = 2 + 11 * 12 + 4
        let sub = 8 + ifd0Size, text = sub + subSize, jpegAt = text + 16, sensorAt = jpegAt + (preview.count + 1) & ~1
        let sensor = [UInt8](repeating: 0x10, count: 32 * 32 * 2)
        let first: [Entry] = [(0xFE, 4, 1, u32(1)), (0x100, 4, 1, u32(width)), (0x101, 4, 1, u32(height)),
                              (0x102, 3, 1, u16(8) + u16(0)), (0x103, 3, 1, u16(7) + u16(0)), (0x106, 3, 1, u16(6) + u16(0)),
                              (0x10F, 2, 4, Array("E2E\0".utf8)), (0x110, 2, 8, u32(text)), (0x111, 4, 1, u32(jpegAt)),
                              (0x115, 3, 1, u16(3) + u16(0)), (0x117, 4, 1, u32(preview.count)), (0x14A, 4, 1, u32(sub)),
                              (0xC612, 1, 4, [1, 4, 0, 0])]
        let raw: [Entry] = [(0xFE, 4, 1, u32(0)), (0x100, 4, 1, u32(32)), (0x101, 4, 1, u32(32)), (0x102, 3, 1, u16(16) + u16(0)),
                            (0x103, 3, 1, u16(1) + u16(0)), (0x106, 3, 1, u16(32803) + u16(0)), (0x111, 4, 1, u32(sensorAt)),
                            (0x115, 3, 1, u16(1) + u16(0)), (0x117, 4, 1, u32(sensor.count)), (0x828D, 3, 2, u16(2) + u16(2)),
                            (0x828E, 1, 4, [0, 1, 1, 2])]
        var file = Array("II*\0".utf8) + u32(8) + ifd(first) + ifd(raw) + Array("E2E DNG\0".utf8) + [UInt8](repeating: 0, count: 8)
        file += preview + (preview.count % 2 == 1 ? [0] : [])
        return file + sensor
    }
}
