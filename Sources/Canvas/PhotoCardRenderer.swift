import Foundation

/// Draws photo cards: a photo aspect-filled and clipped in a square, a white border, a translucent white
/// background and a soft drop shadow, rotated about its centre.
public struct PhotoCardRenderer: Sendable {
    public var style: PhotoCardStyle

    public init(style: PhotoCardStyle = .reference) { self.style = style }

    /// Draws a card whose untransformed square has its centre at (`centerX`, `centerY`) and side `side`
    /// (points), rotated by `rotation` radians and scaled by `scale` about the centre, with `alpha`.
    public func draw(_ content: PhotoCardContent, in ctx: CairoContext, centerX: Double, centerY: Double,
                     side: Double, rotation: Double = 0, scale: Double = 1, alpha: Double = 1) {
        ctx.withSavedState {
            ctx.translate(centerX, centerY)
            if rotation != 0 { ctx.rotate(rotation) }
            if scale != 1 { ctx.scale(scale, scale) }
            if alpha < 1 { ctx.pushGroup() }
            drawUnrotated(content, in: ctx, rect: CanvasRect(x: -side / 2, y: -side / 2, width: side, height: side))
            if alpha < 1 { ctx.popGroupAndPaint(alpha: alpha) }
        }
    }

    /// Draws the card axis-aligned in `rect` (a square, in user units), shadow included.
    public func drawUnrotated(_ content: PhotoCardContent, in ctx: CairoContext, rect: CanvasRect) {
        // The card's square covers the shadow's inside: draw the shadow only around it.
        ctx.withSavedState {
            let o = style.shadowOutset + 1
            ctx.clip(inside: rect.insetBy(-o), outside: rect)
            ctx.drawSoftShadow(of: rect, radius: style.shadowRadius, dx: style.shadowOffsetX, dy: style.shadowOffsetY,
                               color: style.shadowColor)
        }
        ctx.newPath()
        ctx.rectangle(rect)
        ctx.setColor(style.backgroundColor)
        ctx.fill()
        switch content {
        case .image(let image):
            drawAspectFill(image, in: ctx, rect: rect)
        case .loading:
            drawLoading(in: ctx, rect: rect)
        case .broken:
            drawBroken(in: ctx, rect: rect)
        }
        // The border lies inside the square.
        let b = style.borderWidth
        ctx.newPath()
        ctx.rectangle(rect.insetBy(b / 2))
        ctx.setLineWidth(b)
        ctx.setColor(style.borderColor)
        ctx.stroke()
    }

    /// A cheap stand-in for a card whose exact rendering is not ready yet (drawn for a frame or two while
    /// it scrolls in fast): the square in the border colour, the photo aspect-filled inside the border with
    /// nearest-pixel sampling and no clip mask (one filled polygon each), no shadow. Works under any
    /// transform (the context carries the card's rotation). Placeholder contents are drawn as usual.
    public func drawQuick(_ content: PhotoCardContent, in ctx: CairoContext, rect: CanvasRect) {
        guard case .image(let image) = content else {
            ctx.withSavedState {
                ctx.newPath()
                ctx.rectangle(rect)
                ctx.setColor(style.backgroundColor)
                ctx.fill()
                switch content {
                case .loading: drawLoading(in: ctx, rect: rect)
                default: drawBroken(in: ctx, rect: rect)
                }
            }
            return
        }
        let b = style.borderWidth
        ctx.newPath()
        ctx.rectangle(rect)
        ctx.setColor(style.borderColor)
        ctx.fill()
        let iw = Double(image.pixelWidth), ih = Double(image.pixelHeight)
        guard iw > 0, ih > 0, rect.width > 2 * b, rect.height > 2 * b else { return }
        // The exact card's photo spans the whole square under a border stroked inside it: the part that
        // shows is the square inset by the border, sampled from the same aspect-filled placement.
        let s = max(rect.width / iw, rect.height / ih)
        ctx.withSavedState {
            ctx.newPath()
            ctx.rectangle(rect.insetBy(b))
            ctx.translate(rect.midX - iw * s / 2, rect.midY - ih * s / 2)
            ctx.scale(s, s)
            ctx.setSource(image, filter: .nearest)
            ctx.fill()
        }
    }

    /// Scales `image` to cover `rect` (keeping its aspect ratio), centred and clipped to `rect`.
    public func drawAspectFill(_ image: ImageSurface, in ctx: CairoContext, rect: CanvasRect) {
        let iw = Double(image.pixelWidth), ih = Double(image.pixelHeight)
        guard iw > 0, ih > 0, rect.width > 0, rect.height > 0 else { return }
        let s = max(rect.width / iw, rect.height / ih)
        ctx.withSavedState {
            ctx.newPath()
            ctx.rectangle(rect)
            ctx.clip()
            ctx.translate(rect.midX - iw * s / 2, rect.midY - ih * s / 2)
            ctx.scale(s, s)
            ctx.setSource(image, filter: s < 0.5 ? .good : .bilinear)
            ctx.paint()
        }
    }

    /// The loading placeholder: a soft grey tile with a faint picture glyph.
    func drawLoading(in ctx: CairoContext, rect: CanvasRect) {
        ctx.newPath()
        ctx.rectangle(rect)
        ctx.setColor(RGBA(white: 0.82))
        ctx.fill()
        drawPictureGlyph(in: ctx, rect: rect, color: RGBA(white: 0.7))
    }

    /// The broken-photo mark: a grey tile, a picture glyph and a red diagonal cross stroke.
    func drawBroken(in ctx: CairoContext, rect: CanvasRect) {
        ctx.newPath()
        ctx.rectangle(rect)
        ctx.setColor(RGBA(white: 0.75))
        ctx.fill()
        drawPictureGlyph(in: ctx, rect: rect, color: RGBA(white: 0.55))
        let g = rect.insetBy(rect.width * 0.3)
        ctx.newPath()
        ctx.move(to: g.x, g.y)
        ctx.line(to: g.x + g.width, g.y + g.height)
        ctx.move(to: g.x + g.width, g.y)
        ctx.line(to: g.x, g.y + g.height)
        ctx.setLineWidth(max(1.5, rect.width * 0.04))
        ctx.setColor(RGBA(0.8, 0.15, 0.15, 0.9))
        ctx.stroke()
    }

    /// A mountain-and-sun glyph centred in `rect`.
    private func drawPictureGlyph(in ctx: CairoContext, rect: CanvasRect, color: RGBA) {
        let w = rect.width * 0.4, h = w * 0.75
        let x = rect.midX - w / 2, y = rect.midY - h / 2
        ctx.newPath()
        ctx.move(to: x, y + h)
        ctx.line(to: x + w * 0.35, y + h * 0.35)
        ctx.line(to: x + w * 0.6, y + h * 0.7)
        ctx.line(to: x + w * 0.75, y + h * 0.5)
        ctx.line(to: x + w, y + h)
        ctx.closePath()
        ctx.setColor(color)
        ctx.fill()
        ctx.newPath()
        ctx.arc(cx: x + w * 0.8, cy: y + h * 0.15, radius: w * 0.1, from: 0, to: 2 * .pi)
        ctx.fill()
    }
}
