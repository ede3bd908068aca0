import Canvas
import PhotoPipeline
import StackEngine

/// Drawing the photo view. A photo at its default view is one pixel-aligned copy of its rendering at that exact
/// device size (`PhotoRenderings`; the loaded surface itself when it has that size); anything else — growing out of
/// its cell, zooming, zoomed — is the loaded surface closest above the size shown, scaled (never rotated) with a
/// bilinear filter into the photo's rectangle. Scaled-only composites take pixman's fast paths (2–4 ms for a
/// 1280×800 window); the GOOD filter would cost ~45 ms per frame.
extension PhotoScreen {
    static let backgroundColor = RGBA(0.07, 0.075, 0.085)
    /// The grid card's look: border width, shadow radius and offset (points) and opacity.
    static let card = (border: 3.0, shadowRadius: 3.0, shadowY: 2.0, shadowAlpha: 0.5)
    /// The photo's shadow in the view.
    static let plain = (shadowRadius: 8.0, shadowY: 4.0, shadowAlpha: 0.6)

    func drawPhotoView(in ctx: CairoContext, scale: Double) {
        let alpha = viewAlpha
        if !showsGridBeneath {
            ctx.clear(to: Self.backgroundColor)
        } else if alpha > 0.001 {
            let c = Self.backgroundColor
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: 0, y: 0, width: width, height: height))
            ctx.setColor(RGBA(c.red, c.green, c.blue, alpha))
            ctx.fill()
        }
        guard !album.photos.isEmpty else { return }
        let carried = transition?.index
        for i in visiblePages(at: time) where i != carried && alpha > 0.001 {
            drawPhoto(i, in: displayedRect(of: i, at: time), card: 0, alpha: alpha, in: ctx, scale: scale)
        }
        if let i = carried, let p = presentedTransition {
            drawPhoto(i, in: p.frame, card: 1 - p.alpha, alpha: 1, in: ctx, scale: scale)
        }
        if transition == nil, case .failed(let reason) = photos.status(of: photo.id) {
            NoteDrawing.pill("\(TextLayout.isolated(photo.displayName)) cannot be shown: \(reason)", in: ctx, centerX: width / 2,
                             centerY: height / 2 + 160, maxWidth: min(width - 40, 520))
        }
        if alpha > 0.01 {
            NoteDrawing.pill(caption, in: ctx, centerX: width / 2, centerY: height - 26, maxWidth: min(width - 40, 640),
                             font: "Sans 12", alpha: 0.9 * alpha)
        }
    }

    /// Draws photo `i` in `rect` (window points): `card` 1 looks like its grid card (border, small shadow, the photo
    /// aspect-filled), 0 like the photo in the view; `alpha` is its opacity.
    func drawPhoto(_ i: Int, in rect: Rect, card: Double, alpha: Double, in ctx: CairoContext, scale: Double) {
        let p = album.photos[i]
        let canvas = CanvasRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        guard rect.width > 0.5, rect.height > 0.5, rect.maxX > 0, rect.minX < width, rect.maxY > 0, rect.minY < height else { return }
        switch photos.status(of: p.id) {
        case .loaded:
            drawShadow(of: canvas, card: card, alpha: alpha, in: ctx)
            paintImage(i, in: rect, alpha: alpha, in: ctx, scale: scale)
            if card > 0.01 {
                let b = Self.card.border
                ctx.newPath()
                ctx.rectangle(canvas.insetBy(b / 2))
                ctx.setLineWidth(b)
                ctx.setColor(RGBA(1, 1, 1, card * alpha))
                ctx.stroke()
            }
        case .loading:
            PhotoCardRenderer().draw(.loading, in: ctx, centerX: rect.midX, centerY: rect.midY, side: min(rect.width, rect.height, 240),
                                     alpha: alpha)
        case .failed:
            PhotoCardRenderer().draw(.broken, in: ctx, centerX: rect.midX, centerY: rect.midY, side: min(rect.width, rect.height, 240),
                                     alpha: alpha)
        }
    }

    /// The soft shadow around (not under) the photo: the card's small one blending into the view's larger one.
    func drawShadow(of r: CanvasRect, card: Double, alpha: Double, in ctx: CairoContext) {
        let k = min(1, max(0, card))
        let radius = Self.plain.shadowRadius + (Self.card.shadowRadius - Self.plain.shadowRadius) * k
        let dy = Self.plain.shadowY + (Self.card.shadowY - Self.plain.shadowY) * k
        let a = (Self.plain.shadowAlpha + (Self.card.shadowAlpha - Self.plain.shadowAlpha) * k) * alpha
        guard a > 0.01 else { return }
        ctx.withSavedState {
            ctx.clip(inside: r.insetBy(-(radius + dy + 2)), outside: r)
            ctx.drawSoftShadow(of: r, radius: radius, dx: 0, dy: dy, color: RGBA(0, 0, 0, a))
        }
    }

    /// Photo `i`'s image filling `rect` (aspect-filled and clipped: while it turns from the square card into the
    /// photo the crop opens up): its exact rendering copied when `rect` has its size, else the nearest bigger surface
    /// scaled.
    func paintImage(_ i: Int, in rect: Rect, alpha: Double, in ctx: CairoContext, scale: Double) {
        let p = album.photos[i]
        let w = rect.width * scale, h = rect.height * scale
        var exact: ImageSurface?
        if let (key, _) = renderingRequest(for: i) {
            exact = photos.renderings.rendering(key)
        } else if turns(of: p) == 0, let s = photos.image(for: p.id, pixelSize: neededPixels(of: i))?.surface {
            exact = s   // loaded at its resting size (a photo at 100 %), or not big enough yet
        }
        if let e = exact, abs(Double(e.pixelWidth) - w) < 0.01, abs(Double(e.pixelHeight) - h) < 0.01 {
            ctx.paintPixelAligned(e, x: Int((rect.minX * scale).rounded()), y: Int((rect.minY * scale).rounded()), alpha: alpha)
            return
        }
        let need = Int(max(w, h).rounded(.up))
        // Candidates with the quarter turns still to apply (an exact rendering is already turned).
        var candidates: [(surface: ImageSurface, turns: Int)] = []
        if let s = photos.image(for: p.id, pixelSize: need)?.surface { candidates.append((s, turns(of: p))) }
        if let e = exact { candidates.append((e, 0)) }   // a rendering is turned already; a loaded surface is only exact unturned
        func side(_ c: (surface: ImageSurface, turns: Int)) -> Int { max(c.surface.pixelWidth, c.surface.pixelHeight) }
        let bigEnough = candidates.filter { side($0) >= need }
        guard let (s, t) = bigEnough.min(by: { side($0) < side($1) }) ?? candidates.max(by: { side($0) < side($1) }) else { return }
        let sw = Double(s.pixelWidth), sh = Double(s.pixelHeight)
        // Its size as shown: sides swapped for an odd number of turns.
        let shownW = t % 2 == 0 ? sw : sh, shownH = t % 2 == 0 ? sh : sw
        let k = max(rect.width / shownW, rect.height / shownH)
        ctx.withSavedState {
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height))
            ctx.clip()
            ctx.translate(rect.midX, rect.midY)
            if t != 0 { ctx.rotate(Double(t) * Double.pi / 2) }
            ctx.scale(k, k)
            ctx.translate(-sw / 2, -sh / 2)
            ctx.setPaddedSource(s, filter: .bilinear)
            ctx.paint(alpha: alpha)
        }
    }
}
