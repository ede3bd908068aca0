extension ImageSurface {
    /// True when every pixel of [`x0`, `x1`) × [`y0`, `y1`) (clipped to the surface) has alpha 255; false for an
    /// empty rectangle.
    public func isOpaque(x0: Int, y0: Int, x1: Int, y1: Int) -> Bool {
        let x0 = max(0, x0), y0 = max(0, y0), x1 = min(pixelWidth, x1), y1 = min(pixelHeight, y1)
        guard x1 > x0, y1 > y0 else { return false }
        return withPixelBytes { bytes in
            for y in y0..<y1 {
                var all: UInt32 = 0xff00_0000
                for x in x0..<x1 { all &= bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
                if all & 0xff00_0000 != 0xff00_0000 { return false }
            }
            return true
        }
    }
}
