import CPango

extension TextLayout {
    /// Draws the text once, off screen, at `deviceScale` device pixels per point, so that what its first real draw
    /// would load is loaded now: the fonts for the drawing surface's options (the first text drawn in the process
    /// matches and opens them: fontconfig, FreeType, HarfBuzz, ~5–15 ms) and its glyphs in cairo's process-wide
    /// glyph cache. A screen calls it from its update, where a launch waits for its thumbnails anyway
    /// (`FirstFrameWait`), instead of paying it inside the first frame.
    public func prepareForDrawing(deviceScale: Double) {
        let s = size
        let w = Int((s.width * deviceScale).rounded(.up)) + 2, h = Int((s.height * deviceScale).rounded(.up)) + 2
        guard w > 2, h > 2, let scratch = try? ImageSurface(pixelWidth: min(w, 4096), pixelHeight: min(h, 1024)) else { return }
        let ctx = CairoContext(surface: scratch)
        ctx.scale(deviceScale, deviceScale)
        draw(in: ctx, x: 0, y: 0, color: RGBA(1, 1, 1))
    }
}
