extension ImageSurface {
    /// A scratch surface covering `width` × `height` pixels: `scratch` itself when it is big enough, else a new square
    /// one covering this and every earlier size, stored back in `scratch`. Nil when it cannot be made. The caller
    /// guards `scratch` (the kernels' composites share one under a lock).
    static func scratch(_ scratch: inout ImageSurface?, covering width: Int, _ height: Int) -> ImageSurface? {
        if let s = scratch, s.pixelWidth >= width, s.pixelHeight >= height { return s }
        let side = max(width, height, scratch?.pixelWidth ?? 0, scratch?.pixelHeight ?? 0)
        guard let s = try? ImageSurface(pixelWidth: side, pixelHeight: side) else { return nil }
        scratch = s
        return s
    }
}
