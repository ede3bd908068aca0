import Foundation
import XCTest
@testable import PhotoPipeline

/// Truncated and changing photos, streaming reads and the shared decode budget (issue 16, parts 2 and 4).
final class IncompleteAndChangingFileTests: XCTestCase {
    func scannedPhoto(_ bytes: [UInt8], name: String = "p.jpg") -> (dir: String, photo: Photo) {
        let dir = TestImages.temporaryDirectory("changing")
        TestImages.write(bytes, to: dir + "/" + name)
        return (dir, PhotoLibrary.scan(root: PhotoPath(dir)).albums[0].photos[0])
    }

    func testTruncatedPhotoIsMarkedIncompleteAndNotCached() throws {
        let (dir, photo) = scannedPhoto(HostileFiles.truncatedJPEG())
        let cache = ThumbnailCache(root: PhotoPath(dir + "/thumbnails"))
        let pipeline = ThumbnailPipeline(diskCache: cache)
        let loaded = try pipeline.load(photo: photo, pixelSize: 256).get()
        XCTAssertTrue(loaded.isIncomplete, "a truncated photo is flagged")
        XCTAssertFalse(loaded.warnings.isEmpty)
        XCTAssertTrue(TestImages.close(loaded.image.pixel(x: 3, y: 3), TestImages.red), "the part that is there is shown")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.thumbnailPath(for: photo.path, size: .large).string),
                       "no thumbnail cached as if complete")
        XCTAssertEqual(try pipeline.load(photo: photo, pixelSize: 256).get().source, .decode)
    }

    func testTruncatedPNGIsMarkedIncomplete() throws {
        // Red on top, noise below (so the file is large enough that its first half holds whole rows).
        var seed: UInt32 = 12345
        let image = PixelImage(width: 400, height: 300) { _, y in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return y < 40 ? 0xFF_FF00_00 : 0xFF00_0000 | (seed >> 8)
        }
        let dir = TestImages.temporaryDirectory("png-trunc")
        XCTAssertNil(PNGCodec.write(image, to: PhotoPath(dir + "/whole.png"), texts: [], compressionLevel: 6))
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/whole.png"))
        let (_, photo) = scannedPhoto(Array(whole.prefix(whole.count / 2)), name: "half.png")
        let loaded = try ThumbnailPipeline(diskCache: nil).load(photo: photo, pixelSize: 128).get()
        XCTAssertTrue(loaded.isIncomplete)
        XCTAssertTrue(TestImages.close(loaded.image.pixel(x: 2, y: 2), (255, 0, 0)))
        XCTAssertEqual(loaded.image.pixel(x: 2, y: loaded.image.height - 1), 0xFF80_8080, "the missing rows are grey")
    }

    func testPhotoChangedSinceTheScanIsReloadedAndReported() throws {
        let (_, photo) = scannedPhoto(TestImages.quadrantJPEG(width: 600, height: 400))
        let pipeline = ThumbnailPipeline(diskCache: nil)
        XCTAssertEqual(try pipeline.load(photo: photo, pixelSize: 256).get().fileIdentity, photo.identity)
        // Replaced by another picture (another size, another mtime) after the scan.
        TestImages.write(TestImages.quadrantJPEG(width: 300, height: 600), to: photo.path.string)
        var times = [timespec(tv_sec: 2_000_000_000, tv_nsec: 0), timespec(tv_sec: 2_000_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, photo.path.string, &times, 0), 0)
        let again = try pipeline.load(photo: photo, pixelSize: 256).get()
        XCTAssertEqual(again.source, .decode, "not the cached image of the old version")
        XCTAssertEqual(again.image.height, 256)
        XCTAssertEqual(again.image.width, 128)
        XCTAssertNotEqual(again.fileIdentity, photo.identity, "the version shown is reported")
        XCTAssertEqual(again.fileIdentity?.mtimeSeconds, 2_000_000_000)
    }

    func testOpeningAnOtherVersionThanExpectedIsRefused() throws {
        let (_, photo) = scannedPhoto(TestImages.quadrantJPEG())
        var stale = photo.identity
        stale.size += 1
        XCTAssertThrowsError(try ImageDecoder().open(photo.path, expected: stale)) { error in
            guard case .changed? = error as? DecodeError else { return XCTFail("\(error)") }
        }
        XCTAssertNoThrow(try ImageDecoder().open(photo.path, expected: photo.identity))
    }

    func testSymlinkedPhotoLoadsButALinkToAFIFODoesNot() throws {
        let dir = TestImages.temporaryDirectory("links")
        TestImages.write(TestImages.quadrantJPEG(), to: dir + "/real.jpg")
        XCTAssertEqual(symlink(dir + "/real.jpg", dir + "/link.jpg"), 0)
        XCTAssertEqual(try ImageDecoder().decode(path: PhotoPath(dir + "/link.jpg")).image.width, 32)
        HostileFiles.makeFIFO(at: dir + "/fifo")
        XCTAssertEqual(symlink(dir + "/fifo", dir + "/fifo.jpg"), 0)
        XCTAssertThrowsError(try ImageDecoder().decode(path: PhotoPath(dir + "/fifo.jpg"))) { error in
            guard case .notRegularFile? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }

    func testSparseHugeJPEGIsStreamedNotReadWhole() throws {
        let dir = TestImages.temporaryDirectory("sparse")
        HostileFiles.writeSparseJPEG(at: dir + "/big.jpg", bytes: 1_900_000_000)
        // Refused by default (over the 1 GiB file limit) without reading it …
        XCTAssertThrowsError(try ImageDecoder().decode(path: PhotoPath(dir + "/big.jpg"))) { error in
            guard case .tooLarge? = error as? DecodeError else { return XCTFail("\(error)") }
        }
        // … and with the limit raised, decoded from its first bytes only, within a small budget.
        DecodeBudget.resetPeak()
        let decoder = ImageDecoder(limits: DecodeLimits(maxFileBytes: 4 << 30))
        let decoded = try decoder.decode(path: PhotoPath(dir + "/big.jpg"), targetSize: 64)
        XCTAssertEqual(decoded.image.width, 64)
        XCTAssertFalse(decoded.isIncomplete)
        XCTAssertLessThan(DecodeBudget.peakBytes, 16 << 20)
    }

    func testDecodesOnManyThreadsShareOneBudget() throws {
        let saved = DecodeBudget.totalBytes
        defer { DecodeBudget.totalBytes = saved }
        // Each decode of a 1200×900 photo at full size reserves ~6 MB: 8 threads at once would need ~48 MB.
        DecodeBudget.totalBytes = 10 << 20
        DecodeBudget.resetPeak()
        let jpeg = TestImages.quadrantJPEG(width: 1200, height: 900)
        let failures = HostileFiles.Outcome<Int>()
        failures.value = 0
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if (try? ImageDecoder().decode(bytes: jpeg)) == nil { failures.lock.withLock { failures.value! += 1 } }
        }
        XCTAssertEqual(failures.value, 0, "every decode waited its turn and succeeded")
        XCTAssertLessThanOrEqual(DecodeBudget.peakBytes, 10 << 20)
        XCTAssertGreaterThan(DecodeBudget.peakBytes, 4 << 20)
        XCTAssertEqual(DecodeBudget.bytesInUse, 0, "everything released")
        // More than the whole budget is refused, not waited for.
        DecodeBudget.totalBytes = 1 << 20
        XCTAssertThrowsError(try ImageDecoder().decode(bytes: jpeg)) { error in
            guard case .tooLarge? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }

    func testWideProgressiveJPEGDecodesWithinTheBudget() throws {
        // Whole-image coefficient arrays (progressive) are reserved and allowed; a wide image's row buffers fit.
        let jpeg = TestImages.quadrantJPEG(width: 6000, height: 400, progressive: true)
        for target in [nil, 256] as [Int?] {
            let decoded = try ImageDecoder().decode(bytes: jpeg, targetSize: target)
            XCTAssertTrue(TestImages.close(decoded.image.pixel(x: decoded.image.width - 3, y: 2), TestImages.green))
        }
        XCTAssertEqual(DecodeBudget.bytesInUse, 0)
    }
}
