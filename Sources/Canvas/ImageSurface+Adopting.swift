import CCairo
import Foundation

/// The key under which an adopted buffer's owner hangs on its cairo surface (its address is what cairo compares).
nonisolated(unsafe) private var adoptedOwnerKey = cairo_user_data_key_t()

extension ImageSurface {
    /// A surface drawing straight from premultiplied ARGB32 pixels someone else allocated (no copy): `height` rows
    /// of `stride` bytes at `bytes`. `owner` (whatever frees the pixels when it dies, e.g. PhotoPipeline's
    /// `PixelImage`) is retained until cairo destroys the surface, however long cairo keeps it (snapshots, patterns).
    /// The pixels must not be written by anyone else afterwards. Returns nil when cairo cannot use the buffer as is
    /// (its stride is not cairo's for `width`, or it is not 4-byte aligned): copy it then.
    ///
    /// Taking a decoded photo this way saves a copy and the page faults of a fresh buffer on the UI thread
    /// (~1 ms per 512 px thumbnail).
    public convenience init?(adoptingARGB32 bytes: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int,
                             owner: AnyObject) {
        guard width > 0, height > 0, let base = bytes.baseAddress, Int(bitPattern: base) % 4 == 0,
              stride == Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))),
              bytes.count >= stride * height,
              let s = cairo_image_surface_create_for_data(base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                          Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS
        else { return nil }
        let retained = Unmanaged.passRetained(owner).toOpaque()
        let status = cairo_surface_set_user_data(s, &adoptedOwnerKey, retained) { owner in
            if let owner { Unmanaged<AnyObject>.fromOpaque(owner).release() }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            Unmanaged<AnyObject>.fromOpaque(retained).release()
            cairo_surface_destroy(s)
            return nil
        }
        self.init(adopting: s)
    }
}
