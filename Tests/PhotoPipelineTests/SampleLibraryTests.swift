import XCTest
@testable import PhotoPipeline

/// The committed sample library (assets/library) scans and decodes as documented.
final class SampleLibraryTests: XCTestCase {
    var libraryPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/library").path
    }

    func testSampleLibraryHasTwelveAlbumsInSeveralScripts() throws {
        let library = PhotoLibrary.scan(root: PhotoPath(libraryPath))
        XCTAssertTrue(library.problems.isEmpty)
        XCTAssertGreaterThanOrEqual(library.albums.count, 12)
        for album in library.albums { XCTAssertTrue((2...8).contains(album.photos.count), album.title) }
        let titles = Set(library.albums.map(\.title))
        for title in ["Summer Holidays", "Praia do Norte", "Зимний лес", "رحلة إلى البحر", "春节"] { XCTAssertTrue(titles.contains(title), title) }
    }

    func testEveryPhotoDecodesAndTheRotatedOneIsPortrait() throws {
        let library = PhotoLibrary.scan(root: PhotoPath(libraryPath))
        for photo in library.albums.flatMap(\.photos) {
            let decoded = try ImageDecoder().decode(path: photo.path, targetSize: 256)
            XCTAssertTrue(decoded.warnings.isEmpty, photo.displayName)
            if photo.displayName == "lighthouse-exif-rotated.jpg" {
                XCTAssertEqual(decoded.orientation, .rotate90Clockwise)
                XCTAssertGreaterThan(decoded.image.height, decoded.image.width)
            }
        }
    }
}
