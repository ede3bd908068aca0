import CCairo
import Foundation

/// An owning wrapper over a cairo ARGB32 image surface (premultiplied alpha, native-endian 32-bit pixels).
/// Sizes are in device pixels.
public final class ImageSurface {
    /// The cairo surface; only Canvas code touches it.
    let raw: OpaquePointer

    /// Width in device pixels.
    public var pixelWidth: Int { Int(cairo_image_surface_get_width(raw)) }
    /// Height in device pixels.
    public var pixelHeight: Int { Int(cairo_image_surface_get_height(raw)) }
    /// Bytes from one row to the next.
    public var stride: Int { Int(cairo_image_surface_get_stride(raw)) }

    /// A transparent surface of `width` × `height` device pixels.
    ///
    /// Its pixels are written (zeroed) once here. pixman takes them zero-filled from calloc, which leaves fresh pages
    /// untouched; cairo's first drawing then reads a page before writing it (OVER, span blending), the kernel maps the
    /// shared zero page for the read and must replace it on the write — a copy-on-write fault that flushes the TLB of
    /// every CPU running one of our threads, an inter-processor interrupt per 4 KB page, which a virtual machine's
    /// hypervisor makes dear. A card builder spent half its time there (perf, warm launch). Written first, each page
    /// faults in once, with no flush. (`madvise(MADV_POPULATE_WRITE)` measured no better than the memset.)
    public init(pixelWidth width: Int, pixelHeight height: Int) throws {
        raw = try Self.makeTransparent(width: max(1, width), height: max(1, height))
    }

    /// A new transparent cairo surface (owned by the caller) with its pixels written once (see `init(pixelWidth:)`).
    private static func makeTransparent(width: Int, height: Int) throws -> OpaquePointer {
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        try check(s)
        if let data = cairo_image_surface_get_data(s) {
            memset(data, 0, Int(cairo_image_surface_get_stride(s)) * Int(cairo_image_surface_get_height(s)))
        }
        return s
    }

    /// Wraps a cairo image surface (ARGB32) this object now owns.
    init(adopting surface: OpaquePointer) {
        raw = surface
    }

    /// A surface holding a copy of premultiplied ARGB32 pixels (as PhotoPipeline decodes them):
    /// `height` rows of `stride` bytes, the first `width` × 4 bytes of each row used.
    public init(copyingARGB32 bytes: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) throws {
        guard width > 0, height > 0, stride >= width * 4, bytes.count >= stride * (height - 1) + width * 4 else {
            throw CanvasError.invalidPixelBuffer("\(width)×\(height) stride \(stride) with \(bytes.count) bytes")
        }
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        try ImageSurface.check(s)
        cairo_surface_flush(s)
        let dst = cairo_image_surface_get_data(s)!
        let dstStride = Int(cairo_image_surface_get_stride(s))
        for row in 0..<height {
            memcpy(dst + row * dstStride, bytes.baseAddress! + row * stride, width * 4)
        }
        cairo_surface_mark_dirty(s)
        raw = s
    }

    /// Reads a PNG file through cairo.
    public init(contentsOfPNG path: String) throws {
        let s = cairo_image_surface_create_from_png(path)!
        try ImageSurface.check(s, what: path)
        if cairo_image_surface_get_format(s) != CAIRO_FORMAT_ARGB32 {
            // Convert RGB24 / A8 into ARGB32 so every surface has the same layout.
            let conv: OpaquePointer
            do { conv = try Self.makeTransparent(width: Int(cairo_image_surface_get_width(s)), height: Int(cairo_image_surface_get_height(s))) } catch {
                cairo_surface_destroy(s)
                throw error
            }
            let cr = cairo_create(conv)!
            cairo_set_source_surface(cr, s, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(s)
            raw = conv
        } else {
            raw = s
        }
    }

    deinit { cairo_surface_destroy(raw) }

    /// Writes the surface as a PNG file.
    public func writePNG(to path: String) throws {
        cairo_surface_flush(raw)
        let status = cairo_surface_write_to_png(raw, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CanvasError.cairo("writing \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Calls `body` with the pixel bytes (premultiplied ARGB32, `stride` bytes per row) for reading.
    public func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(raw)
        let data = cairo_image_surface_get_data(raw)!
        return try body(UnsafeRawBufferPointer(start: data, count: stride * pixelHeight))
    }

    /// The pixel at (`x`, `y`) as straight-alpha 8-bit components (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        withPixelBytes { bytes in
            let v = bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            let a = UInt8(v >> 24), r = UInt32((v >> 16) & 0xff), g = UInt32((v >> 8) & 0xff), b = UInt32(v & 0xff)
            guard a > 0 else { return (0, 0, 0, 0) }
            func un(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + UInt32(a) / 2) / UInt32(a))) }
            return (un(r), un(g), un(b), a)
        }
    }

    static func check(_ s: OpaquePointer, what: String = "surface") throws {
        let status = cairo_surface_status(s)
        if status != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(s)
            throw CanvasError.cairo("\(what): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
