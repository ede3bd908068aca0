import XCTest
@testable import PhotoPipeline

/// Sort orders for photos and albums, as pure functions of their metadata.
final class PhotoSortingTests: XCTestCase {
    private func photo(_ path: String, mtime: Int64) -> Photo {
        Photo(path: PhotoPath(path), identity: FileIdentity(device: 1, inode: 1, size: 1, mtimeSeconds: mtime), format: .jpeg)
    }
    /// A fixed UTC+2 zone, so the test does not depend on the machine's.
    private let plus2: PhotoSorting.UTCOffset = { _ in 7200 }

    func testPhotosByNameTakenAndModified() {
        let photos = [photo("/a/img10.jpg", mtime: 1_000), photo("/a/img2.jpg", mtime: 3_000),
                      photo("/a/IMG1.jpg", mtime: 2_000), photo("/a/scan.jpg", mtime: 5_000)]
        let names = { (p: [Photo]) in p.map(\.displayName) }
        XCTAssertEqual(names(PhotoSorting.sorted(photos, by: .name)), ["IMG1.jpg", "img2.jpg", "img10.jpg", "scan.jpg"])
        XCTAssertEqual(names(PhotoSorting.sorted(photos, by: .modified)), ["img10.jpg", "IMG1.jpg", "img2.jpg", "scan.jpg"])
        // Taken: EXIF wall-clock where known; scan.jpg has none, so its mtime (5,000 s UTC = 12,200 s local wall
        // clock at UTC+2) sorts between the EXIF dates 10,000 and 12,300 (unconverted it would come first).
        let taken: [PhotoPath: Int64] = [PhotoPath("/a/img10.jpg"): 20_000, PhotoPath("/a/img2.jpg"): 10_000,
                                         PhotoPath("/a/IMG1.jpg"): 12_300]
        XCTAssertEqual(names(PhotoSorting.sorted(photos, by: .taken, takenSeconds: taken, utcOffset: plus2)),
                       ["img2.jpg", "scan.jpg", "IMG1.jpg", "img10.jpg"])
        // Ties: equal dates fall back to natural name order, then path.
        let tied = [photo("/b/x10.jpg", mtime: 7), photo("/b/x9.jpg", mtime: 7), photo("/a/x9.jpg", mtime: 7)]
        XCTAssertEqual(PhotoSorting.sorted(tied, by: .modified).map(\.path.string), ["/a/x9.jpg", "/b/x9.jpg", "/b/x10.jpg"])
        XCTAssertEqual(PhotoSorting.sorted(tied, by: .taken, utcOffset: plus2).map(\.path.string), ["/a/x9.jpg", "/b/x9.jpg", "/b/x10.jpg"])
        // The permutation applies to parallel arrays.
        let keys = photos.map { PhotoSortKey($0, takenSeconds: nil) }
        XCTAssertEqual(PhotoSorting.order(keys, by: .modified), [0, 2, 1, 3])
    }

    func testAlbumsByTitleEarliestTakenAndLatestModified() {
        func album(_ title: String, _ photos: [Photo]) -> Album {
            Album(id: title, title: title, path: PhotoPath("/lib/" + title), photos: photos)
        }
        let albums = [
            album("Trip 10", [photo("/lib/Trip 10/a.jpg", mtime: 500), photo("/lib/Trip 10/b.jpg", mtime: 9_000)]),
            album("Trip 9", [photo("/lib/Trip 9/a.jpg", mtime: 100), photo("/lib/Trip 9/b.jpg", mtime: 200)]),
            album("Empty", []),
            album("alpha", [photo("/lib/alpha/a.jpg", mtime: 300)]),
        ]
        let titles = { (a: [Album]) in a.map(\.title) }
        XCTAssertEqual(titles(PhotoSorting.sorted(albums, by: .name)), ["alpha", "Empty", "Trip 9", "Trip 10"])
        XCTAssertEqual(titles(PhotoSorting.sorted(albums, by: .modified)), ["Trip 9", "alpha", "Trip 10", "Empty"],
                       "latest modification: 200, 300, 9000; empty last")
        let taken: [PhotoPath: Int64] = [PhotoPath("/lib/Trip 9/a.jpg"): 50_000, PhotoPath("/lib/Trip 9/b.jpg"): 60_000]
        XCTAssertEqual(titles(PhotoSorting.sorted(albums, by: .taken, takenSeconds: taken, utcOffset: plus2)),
                       ["alpha", "Trip 10", "Trip 9", "Empty"], "earliest photo: 7,500, 7,700, 50,000")
    }

    func testTakenSecondsReadsOnlyTheDate() throws {
        let dir = TestImages.temporaryDirectory("taken")
        let pixels = TestImages.quadrants(width: 8, height: 8, colors: [TestImages.red, TestImages.green, TestImages.blue, TestImages.white])
        TestImages.write(JPEGCodec.encode(pixels: pixels, width: 8, height: 8, app1: ExifWriter.camera())!, to: dir + "/a.jpg")
        TestImages.write(TestImages.quadrantJPEG(), to: dir + "/b.jpg")
        XCTAssertEqual(PhotoInfo.takenSeconds(PhotoPath(dir + "/a.jpg")), 1_714_588_205)
        XCTAssertNil(PhotoInfo.takenSeconds(PhotoPath(dir + "/b.jpg")))
        XCTAssertNil(PhotoInfo.takenSeconds(PhotoPath(dir + "/none.jpg")))
        // A 20 KB description in IFD0 pushes the Exif IFD past the first 16 KiB read: the second read finds it.
        let big = ExifWriter.payload(ifd0: [(0x010E, .ascii(String(repeating: "d", count: 20_000)))],
                                     exif: [(0x9003, .ascii("2001:02:03 04:05:06"))])
        TestImages.write(JPEGCodec.encode(pixels: pixels, width: 8, height: 8, app1: big)!, to: dir + "/c.jpg")
        XCTAssertEqual(PhotoInfo.takenSeconds(PhotoPath(dir + "/c.jpg")), ExifDate.wallClockSeconds("2001:02:03 04:05:06"))
    }
}
