import Canvas

extension ImageSurface {
    /// Pixels of this surface whose colour differs from `other`'s by more than `tolerance` (0…255) in a
    /// channel (same size assumed; alpha ignored).
    func differingPixels(from other: ImageSurface, tolerance: Int = 0) -> Int {
        var n = 0
        for y in 0..<pixelHeight { for x in 0..<pixelWidth {
            let p = pixel(x: x, y: y), q = other.pixel(x: x, y: y)
            if abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance
                || abs(Int(p.b) - Int(q.b)) > tolerance { n += 1 }
        } }
        return n
    }
}
