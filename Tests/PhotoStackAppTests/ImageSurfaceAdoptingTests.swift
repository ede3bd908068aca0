import Canvas
import Foundation
import PhotoPipeline
import XCTest

/// Decoded photos become surfaces without a copy (`ImageSurface(adoptingARGB32:…owner:)`): the surface draws from
/// the decoder's buffer and keeps its owner alive exactly as long as cairo keeps the surface.
final class ImageSurfaceAdoptingTests: XCTestCase {
    private final class Owner {
        let bytes: UnsafeMutableRawBufferPointer
        init(count: Int) { bytes = .allocate(byteCount: count, alignment: 16) }
        deinit { bytes.deallocate() }
    }

    func testAdoptedPixelsAreDrawnInPlaceAndTheOwnerLivesAsLongAsTheSurface() throws {
        var owner: Owner? = Owner(count: 3 * 4 * 2)
        weak var watched = owner
        let words = owner!.bytes.bindMemory(to: UInt32.self)
        for i in 0..<6 { words[i] = 0xFF00_0000 | UInt32(i * 40) << 16 }   // opaque, red 0, 40, … 200
        var surface: ImageSurface? = ImageSurface(adoptingARGB32: owner!.bytes, width: 3, height: 2, stride: 12, owner: owner!)
        XCTAssertNotNil(surface)
        owner = nil
        XCTAssertNotNil(watched, "the surface keeps the buffer's owner")
        XCTAssertEqual(surface!.pixel(x: 2, y: 1).r, 200)
        // In place: a change to the buffer shows in the surface (no copy was made).
        words[5] = 0xFF00_00FF
        XCTAssertEqual(surface!.pixel(x: 2, y: 1).b, 255)
        // Drawn as a source like any surface.
        let target = try ImageSurface(pixelWidth: 3, pixelHeight: 2)
        let ctx = CairoContext(surface: target)
        ctx.copyPixelAligned(surface!, x: 0, y: 0, clipX: 0, clipY: 0, clipWidth: 3, clipHeight: 2, alpha: 1)
        XCTAssertEqual(target.pixel(x: 1, y: 0).r, 40)
        surface = nil
        XCTAssertNil(watched, "the owner goes with the surface")
    }

    func testABufferCairoCannotTakeAsIsIsRefused() {
        let owner = Owner(count: 16 * 2)
        // A padded stride (16 bytes for 3 pixels) is not cairo's stride for that width.
        XCTAssertNil(ImageSurface(adoptingARGB32: owner.bytes, width: 3, height: 2, stride: 16, owner: owner))
        // Too few bytes.
        XCTAssertNil(ImageSurface(adoptingARGB32: owner.bytes, width: 4, height: 3, stride: 16, owner: owner))
    }

    func testADecodedImageBecomesASurfaceWithItsPixels() throws {
        let image = PixelImage(width: 5, height: 4) { x, y in 0xFF00_0000 | UInt32(x * 50) << 8 | UInt32(y * 60) }
        let surface = try XCTUnwrap(image.withUnsafeMutableBytes {
            ImageSurface(adoptingARGB32: $0, width: image.width, height: image.height, stride: image.stride, owner: image)
        })
        for (x, y) in [(0, 0), (4, 3), (2, 1)] {
            XCTAssertEqual(surface.pixel(x: x, y: y).g, UInt8(x * 50))
            XCTAssertEqual(surface.pixel(x: x, y: y).b, UInt8(y * 60))
        }
    }
}
