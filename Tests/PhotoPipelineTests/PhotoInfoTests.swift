import Foundation
import XCTest
@testable import PhotoPipeline

/// Photo information through libexif, on JPEGs whose EXIF the test writes.
final class PhotoInfoTests: XCTestCase {
    private let pixels = TestImages.quadrants(width: 32, height: 16, colors: [TestImages.red, TestImages.green, TestImages.blue, TestImages.white])

    func testCameraFieldsAreRead() throws {
        for bigEndian in [false, true] {
            let dir = TestImages.temporaryDirectory("info")
            let path = dir + "/IMG_0042.jpg"
            let jpeg = JPEGCodec.encode(pixels: pixels, width: 32, height: 16,
                                        app1: ExifWriter.camera(orientation: 6, gps: true, bigEndian: bigEndian))!
            TestImages.write(jpeg, to: path)
            let info = try PhotoInfo.read(PhotoPath(path)).get()
            XCTAssertEqual(info.fileName, "IMG_0042.jpg")
            XCTAssertEqual(info.folder, dir)
            XCTAssertEqual(info.fileSize, Int64(jpeg.count))
            XCTAssertEqual([info.pixelWidth, info.pixelHeight], [16, 32], "displayed size (orientation 6)")
            XCTAssertEqual(info.cameraMake, "Fujifilm")
            XCTAssertEqual(info.cameraModel, "X-T30")
            XCTAssertEqual(info.camera, "Fujifilm X-T30")
            XCTAssertEqual(info.lens, "XF35mmF2 R WR")
            XCTAssertEqual(info.dateTaken, "2024:05:01 18:30:05", "DateTimeOriginal, not IFD0 DateTime")
            XCTAssertEqual(info.dateTakenSeconds, 1_714_588_205)
            XCTAssertEqual(try XCTUnwrap(info.exposureTime), 0.004, accuracy: 1e-9)
            XCTAssertEqual(info.exposureText, "1/250 s")
            XCTAssertEqual(try XCTUnwrap(info.fNumber), 2.8, accuracy: 1e-9)
            XCTAssertEqual(info.iso, 400)
            XCTAssertEqual(try XCTUnwrap(info.focalLength), 35, accuracy: 1e-9)
            XCTAssertTrue(info.hasLocation)
            XCTAssertEqual(info.orientation, .rotate90Clockwise)
            XCTAssertNil(info.exifNote)
        }
    }

    func testPhotosWithoutExifOrWithBrokenExif() throws {
        let dir = TestImages.temporaryDirectory("info-none")
        TestImages.write(TestImages.quadrantJPEG(), to: dir + "/plain.jpg")
        let plain = try PhotoInfo.read(PhotoPath(dir + "/plain.jpg")).get()
        XCTAssertEqual([plain.pixelWidth, plain.pixelHeight], [32, 16])
        XCTAssertNil(plain.cameraModel)
        XCTAssertFalse(plain.hasLocation)
        XCTAssertEqual(plain.exifNote, "no EXIF")
        // No GPS position: only the camera.
        let noGPS = JPEGCodec.encode(pixels: pixels, width: 32, height: 16, app1: ExifWriter.camera())!
        TestImages.write(noGPS, to: dir + "/nogps.jpg")
        XCTAssertFalse(try PhotoInfo.read(PhotoPath(dir + "/nogps.jpg")).get().hasLocation)
        // Hostile Exif (generated here): offsets pointing far outside, counts huge, a truncated TIFF.
        var hostile = ExifWriter.camera(gps: true)
        for i in stride(from: 16, to: hostile.count - 4, by: 7) { hostile[i] = 0xFF }
        for (name, payload) in [("scrambled", hostile), ("short", Array(hostile[..<12])),
                                ("header", [0x45, 0x78, 0x69, 0x66, 0, 0, 0x49, 0x49, 42, 0, 0xFF, 0xFF, 0xFF, 0x7F])] {
            let jpeg = JPEGCodec.encode(pixels: pixels, width: 32, height: 16, app1: payload)!
            TestImages.write(jpeg, to: dir + "/\(name).jpg")
            let info = try PhotoInfo.read(PhotoPath(dir + "/\(name).jpg")).get()
            XCTAssertEqual(info.pixelWidth, 32, name)
        }
        XCTAssertThrowsError(try PhotoInfo.read(PhotoPath(dir + "/missing.jpg")).get())
        TestImages.write([0x89, 0x50, 0x4E, 0x47], to: dir + "/x.png")
        XCTAssertEqual(try PhotoInfo.read(PhotoPath(dir + "/x.png")).get().exifNote, "no EXIF read for this format")
    }

    func testExifDatesAndExposureText() {
        XCTAssertEqual(ExifDate.wallClockSeconds("1970:01:01 00:00:00"), 0)
        XCTAssertEqual(ExifDate.wallClockSeconds("2000:03:01 00:00:01"), 951_868_801)
        XCTAssertEqual(ExifDate.wallClockSeconds("2024:05:01 18:30"), 1_714_588_200, "no seconds")
        XCTAssertNil(ExifDate.wallClockSeconds("    :  :     :  :  "))
        XCTAssertNil(ExifDate.wallClockSeconds("0000:00:00 00:00:00"))
        XCTAssertNil(ExifDate.wallClockSeconds("2024:13:01 00:00:00"))
        var info = PhotoInfo(fileName: "a", folder: "/", fileSize: 0, modificationTime: 0, hasLocation: false)
        info.exposureTime = 2; XCTAssertEqual(info.exposureText, "2 s")
        info.exposureTime = 0.8; XCTAssertEqual(info.exposureText, "0.8 s")
        info.exposureTime = 1.0 / 60; XCTAssertEqual(info.exposureText, "1/60 s")
        info.cameraMake = "Canon"; info.cameraModel = "Canon EOS R6"
        XCTAssertEqual(info.camera, "Canon EOS R6")
    }
}
