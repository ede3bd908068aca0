import Foundation
import XCTest
@testable import PhotoPipeline

/// The memory rows of issue 16's table, measured in a child process: the whole hostile set in one album
/// (plus hostile cached thumbnails) is loaded at thumbnail size and at photo-view size on two loader threads,
/// and the child's peak RSS (its own VmHWM, which it prints) must stay under 250 MB. The child is this test binary
/// running `testChildLoadsTheHostileFolder` with `PHOTOSTACK_HOSTILE_FOLDER` set (a no-op otherwise).
final class HostileMemoryTests: XCTestCase {
    static let folderVariable = "PHOTOSTACK_HOSTILE_FOLDER"
    static let limitBytes = 250 << 20

    /// Builds the hostile library in `root`: album "A" with every hostile photo and two good ones, and
    /// `root/cache/thumbnails` holding a 4096² foreign thumbnail and a 1.9 GB-text-chunk PNG as thumbnails.
    static func makeHostileLibrary(in root: String) throws {
        let album = root + "/A"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        TestImages.write(TestImages.quadrantJPEG(width: 1200, height: 800), to: album + "/01 good.jpg")
        TestImages.write(HostileFiles.pngWithHugeTextChunk(), to: album + "/02 text chunk 1.9 GB.png")
        TestImages.write(HostileFiles.pngWithHugeWidth(), to: album + "/03 width 2^29.png")
        TestImages.write(HostileFiles.jpegWithHugeExifThumbnail(), to: album + "/04 exif thumbnail 10000x10000.jpg")
        HostileFiles.writeSparseJPEG(at: album + "/05 sparse 1.9 GB.jpg", bytes: 1_900_000_000)
        TestImages.write(HostileFiles.truncatedJPEG(), to: album + "/06 truncated.jpg")
        TestImages.write(TestImages.quadrantJPEG(width: 640, height: 480), to: album + "/07 foreign thumbnail.jpg")
        TestImages.write(TestImages.quadrantJPEG(width: 640, height: 480), to: album + "/08 thumbnail is a text bomb.jpg")
        let cache = ThumbnailCache(root: PhotoPath(root + "/cache/thumbnails"))
        try FileManager.default.createDirectory(atPath: root + "/cache/thumbnails/large", withIntermediateDirectories: true)
        let foreign = PhotoPath(album + "/07 foreign thumbnail.jpg")
        let big = PixelImage(width: 4096, height: 4096) { _, _ in 0xFF12_3456 }
        let identity = FileIdentity.of(foreign)!
        XCTAssertNil(PNGCodec.write(big, to: cache.thumbnailPath(for: foreign, size: .large),
                                    texts: [("Thumb::URI", FileURI.uri(for: foreign)), ("Thumb::MTime", String(identity.mtimeSeconds))],
                                    compressionLevel: 9))
        TestImages.write(HostileFiles.pngWithHugeTextChunk(),
                         to: cache.thumbnailPath(for: PhotoPath(album + "/08 thumbnail is a text bomb.jpg"), size: .large).string)
    }

    func testWholeHostileSetKeepsPeakRSSUnder250MB() throws {
        if ProcessInfo.processInfo.environment[Self.folderVariable] != nil { throw XCTSkip("running as the child") }
        let root = TestImages.temporaryDirectory("hostile-rss")
        try Self.makeHostileLibrary(in: root)
        let test = "PhotoPipelineTests.HostileMemoryTests/testChildLoadsTheHostileFolder"
        let (status, output) = try ChildProcess.run([CommandLine.arguments[0], test], environment: [Self.folderVariable: root])
        print(output)
        let peakLine = output.split(separator: "\n").first { $0.hasPrefix("hostile: VmHWM ") }
        let peak = try XCTUnwrap(peakLine.flatMap { Int($0.split(separator: " ")[2]) }, "no VmHWM from the child:\n\(output)")
        print("figure: hostile album, peak RSS of the loading child: \(peak >> 20) MB (limit \(Self.limitBytes >> 20) MB)")
        XCTAssertEqual(status, 0, "the child failed:\n\(output)")
        XCTAssertTrue(output.contains("hostile: all"), "the child did not load the folder:\n\(output)")
        XCTAssertLessThan(peak, Self.limitBytes, "peak RSS \(peak >> 20) MB")
    }

    /// The child: loads every photo at 256 px (albums screen) then at 2048 px (photo view), two workers.
    func testChildLoadsTheHostileFolder() throws {
        guard let root = ProcessInfo.processInfo.environment[Self.folderVariable] else { return }
        let photos = PhotoLibrary.scan(root: PhotoPath(root + "/A")).albums.flatMap(\.photos)
        let pipeline = ThumbnailPipeline(diskCache: ThumbnailCache(root: PhotoPath(root + "/cache/thumbnails")))
        let timings = HostileFiles.Outcome<[String]>()
        timings.value = []
        let results = DispatchSemaphore(value: 0)
        let loader = ImageLoader(workerCount: 2, deliver: { _ in results.signal() }) { request in
            let start = Date()
            let outcome = pipeline.load(photo: request.photo, pixelSize: request.pixelSize)
            let what: String
            switch outcome {
            case .success(let loaded): what = "\(loaded.source.rawValue) \(loaded.image.width)x\(loaded.image.height)\(loaded.isIncomplete ? " incomplete" : "")"
            case .failure(let error): what = "failed: \(error.reason)"
            }
            let line = String(format: "hostile: %@ @%d: %.3f s, %@", request.photo.displayName, request.pixelSize, Date().timeIntervalSince(start), what)
            timings.lock.withLock { timings.value!.append(line) }
            return outcome
        }
        defer { loader.shutdown() }
        for size in [256, 2048] {
            for (i, photo) in photos.enumerated() { loader.request(photo, pixelSize: size, priority: .visible, order: i) }
            for _ in photos {
                XCTAssertEqual(results.wait(timeout: .now() + 60), .success, "a load did not finish")
            }
        }
        for line in timings.value! { print(line) }
        print("hostile: all \(photos.count) photos loaded or refused at two sizes")
        print("hostile: VmHWM \(ChildProcess.ownPeakRSS()) bytes")
    }
}
