import Foundation

/// A decoded image: premultiplied ARGB32 pixels, each a native-endian `UInt32` 0xAARRGGBB, exactly what
/// Cairo's `CAIRO_FORMAT_ARGB32` expects. Immutable after creation and owns its buffer.
///
/// `@unchecked Sendable`: the buffer is written only during initialisation and never mutated afterwards,
/// so sharing it between threads is safe.
public final class PixelImage: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes per row (at least `width * 4`).
    public let stride: Int
    private let storage: UnsafeMutableRawPointer
    private let deallocate: @Sendable (UnsafeMutableRawPointer) -> Void

    /// Takes ownership of `pixels` (stride × height bytes); `deallocate` frees it when the image dies.
    init(adopting pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
         deallocate: @escaping @Sendable (UnsafeMutableRawPointer) -> Void) {
        self.width = width
        self.height = height
        self.stride = stride
        self.storage = pixels
        self.deallocate = deallocate
    }

    /// An image of `width` × `height` pixels whose pixels are produced by `pixel(x, y)` (0xAARRGGBB, premultiplied).
    public convenience init(width: Int, height: Int, pixel: (Int, Int) -> UInt32) {
        precondition(width > 0 && height > 0)
        let stride = width * 4
        let raw = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        let words = raw.bindMemory(to: UInt32.self, capacity: width * height)
        for y in 0..<height {
            for x in 0..<width { words[y * width + x] = pixel(x, y) }
        }
        self.init(adopting: raw, width: width, height: height, stride: stride, deallocate: { $0.deallocate() })
    }

    /// An image of `width` × `height` pixels filled by `fill`, which writes into a zeroed buffer of
    /// `width * 4 * height` bytes (stride `width * 4`).
    static func make(width: Int, height: Int, fill: (UnsafeMutablePointer<UInt32>) -> Void) -> PixelImage {
        let stride = width * 4
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(stride * height, 4), alignment: 16)
        let words = raw.bindMemory(to: UInt32.self, capacity: max(width * height, 1))
        fill(words)
        return PixelImage(adopting: raw, width: width, height: height, stride: stride, deallocate: { $0.deallocate() })
    }

    deinit { deallocate(storage) }

    /// Total buffer size in bytes (stride × height).
    public var byteCount: Int { stride * height }

    /// The longest side in pixels.
    public var longestSide: Int { max(width, height) }

    /// Read-only access to the pixel bytes (stride × height), e.g. to copy into a Cairo image surface.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage, count: byteCount))
    }

    /// Writable access to the pixel bytes (stride × height), for handing the buffer to a surface that draws
    /// from it without a copy while retaining this image (`ImageSurface(adoptingARGB32:…owner:)`); nothing may
    /// read the image as decoded afterwards.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(start: storage, count: byteCount))
    }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied).
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height)
        return storage.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }
}
