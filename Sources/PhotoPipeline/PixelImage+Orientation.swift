import CJPEG
extension PixelImage {
    /// A new image with `orientation` applied (the display orientation); `self` when `.normal`.
    public func applying(_ orientation: ExifOrientation) -> PixelImage {
        if orientation == .normal { return self }
        let w = width, h = height
        let outW = orientation.swapsDimensions ? h : w
        let outH = orientation.swapsDimensions ? w : h
        let rowWords = stride / 4
        return withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            return PixelImage.make(width: outW, height: outH) { dest in
                for dy in 0..<outH {
                    for dx in 0..<outW {
                        let (sx, sy) = orientation.sourcePoint(dx: dx, dy: dy, width: w, height: h)
                        dest[dy * outW + dx] = source[sy * rowWords + sx]
                    }
                }
            }
        }
    }

    /// A copy scaled down (area average) so the longest side is at most `longestSide` pixels;
    /// `self` when already small enough.
    public func downscaled(toLongestSide longestSide: Int) -> PixelImage {
        guard longestSide > 0, max(width, height) > longestSide else { return self }
        let scale = Double(longestSide) / Double(max(width, height))
        let outW = max(1, Int((Double(width) * scale).rounded()))
        let outH = max(1, Int((Double(height) * scale).rounded()))
        let w = width, h = height, sourceStride = stride
        return withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            return PixelImage.make(width: outW, height: outH) { dest in
                // C: the Swift loop it replaces cost ~35 M instructions per 750×500 → 512×341 thumbnail.
                let status = ps_downscale_box(source.baseAddress, Int32(w), Int32(h), Int32(sourceStride),
                                              dest, Int32(outW), Int32(outH))
                precondition(status == 0, "ps_downscale_box rejected valid arguments")
            }
        }
    }
}
