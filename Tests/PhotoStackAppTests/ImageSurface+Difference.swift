import Canvas

extension ImageSurface {
    /// Pixels of this surface whose colour differs from `other`'s by more than `tolerance` (0…255) in a
    /// channel (same size assumed; alpha ignored). Identical words are skipped without unpremultiplying, so
    /// comparing two 2560×1600 frames costs one pass over their bytes.
    func differingPixels(from other: ImageSurface, tolerance: Int = 0) -> Int {
        withPixelBytes { a in
            other.withPixelBytes { b in
                var n = 0
                for y in 0..<pixelHeight {
                    for x in 0..<pixelWidth {
                        let offset = y * stride + x * 4
                        if a.load(fromByteOffset: offset, as: UInt32.self) == b.load(fromByteOffset: offset, as: UInt32.self) { continue }
                        let p = pixel(x: x, y: y), q = other.pixel(x: x, y: y)
                        if abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance
                            || abs(Int(p.b) - Int(q.b)) > tolerance { n += 1 }
                    }
                }
                return n
            }
        }
    }
}
