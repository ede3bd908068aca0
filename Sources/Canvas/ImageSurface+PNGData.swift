import CCairo

extension ImageSurface {
    /// The surface encoded as a PNG file's bytes, in memory (cairo's PNG writer through a stream; nothing touches
    /// the file system). Straight RGBA when the surface has alpha, as cairo writes ARGB32 surfaces.
    public func pngData() throws -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        cairo_surface_flush(raw)
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(raw, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CanvasError.cairo("encoding a PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }
}
