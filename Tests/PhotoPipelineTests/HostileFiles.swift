import Foundation
import XCTest
@testable import PhotoPipeline

/// Generators of the hostile files of issue 16, made in the tests (never committed as blobs), and a helper
/// that runs a load with a deadline so a blocked loader fails the test instead of hanging it.
enum HostileFiles {
    /// One PNG chunk: length, type, data, CRC (`claimedLength` overrides the length field; `crc` false omits it).
    static func chunk(_ type: String, _ data: [UInt8], claimedLength: UInt32? = nil, crc: Bool = true) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var out = be32(claimedLength ?? UInt32(data.count)) + typeBytes + data
        if crc { out += be32(crc32(typeBytes + data)) }
        return out
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func ihdr(width: UInt32, height: UInt32) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])   // 8-bit RGB
    }

    /// A 1 KB PNG whose tEXt chunk (right after IHDR) claims 1.9 GB; the file ends inside it.
    static func pngWithHugeTextChunk() -> [UInt8] {
        signature + ihdr(width: 16, height: 16)
            + chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 0x41, count: 960), claimedLength: 1_900_000_000, crc: false)
    }

    /// A PNG of 2^29 × 1 pixels (its tiny IDAT cannot fill it).
    static func pngWithHugeWidth() -> [UInt8] {
        signature + ihdr(width: 1 << 29, height: 1) + chunk("IDAT", [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0, 0, 0, 1])
            + chunk("IEND", [])
    }

    /// `jpeg` with its frame header (SOF0/SOF2) claiming `width` × `height`.
    static func claimingSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg
        for i in 0..<(bytes.count - 9) where bytes[i] == 0xFF && (bytes[i + 1] == 0xC0 || bytes[i + 1] == 0xC2) {
            bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
            bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
            return bytes
        }
        return bytes
    }

    /// A small JPEG (800×600) whose EXIF thumbnail is a 16×16 JPEG claiming 10000 × 10000 pixels.
    static func jpegWithHugeExifThumbnail() -> [UInt8] {
        let fake = claimingSize(TestImages.quadrantJPEG(width: 16, height: 16), width: 10000, height: 10000)
        return TestImages.quadrantJPEG(width: 800, height: 600, thumbnail: fake)
    }

    /// Writes a small valid JPEG at `path`, then makes the file `bytes` long (a hole: no disk used).
    static func writeSparseJPEG(at path: String, bytes: Int) {
        TestImages.write(TestImages.quadrantJPEG(width: 64, height: 48), to: path)
        XCTAssertEqual(truncate(path, off_t(bytes)), 0)
    }

    /// The first `fraction` of a 600×400 JPEG: a photo truncated while being copied.
    static func truncatedJPEG(fraction: Double = 0.5) -> [UInt8] {
        let whole = TestImages.quadrantJPEG(width: 600, height: 400)
        return Array(whole.prefix(Int(Double(whole.count) * fraction)))
    }

    /// Makes a FIFO at `path` (replacing what is there).
    static func makeFIFO(at path: String) {
        unlink(path)
        XCTAssertEqual(mkfifo(path, 0o600), 0, "mkfifo \(path)")
    }

    /// Wakes a thread blocked opening the FIFO at `path` for reading (opens and closes its write end).
    static func releaseFIFO(at path: String) {
        let fd = open(path, O_WRONLY | O_NONBLOCK)
        if fd >= 0 { close(fd) }
    }

    /// Box for a result written by another thread. `@unchecked Sendable`: guarded by `lock`.
    final class Outcome<T>: @unchecked Sendable {
        let lock = NSLock()
        var value: T?
    }

    /// Runs `work` on its own thread and waits for it at most `seconds`; nil when it did not finish (then
    /// `unblock` is called, e.g. to release a FIFO, so the thread can end).
    static func withDeadline<T: Sendable>(seconds: Double = 10, unblock: () -> Void = {}, _ work: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome<T>()
        let thread = Thread {
            let value = work()
            outcome.lock.withLock { outcome.value = value }
            done.signal()
        }
        thread.start()
        if done.wait(timeout: .now() + seconds) == .timedOut {
            unblock()
            return nil
        }
        return outcome.lock.withLock { outcome.value }
    }
}
