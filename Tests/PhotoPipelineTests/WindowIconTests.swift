import Foundation
import XCTest
@testable import PhotoPipeline

/// `_NET_WM_ICON` data from the committed icon PNGs.
final class WindowIconTests: XCTestCase {
    func testCardinalsAreSizesThenStraightAlphaPixels() {
        // Premultiplied: opaque red, half-transparent green (alpha 0x80, green 0x40 premultiplied = 0x80 straight), transparent.
        let pixels: [UInt32] = [0xFFFF0000, 0x80004000, 0x00000000]
        let image = PixelImage(width: 3, height: 1) { x, _ in pixels[x] }
        let two = PixelImage(width: 1, height: 2) { _, y in y == 0 ? 0xFF0000FF : 0x01010101 }
        XCTAssertEqual(WindowIcon.cardinals([image, two]),
                       [3, 1, 0xFFFF0000, 0x80008000, 0, 1, 2, 0xFF0000FF, 0x01FFFFFF])
    }

    func testCommittedIconsLoadAtEverySize() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = PhotoPath(root.appendingPathComponent("assets/icons").path)
        let images = WindowIcon.load(folder: folder, sizes: WindowIcon.sizes)
        XCTAssertEqual(images.map(\.width), WindowIcon.sizes)
        XCTAssertEqual(images.map(\.height), WindowIcon.sizes)
        let data = WindowIcon.cardinals(images)
        XCTAssertEqual(data.count, WindowIcon.sizes.reduce(0) { $0 + 2 + $1 * $1 })
        XCTAssertEqual(Array(data.prefix(2)), [16, 16])
        // The icon is a drawing on a transparent background: corners clear, centre opaque.
        let side = 256, big = images.last!
        XCTAssertEqual(big.pixel(x: 0, y: 0) >> 24, 0, "transparent corner")
        XCTAssertEqual(big.pixel(x: side / 2, y: side / 2) >> 24, 255, "opaque centre")
        XCTAssertTrue(data.allSatisfy { $0 <= 0xFFFF_FFFF }, "32-bit values in longs")
    }
}
