import Foundation
import XCTest
@testable import PhotoPipeline

/// The thumbnail pipeline shows every image in the display's profile while the freedesktop thumbnails it writes
/// stay sRGB; thumbnails written before colour management are made again.
final class ColourPipelineTests: XCTestCase {
    var dir = ""
    override func setUp() { dir = TestImages.temporaryDirectory("colour-pipeline") }

    private func photo(_ path: String) -> Photo {
        Photo(path: PhotoPath(path), identity: FileIdentity.of(PhotoPath(path))!, format: ImageFormat.sniff(
            Array(try! Data(contentsOf: URL(fileURLWithPath: path)).prefix(64)))!)
    }

    private func adobeDisplay() throws -> DisplayColour {
        DisplayColour(try ColourProfile(icc: Array(try Data(contentsOf: URL(fileURLWithPath: ColourTestFiles.adobeRGB)))))
    }

    func testCachedThumbnailsAreSRGBAndShownInTheDisplaysProfile() throws {
        let original = try ColourTestFiles.original(in: dir)
        let reference = try ColourTestFiles.pixels(original)
        let adobeFile = dir + "/adobe.jpg"
        try ColourTestFiles.convert(original, to: ColourTestFiles.adobeRGB, output: adobeFile, extra: ["-quality", "95"])
        // What the display should get: lcms2's sRGB → Adobe RGB of the original.
        let onDisplay = dir + "/on-display.png"
        try ColourTestFiles.convert(original, to: ColourTestFiles.adobeRGB, output: onDisplay, extra: ["-strip"])
        let expected = try ColourTestFiles.pixels(onDisplay)

        let cache = ThumbnailCache(root: PhotoPath(dir + "/cache"))
        let pipeline = ThumbnailPipeline(diskCache: cache, display: try adobeDisplay())
        let decoded = try pipeline.load(photo: photo(adobeFile), pixelSize: 128).get()
        XCTAssertEqual(decoded.source, .decode)
        XCTAssertEqual(decoded.displayProfileID, pipeline.display.profile.id)
        XCTAssertLessThan(ColourTestFiles.rmse(decoded.image, expected), 0.02, "the decoded card on an Adobe RGB display")

        // The thumbnail on disk is sRGB: the original within the JPEG's noise.
        let stored = try XCTUnwrap(cache.lookup(source: PhotoPath(adobeFile), identity: photo(adobeFile).identity, pixels: 128))
        XCTAssertLessThan(ColourTestFiles.rmse(stored.image, reference), 0.02, "the stored thumbnail is sRGB")
        XCTAssertGreaterThan(ColourTestFiles.rmse(stored.image, expected), 0.03, "not in the display's profile")

        // Read back from the disk cache, it is converted to the display's profile again.
        let warm = try pipeline.load(photo: photo(adobeFile), pixelSize: 128).get()
        XCTAssertEqual(warm.source, .diskThumbnail)
        XCTAssertLessThan(ColourTestFiles.rmse(warm.image, expected), 0.02, "the cached card on an Adobe RGB display")

        // The photo view's sizes are not cached: straight from the file's profile to the display's.
        let big = try pipeline.load(photo: photo(adobeFile), pixelSize: 4096).get()
        XCTAssertLessThan(ColourTestFiles.rmse(big.image, expected), 0.02, "the photo view on an Adobe RGB display")
    }

    func testThumbnailsWrittenBeforeColourManagementAreMadeAgain() throws {
        let original = try ColourTestFiles.original(in: dir)
        let cache = ThumbnailCache(root: PhotoPath(dir + "/cache"))
        let p = photo(original)
        let image = try ColourTestFiles.pixels(original)
        // As an earlier PhotoStack wrote it: no colour key.
        let texts = [("Thumb::URI", FileURI.uri(for: p.path)), ("Thumb::MTime", String(p.identity.mtimeSeconds)),
                     ("Software", "PhotoStack 0.1")]
        try FileManager.default.createDirectory(atPath: dir + "/cache/normal", withIntermediateDirectories: true)
        XCTAssertNil(PNGCodec.write(image, to: PhotoPath(dir + "/cache/normal/" + ThumbnailCache.fileName(for: p.path)),
                                    texts: texts))
        XCTAssertNil(cache.lookup(source: p.path, identity: p.identity, pixels: 128), "an old PhotoStack thumbnail")
        XCTAssertNil(cache.store(image, source: p.path, identity: p.identity, size: .normal, originalWidth: image.width,
                                 originalHeight: image.height, mimeType: "image/png"))
        XCTAssertNotNil(cache.lookup(source: p.path, identity: p.identity, pixels: 128), "written with the colour key")
    }
}
