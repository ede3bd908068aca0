extension ImageSurface {
    /// A copy turned by `quarterTurns` quarter turns clockwise (negative: counter-clockwise); sides swap for odd turns.
    public func rotated(quarterTurns: Int) throws -> ImageSurface {
        let q = ((quarterTurns % 4) + 4) % 4
        let w = pixelWidth, h = pixelHeight
        let out = try ImageSurface(pixelWidth: q % 2 == 0 ? w : h, pixelHeight: q % 2 == 0 ? h : w)
        let ctx = CairoContext(surface: out)
        switch q {
        case 1: ctx.translate(Double(h), 0)
        case 2: ctx.translate(Double(w), Double(h))
        case 3: ctx.translate(0, Double(w))
        default: break
        }
        ctx.rotate(Double(q) * Double.pi / 2)
        ctx.setSource(self, filter: .nearest)
        ctx.paint()
        return out
    }
}
