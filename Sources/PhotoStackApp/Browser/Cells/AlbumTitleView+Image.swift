import Canvas

/// A title drawn while its stack changes size (a zoom's or a resize's reflow) or under a transform: the text is drawn
/// once, at rest, into an image at the device scale, and the image is composited with the frame's scale. Laying the
/// text out again for each new scale would make a new font per frame in Pango and cairo, which keep them (measured:
/// +9 MB of heap after 100 scales of one title, +38 MB after 1,000; ~3.4 ms a draw).
struct TitleImage {
    /// The text drawn with its top-left at (`margin`, `margin`) points; device pixels.
    let surface: ImageSurface
    /// What it was drawn for: layout width and height (points) and device pixels per point.
    let width: Double, height: Double, deviceScale: Double
    /// Room around the layout's logical box for ink beyond it and the shadow, points.
    static let margin = 4.0
}

extension AlbumTitleView {
    /// True when `matrix` maps points to device pixels at `deviceScale` with no other scale, rotation or skew: text
    /// drawn there uses the fonts of the resting screen.
    static func isAtRest(_ m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double),
                         deviceScale: Double) -> Bool {
        abs(m.a - deviceScale) < 1e-9 && abs(m.d - deviceScale) < 1e-9 && m.b == 0 && m.c == 0
    }

    /// Draws `layout` (`width` × `height` points, top-left at the origin of `ctx`'s user space) from the title's
    /// image, made on first use.
    func drawImage(of layout: TextLayout, width: Double, height: Double, in ctx: CairoContext, deviceScale: Double) {
        let m = TitleImage.margin
        if image.map({ $0.width != width || $0.height != height || $0.deviceScale != deviceScale }) ?? true {
            image = nil
            let pw = Int(((width + 2 * m) * deviceScale).rounded(.up)), ph = Int(((height + 2 * m) * deviceScale).rounded(.up))
            guard pw > 0, ph > 0, let surface = try? ImageSurface(pixelWidth: pw, pixelHeight: ph) else {
                layout.draw(in: ctx, x: 0, y: 0, color: .white, shadowColor: Self.shadowColor, shadowOffset: (0, 1))
                return
            }
            let ictx = CairoContext(surface: surface)
            ictx.scale(deviceScale, deviceScale)
            layout.draw(in: ictx, x: m, y: m, color: .white, shadowColor: Self.shadowColor, shadowOffset: (0, 1))
            image = TitleImage(surface: surface, width: width, height: height, deviceScale: deviceScale)
        }
        guard let image else { return }
        ctx.withSavedState {
            ctx.translate(-m, -m)
            ctx.scale(1 / deviceScale, 1 / deviceScale)
            ctx.setSource(image.surface, filter: .bilinear)
            ctx.paint()
        }
    }
}
