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
        let w = width, h = height, rowWords = stride / 4
        return withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            return PixelImage.make(width: outW, height: outH) { dest in
                for oy in 0..<outH {
                    let y0 = oy * h / outH, y1 = max(y0 + 1, (oy + 1) * h / outH)
                    for ox in 0..<outW {
                        let x0 = ox * w / outW, x1 = max(x0 + 1, (ox + 1) * w / outW)
                        var a = 0, r = 0, g = 0, b = 0
                        for y in y0..<y1 {
                            let row = y * rowWords
                            for x in x0..<x1 {
                                let p = source[row + x]
                                a += Int(p >> 24); r += Int((p >> 16) & 0xFF)
                                g += Int((p >> 8) & 0xFF); b += Int(p & 0xFF)
                            }
                        }
                        let n = (y1 - y0) * (x1 - x0), half = n / 2
                        let pa = UInt32((a + half) / n), pr = UInt32((r + half) / n)
                        let pg = UInt32((g + half) / n), pb = UInt32((b + half) / n)
                        dest[oy * outW + ox] = (pa << 24) | (pr << 16) | (pg << 8) | pb
                    }
                }
            }
        }
    }
}
