import Canvas
import PhotoPipeline
import StackEngine

/// One photo card (a cell of the albums screen's stacks and of the album grid): the photo aspect-filled
/// in a white-bordered square with a soft shadow, rendered once into a `CachedPhotoCard` and composited
/// with the element's rotation every frame. It shows the image of `photo` only — looked up by the photo's
/// identity at draw time, so a renderer reused for another photo never shows the old one's pixels.
final class PhotoCell: DrawableView {
    /// The photo shown (set by the screen's cell provider; cleared on reuse).
    var photo: Photo?
    /// Where images come from.
    var images: ImageService?
    /// Longest side to request, device pixels (the card's side × device scale).
    var pixelSize = 256
    /// False for cards buried deep in a stack (not drawn at all).
    var isDrawn = true
    /// 0…1: how far the card is lifted (hover), scaling it up with a deeper shadow.
    var lift = 0.0
    /// Draws the extra lift shadow under this card (the bottom card drawn in a lifted stack).
    var castsLiftShadow = false
    /// Draws the keyboard-selection ring around the card.
    var showsFocusRing = false
    /// The rotation (radians) of the opaque card drawn on top of this one about the same centre (the stack's
    /// top card), if any: the part of this card it covers is not composited.
    var coveringRotation: Double?
    /// When false the cached card is reused scaled even if its size is off (during reflow animations).
    var mayRerender = true
    /// While true (the screen is scrolling), a card whose exact rendering is not built yet is drawn by the
    /// quick path (`PhotoCardRenderer.drawQuick`) and its build hurried on the builder thread, instead of
    /// building it or waiting for it on the UI thread. When false the exact card is always drawn.
    var mayDrawQuick = false
    /// True when the last `draw` used the quick path (the screen keeps drawing frames until it is replaced).
    private(set) var drewQuick = false
    /// Where cards are built in the background.
    var builder = CardBuildQueue.shared

    private var card: CachedPhotoCard?
    private var rotatedCard: RotatedPhotoCard?
    /// A rotated card being built in the background (started while warming off screen).
    private var pendingBuild: CardBuildQueue.Job?
    private var cardContent: ObjectIdentifier?
    private var cardKind = -1

    /// Everything the card's pixels depend on besides its attributes. After a quick draw it also says
    /// whether the exact card's build is done: the quick card moves with the scroll like any other until
    /// then, and is redrawn (exact) in the first frame after.
    override var appearanceSignature: Int? {
        var h = Hasher()
        if drewQuick { h.combine(pendingBuild.map { $0.poll().finished } ?? true) }
        h.combine(drewQuick)
        h.combine(photo?.id)
        h.combine(isDrawn); h.combine(lift); h.combine(castsLiftShadow); h.combine(showsFocusRing)
        h.combine(coveringRotation); h.combine(mayRerender); h.combine(pixelSize)
        switch content {
        case .image(let s): h.combine(0); h.combine(ObjectIdentifier(s)); h.combine(s.pixelWidth); h.combine(s.pixelHeight)
        case .loading: h.combine(1)
        case .broken: h.combine(2)
        }
        return h.finalize()
    }

    override var needsWarming: Bool { isDrawn && (rotatedCard == nil || pendingBuild != nil) }

    override func prepareForReuse() {
        photo = nil
        card = nil
        rotatedCard = nil
        pendingBuild?.cancelIfNotStarted()
        pendingBuild = nil
        drewQuick = false
        cardContent = nil
        cardKind = -1
        lift = 0
        castsLiftShadow = false
        showsFocusRing = false
        coveringRotation = nil
        isDrawn = true
    }

    /// A pooled cell keeps no rendered card (~1.2 MB each at 500 pt); `prepareForReuse` clears the rest.
    override func didEnterReusePool() {
        card = nil
        rotatedCard = nil
        pendingBuild?.cancelIfNotStarted()
        pendingBuild = nil
    }

    /// What the card shows now: the image (if this photo has one), a broken mark or a placeholder.
    var content: PhotoCardContent {
        guard let photo, let images else { return .loading }
        if let s = images.surface(for: photo.id, pixelSize: pixelSize) { return .image(s) }
        if case .failed = images.status(of: photo.id) { return .broken }
        return .loading
    }

    /// The image surface on the card, if any (tests check identity with it).
    var shownSurface: ImageSurface? {
        if case .image(let s) = content { return s }
        return nil
    }

    override func draw(in ctx: CairoContext, size: Size, deviceScale: Double) {
        if !isWarming { drewQuick = false }
        guard isDrawn, size.width > 0 else { return }
        let content = self.content
        let kind: Int, id: ObjectIdentifier?
        switch content {
        case .image(let s): kind = 0; id = ObjectIdentifier(s)
        case .loading: kind = 1; id = nil
        case .broken: kind = 2; id = nil
        }
        let side = size.width
        let c = side / 2
        if kind != cardKind || id != cardContent {
            card = nil
            rotatedCard = nil
            pendingBuild?.cancelIfNotStarted()
            pendingBuild = nil
            cardKind = kind
            cardContent = id
        }
        // At rest (no lift), the card is drawn from a rendering at its exact device scale and rotation: one
        // unfiltered pixel-aligned copy instead of a rotated bilinear blit.
        var drawn = false
        let m = ctx.currentMatrix()
        if lift < 0.0001, let rs = RotatedPhotoCard.rotationAndScale(of: m) {
            let covered = coveringRotation.map { RotatedPhotoCard.inscribedHalfSide(side: side, rotation: $0) * rs.scale } ?? 0
            func fits(_ r: RotatedPhotoCard?) -> Bool {
                r?.matches(side: side, pixelsPerPoint: rs.scale, rotation: rs.rotation, coveredHalfSide: covered) == true
            }
            // A build started off screen: take it when done. When the card is needed now: while scrolling,
            // draw it by the quick path this frame and hurry the build; else wait for it (or build it here).
            if let job = pendingBuild {
                var state = job.poll()
                if !state.finished && !isWarming && !mayDrawQuick {
                    if job.cancelIfNotStarted() { state = (true, nil) }   // not begun: build it here at once
                    else { builder.count { $0.waits += 1 }; state = (true, job.wait()) }
                }
                if state.finished {
                    pendingBuild = nil
                    if let built = state.card, fits(built) { rotatedCard = built }
                }
            }
            if isWarming {
                if mayRerender, !fits(rotatedCard), pendingBuild == nil {
                    pendingBuild = builder.submit(content, side: side, pixelsPerPoint: rs.scale,
                                                  rotation: rs.rotation, covered: covered)
                }
                return
            }
            if mayRerender, !fits(rotatedCard), mayDrawQuick {
                if let job = pendingBuild { builder.makeUrgent(job) }
                else {
                    pendingBuild = builder.submit(content, side: side, pixelsPerPoint: rs.scale, rotation: rs.rotation,
                                                  covered: covered, urgent: true)
                }
                builder.count { $0.quickDraws += 1 }
                PhotoCardRenderer().drawQuick(content, in: ctx, rect: CanvasRect(x: 0, y: 0, width: side, height: side))
                drewQuick = true
                drawFocusRing(in: ctx, side: side)
                return
            }
            if mayRerender, !fits(rotatedCard) {
                builder.count { $0.builtOnUIThread += 1 }
                if card?.matches(side: side, deviceScale: rs.scale) != true {
                    card = try? CachedPhotoCard(content, side: side, deviceScale: rs.scale)
                }
                rotatedCard = card.flatMap {
                    try? RotatedPhotoCard(from: $0, pixelsPerPoint: rs.scale, rotation: rs.rotation, coveredHalfSide: covered)
                }
            }
            if let r = rotatedCard, fits(r) {
                r.draw(in: ctx, deviceX: m.a * c + m.c * c + m.tx, deviceY: m.b * c + m.d * c + m.ty, coveredHalfSide: covered)
                card = nil
                drawn = true
            }
        }
        if !drawn {
            if card == nil || (mayRerender && !card!.matches(side: side, deviceScale: deviceScale)) {
                card = try? CachedPhotoCard(content, side: side, deviceScale: deviceScale)
            }
            guard let card else { return }
            let scale = (1 + 0.05 * lift) * side / card.side
            if castsLiftShadow && lift > 0.01 {
                let s = side * (1 + 0.05 * lift)
                ctx.drawSoftShadow(of: CanvasRect(x: c - s / 2, y: c - s / 2, width: s, height: s), radius: 10 * lift,
                                   dx: 0, dy: 8 * lift, color: RGBA(0, 0, 0, 0.35 * lift))
            }
            card.draw(in: ctx, centerX: c, centerY: c, scale: scale)
        }
        drawFocusRing(in: ctx, side: side)
    }

    private func drawFocusRing(in ctx: CairoContext, side: Double) {
        let c = side / 2
        if showsFocusRing {
            let s = side * (1 + 0.05 * lift) + 10
            ctx.newPath()
            ctx.roundedRectangle(CanvasRect(x: c - s / 2, y: c - s / 2, width: s, height: s), radius: 6)
            ctx.setLineWidth(3)
            ctx.setColor(RGBA(0.38, 0.68, 1.0, 0.95))
            ctx.stroke()
        }
    }
}
