extension ImageSurface {
    /// True when every pixel of [`x0`, `x1`) × [`y0`, `y1`) (clipped to the surface) has alpha 255; false for an
    /// empty rectangle.
    ///
    /// Every card built is checked (`CachedPhotoCard.hasOpaqueSquare`): the row stride is read once and each row
    /// ANDed as 32-bit words (reading `stride` in the loop called into cairo for every pixel).
    public func isOpaque(x0: Int, y0: Int, x1: Int, y1: Int) -> Bool {
        let x0 = max(0, x0), y0 = max(0, y0), x1 = min(pixelWidth, x1), y1 = min(pixelHeight, y1)
        guard x1 > x0, y1 > y0 else { return false }
        let rowBytes = stride
        return withPixelBytes { bytes in
            for y in y0..<y1 {
                let row = UnsafeBufferPointer(start: (bytes.baseAddress! + y * rowBytes).assumingMemoryBound(to: UInt32.self) + x0,
                                              count: x1 - x0)
                var all: UInt32 = 0xff00_0000
                for word in row { all &= word }
                if all & 0xff00_0000 != 0xff00_0000 { return false }
            }
            return true
        }
    }
}
