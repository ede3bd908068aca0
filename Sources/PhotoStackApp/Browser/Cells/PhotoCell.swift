import Canvas
import PhotoPipeline
import StackEngine

/// One photo card (a cell of the albums screen's stacks and of the album grid): the photo aspect-filled in a
/// white-bordered square with a soft shadow. It owns no pixels: in the update phase the screen calls
/// `prepare`, which asks the `PhotoService` for the card rendering this cell needs (built now, in the
/// background, or kept as it is while animating); `draw` then paints what the service has — the rotated card
/// as one pixel-aligned copy, an unrotated card with the element's transform, or the quick card while the
/// exact one is being built. The photo is looked up by identity, so a renderer reused for another photo never
/// shows the old one's pixels.
final class PhotoCell: DrawableView {
    /// The photo shown (set by the screen's cell provider; cleared on reuse).
    var photo: Photo?
    /// Where images and cards come from.
    var service: PhotoService?
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
    /// The photo is what an action applies to because the pointer rests on it, or a context menu is open for it:
    /// a white frame, distinct from the keyboard's blue ring.
    var showsTargetHighlight = false
    /// The rotation (radians) of the opaque card drawn on top of this one about the same centre (the stack's
    /// top card), if any: the part of this card it covers is not composited.
    var coveringRotation: Double?
    /// When false (elements are animating) no new card is made: what exists is drawn, scaled if need be.
    var mayRerender = true
    /// While true (the screen is scrolling), a card whose exact rendering is not built yet is drawn by the quick
    /// path while its build runs in the background; when false the exact card is built before drawing.
    var mayDrawQuick = false
    /// While the lift moves (0 < lift < 1) the card is drawn from its resting rotated card scaled, one texel a pixel
    /// (`drawRestingCardLifted`); false: from its unrotated card, bilinear (what tests compare it with).
    var scalesRestingCardWhileLifting = true
    /// Device pixels per point at the last `prepare`.
    private(set) var deviceScale = 1.0
    /// While elements animate (a zoom's or a resize's reflow): where the card comes to rest when they stop, set by the
    /// screen; nil at rest (`PhotoCell+Reflow.swift`).
    var reflowRest: ReflowRest?
    /// The rotated card the cell drew last at rest: while a reflow changes the card's size it stands in, scaled, until
    /// the card of the new size is built in the background (`PhotoCell+Reflow.swift`).
    var lastRestingKey: CardKey?
    /// True from a reflow until the cell draws its exact card at rest: a card with nothing to stand in is then drawn quick
    /// while it is built in the background, not built on the UI thread (`PhotoCell+Reflow.swift`).
    var comesToRestFromReflow = false
    /// The device matrix the cell was last drawn with while lifted (nil at rest): its lifted card is built for it in the
    /// background (`PhotoCell+Lift.swift`).
    var liftDeviceMatrix: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)?
    /// Draws a stack lifted at rest from its pre-rendered lifted cards when built (false: always the exact drawing).
    var copiesLiftedCards = true
    /// Draws the card at the element's own proportions straight from the photo's image (`PhotoCell+Proportional.swift`:
    /// the justified grid) instead of the square card path.
    var keepsProportions = false
    /// The height of the file-name band under the card, points (0: no name): with `keepsProportions` the frame's bottom
    /// band; a square card draws it only when its frame is that much taller than wide (not in a stack's pile).
    var captionHeight = 0.0
    /// The file name's layout, kept while the name and width stay.
    var captionLayout: TextLayout?

    override func prepareForReuse() {
        photo = nil
        lift = 0
        castsLiftShadow = false
        showsFocusRing = false
        showsTargetHighlight = false
        coveringRotation = nil
        isDrawn = true
        occluders = []
        occlusionGroup = nil
        reflowRest = nil
        lastRestingKey = nil
        comesToRestFromReflow = false
        liftDeviceMatrix = nil
        captionLayout = nil
    }

    /// The card geometry at rest (no lift): side (points), device pixels per point, rotation (radians) and the
    /// covered middle (device pixels, half side), from the element's attributes.
    var restingGeometry: (side: Double, pixelsPerPoint: Double, rotation: Double, covered: Double)? {
        guard lift < 0.0001 else { return nil }
        return geometryAtRest
    }

    /// The card geometry it has (lifted) or will have (dropped) at rest, whatever its lift now.
    var geometryAtRest: (side: Double, pixelsPerPoint: Double, rotation: Double, covered: Double)? {
        guard let a = attributes else { return nil }
        let side = a.size.width, ppp = deviceScale * a.transform.scale
        let covered = coveringRotation.map { RotatedPhotoCard.inscribedHalfSide(side: side, rotation: $0) * ppp } ?? 0
        return (side, ppp, a.transform.rotation, covered)
    }

    /// The rotated card's key for `content`, if the card rests (no lift).
    func restingKey(_ content: CardKey.Content) -> CardKey? {
        guard lift < 0.0001 else { return nil }
        return keyAtRest(content)
    }

    /// The key of the rotated card the cell draws when it rests (no lift), whatever its lift now: while a stack lifts,
    /// its resting cards, scaled, stand in for the unrotated cards being built (`PhotoCell+Lift.swift`).
    func keyAtRest(_ content: CardKey.Content) -> CardKey? {
        guard let photo, let g = geometryAtRest else { return nil }
        return CardKey(photo: photo.id, content: content, side: g.side, pixelsPerPoint: g.pixelsPerPoint, rotation: g.rotation,
                       covered: g.covered)
    }

    /// The unrotated card's key for `content`.
    func unrotatedKey(_ content: CardKey.Content) -> CardKey? {
        guard let photo, let a = attributes else { return nil }
        return CardKey(unrotatedPhoto: photo.id, content: content, side: a.size.width, deviceScale: deviceScale)
    }

    /// True when the card rests unrotated, uncovered and unscaled: its exact rendering is then the unrotated card
    /// at its size, copied pixel-aligned (no separate rotated card is built).
    func restsStraight(_ g: (side: Double, pixelsPerPoint: Double, rotation: Double, covered: Double)) -> Bool {
        g.rotation == 0 && g.covered <= 0 && abs(g.pixelsPerPoint - deviceScale) < 1e-9
    }

    /// Update phase: keeps this card's image and asks for the card rendering it will draw. `onScreen`: the
    /// element meets the window (else it is live in the display margin and its card is built ahead).
    ///
    /// Cards are built on the UI thread only when nothing of the photo can be drawn meanwhile: while another
    /// rendering of it can stand in (an unrotated card of another size or an older image, drawn with a
    /// transform), the card is built in the background and arrives through the inbox a frame or two later.
    func prepare(deviceScale: Double, onScreen: Bool) {
        self.deviceScale = deviceScale
        guard isDrawn, let photo, let service, let a = attributes else { return }
        if keepsProportions { prepareProportional(photo: photo, service: service); return }
        service.markInUse(photo.id, pixelSize: pixelSize)
        let (content, contentKey) = service.cardContent(for: photo.id, pixelSize: pixelSize)
        let hasStandIn = service.hasStandIn(for: photo.id) || hasRotatedStandIn(contentKey)
        // At rest a card with nothing to stand in is built now; while elements animate (a fly-out, a zoom step bringing
        // new stacks on screen) it is built in the background and drawn quick for a frame or two, so the first frame
        // of an animation does not build a screenful of cards.
        if reflowRest != nil { comesToRestFromReflow = true }
        if mayRerender, comesToRestFromReflow, drawsExactCard(photo: photo, service: service) { comesToRestFromReflow = false }
        let onScreenNeed: PhotoService.CardNeed = hasStandIn ? .soon : mayRerender && !comesToRestFromReflow ? .now : .whileScrolling
        if let g = restingGeometry, let key = restingKey(contentKey) {
            if restsStraight(g), let u = unrotatedKey(contentKey) {
                // (While elements animate no card is covered: one resting covered at rotation 0 keeps its rotated stand-in.)
                if !mayRerender, prepareReflowCards(content: content, contentKey: contentKey, onScreen: onScreen) { return }
                let need: PhotoService.CardNeed = !onScreen ? .ahead : mayDrawQuick ? .whileScrolling : onScreenNeed
                service.prepareUnrotatedCard(u, content: content, side: a.size.width, deviceScale: deviceScale,
                                             anySize: !mayRerender, need: need)
                return
            }
            if !mayRerender {
                // Animating: an exact card still fits where nothing moves; elsewhere a rotated card of another size (the one
                // of the rest to come, built in the background, or the last resting one) or an unrotated one is drawn scaled.
                service.keepCard(key)
                let rotatedStandIn = prepareReflowCards(content: content, contentKey: contentKey, onScreen: onScreen)
                if service.rotatedCard(key) == nil, !rotatedStandIn, onScreen, let u = unrotatedKey(contentKey) {
                    service.prepareUnrotatedCard(u, content: content, side: a.size.width, deviceScale: deviceScale, anySize: true,
                                                 need: onScreenNeed)
                }
                return
            }
            let need: PhotoService.CardNeed = !onScreen ? .ahead : mayDrawQuick ? .whileScrolling : onScreenNeed
            if let k = lastRestingKey, k != key { service.keepCard(k) }   // it stands in until this one arrives
            service.prepareCard(key, content: content, side: g.side, pixelsPerPoint: g.pixelsPerPoint, rotation: g.rotation,
                                covered: g.covered, need: need)
            if service.rotatedCard(key) != nil { lastRestingKey = key }
        } else if onScreen, let u = unrotatedKey(contentKey) {
            // Lifting (or dropping): the resting rotated card, scaled, stands in while the unrotated card is built in the
            // background; it is kept for the drop's last frame.
            let restingCard = mayRerender ? keyAtRest(contentKey).flatMap { k -> CardKey? in
                service.keepCard(k)
                return service.rotatedCard(k) != nil ? k : nil
            } : nil
            service.prepareUnrotatedCard(u, content: content, side: a.size.width, deviceScale: deviceScale, anySize: !mayRerender,
                                         need: restingCard != nil ? .soon : onScreenNeed)
            if mayRerender { prepareLiftedCard(unrotated: u, content: content, side: a.size.width) }
        }
    }

    /// Everything the card's pixels depend on besides its attributes, including which card rendering is ready.
    /// Only the exact card (one pixel-aligned copy) is the same pixel for pixel at every device offset; a quick or
    /// scaled card is resampled differently at each offset (cairo's filters quantise the sampling phase), so until its
    /// exact card arrives it has no signature and is redrawn in every scroll-copy frame rather than moved.
    override var appearanceSignature: Int? {
        if keepsProportions { var h = Hasher(); proportionalSignature(into: &h); return h.finalize() }
        if isDrawn, let photo, let service, !drawsExactCard(photo: photo, service: service) { return nil }
        var h = Hasher()
        h.combine(photo?.id)
        h.combine(isDrawn); h.combine(lift); h.combine(castsLiftShadow); h.combine(showsFocusRing); h.combine(showsTargetHighlight); h.combine(isSelected)
        // Not `mayRerender` or `mayDrawQuick`: they choose what is built next, not how an exact card is drawn (they flip
        // when a fling starts and ends, which would redraw every card of those frames).
        h.combine(coveringRotation); h.combine(pixelSize); h.combine(deviceScale); h.combine(captionHeight)
        if let photo, let service {
            h.combine(service.isIncomplete(photo.id))
            let contentKey = service.cardContent(for: photo.id, pixelSize: pixelSize).key
            h.combine(contentKey)
            h.combine(restingKey(contentKey).map { service.rotatedCard($0) != nil })
            h.combine(unrotatedKey(contentKey).flatMap { service.unrotatedCard($0) }.map(ObjectIdentifier.init))
        }
        return h.finalize()
    }

    /// Everything `draw` depends on besides the attributes and the device position, whichever rendering it draws (the
    /// exact card, a stand-in scaled, the quick card): a card resting lifted under the pointer while the scroll
    /// indicators fade is not redrawn in every frame. nil while other elements occlude part of it (a fly-out's pile).
    override var appearanceSignatureInPlace: Int? {
        guard occluders.isEmpty else { return nil }
        if keepsProportions { var h = Hasher(); proportionalSignature(into: &h); return h.finalize() }
        var h = Hasher()
        h.combine(photo?.id)
        h.combine(isDrawn); h.combine(lift); h.combine(castsLiftShadow); h.combine(showsFocusRing); h.combine(showsTargetHighlight); h.combine(isSelected)
        h.combine(coveringRotation); h.combine(pixelSize); h.combine(deviceScale); h.combine(captionHeight)
        if isDrawn, let photo, let service {
            h.combine(service.isIncomplete(photo.id))
            let contentKey = service.cardContent(for: photo.id, pixelSize: pixelSize).key
            h.combine(contentKey)
            h.combine(restingKey(contentKey).flatMap { service.rotatedCard($0) }.map(ObjectIdentifier.init))
            h.combine(unrotatedKey(contentKey).flatMap { service.unrotatedCard($0) }.map(ObjectIdentifier.init))
            h.combine(service.standIn(for: photo.id).map(ObjectIdentifier.init))
            h.combine(liftedKey(contentKey).flatMap { service.liftedCard($0) }.map(ObjectIdentifier.init))
        }
        return h.finalize()
    }

    /// The square the next `draw` paints opaque (`PhotoCell+Occlusion.swift`).
    override var opaqueRect: CanvasRect? { keepsProportions ? nil : drawnOpaqueSquare }
    override var hidesIdenticalElementsBeneath: Bool { !keepsProportions && drawsPhoto }

    /// The image surface on the card, if any (tests check identity with it).
    var shownSurface: ImageSurface? {
        guard let photo, let service else { return nil }
        return service.image(for: photo.id, pixelSize: pixelSize)?.surface
    }

    /// True when the card at rest has its exact rendering: the rotated card, or the unrotated one at its size for
    /// a card resting straight.
    func drawsExactCard(photo: Photo, service: PhotoService) -> Bool {
        let contentKey = service.cardContent(for: photo.id, pixelSize: pixelSize).key
        guard let g = restingGeometry, let key = restingKey(contentKey) else { return false }
        if restsStraight(g) { return unrotatedKey(contentKey).map { service.hasExactUnrotatedCard($0) } ?? false }
        return service.rotatedCard(key) != nil
    }

    /// True when the card rests (no lift) but its exact rendering is not built yet: a stand-in or the quick card
    /// is drawn until it arrives. A query: nothing is prepared or marked.
    var waitsForExactCard: Bool {
        guard isDrawn, !keepsProportions, let photo, let service, restingGeometry != nil else { return false }
        return !drawsExactCard(photo: photo, service: service)
    }

    override func draw(in ctx: CairoContext, size: Size, deviceScale: Double) {
        guard isDrawn, size.width > 0, let photo, let service else { return }
        if keepsProportions { drawProportional(in: ctx, size: size, photo: photo, service: service); return }
        let (content, contentKey) = service.cardContent(for: photo.id, pixelSize: pixelSize)
        let side = size.width, c = side / 2
        let m = ctx.currentMatrix()
        // At rest: the rendering at this exact device scale and rotation, one unfiltered pixel-aligned copy.
        if let g = restingGeometry, RotatedPhotoCard.rotationAndScale(of: m) != nil, let key = restingKey(contentKey) {
            if let r = service.rotatedCard(key) {
                r.draw(in: ctx, deviceX: m.a * c + m.c * c + m.tx, deviceY: m.b * c + m.d * c + m.ty, coveredHalfSide: g.covered)
                drawMarks(in: ctx, side: side, photo: photo, service: service)
                return
            }
        }
        if lift > 0 { liftDeviceMatrix = m } else { liftDeviceMatrix = nil }
        // Lifted at rest: its lifted card, built in the background since the lift began, as one copy (`PhotoCell+Lift.swift`).
        if drawLiftedCard(in: ctx, matrix: m, contentKey: contentKey, service: service) {
            drawMarks(in: ctx, side: side, photo: photo, service: service)
            return
        }
        // Lifting or dropping (the lift between its ends): the resting rotated card scaled by the lift, one texel a pixel
        // (`PhotoCell+Lift.swift`); lifted at rest the unrotated card below draws it exactly, as before.
        if scalesRestingCardWhileLifting, lift > 0, lift < Self.fullLift, drawRestingCardLifted(in: ctx, side: side, contentKey: contentKey, service: service, moving: true) {
            drawMarks(in: ctx, side: side, photo: photo, service: service)
            return
        }
        // Lifted, animating, resting straight, or waiting for its exact card: an unrotated card with the element's
        // transform — the one of this content (any size), else the photo's stand-in; with neither (scrolling onto a
        // photo never drawn): the quick card.
        if drawRotatedStandIn(in: ctx, side: side, contentKey: contentKey, service: service) {
            drawMarks(in: ctx, side: side, photo: photo, service: service)
            return
        }
        guard let card = unrotatedKey(contentKey).flatMap({ service.unrotatedCard($0) }) ?? service.standIn(for: photo.id) else {
            if drawRestingCardLifted(in: ctx, side: side, contentKey: contentKey, service: service) {
                drawMarks(in: ctx, side: side, photo: photo, service: service)
                return
            }
            service.countQuickDraw()
            drawQuick(content, in: ctx, side: side)
            return
        }
        let scale = (1 + Self.liftGrowth * lift) * side / card.side
        if RotatedPhotoCard.rotationAndScale(of: m).map({ $0.rotation != 0 || abs($0.scale * scale / card.deviceScale - 1) > 1e-9 }) ?? true {
            service.countTransformedDraw()
        }
        if castsLiftShadow && lift > 0.01 { drawLiftShadow(in: ctx, side: side, covered: liftShadowCovered(matrix: m)) }
        card.draw(in: ctx, centerX: c, centerY: c, scale: scale, occluders: occluders)
        drawMarks(in: ctx, side: side, photo: photo, service: service)
    }

    /// The focus ring, and the "incomplete file" mark on a photo decoded from a file that ended early.
    private func drawMarks(in ctx: CairoContext, side: Double, photo: Photo, service: PhotoService) {
        drawFocusRing(in: ctx, side: side)
        drawCaptionUnderSquare(in: ctx, side: side, photo: photo)
        guard service.isIncomplete(photo.id), side > 60 else { return }
        NoteDrawing.pill("incomplete file", in: ctx, centerX: side / 2, centerY: side - min(24, side / 8),
                         maxWidth: side - 12, font: "Sans Bold \(Int(max(8, min(12, side / 18))))", alpha: 0.85)
    }

    /// The quick card: drawn directly, no cache (while the exact card is built).
    private func drawQuick(_ content: PhotoCardContent, in ctx: CairoContext, side: Double) {
        PhotoCardRenderer().drawQuick(content, in: ctx, rect: CanvasRect(x: 0, y: 0, width: side, height: side))
        drawFocusRing(in: ctx, side: side)
        if let photo { drawCaptionUnderSquare(in: ctx, side: side, photo: photo) }
    }

    private func drawFocusRing(in ctx: CairoContext, side: Double) {
        if isSelected { drawSelectionMark(in: ctx, side: side) }
        if showsTargetHighlight {
            let s = side * (1 + 0.05 * lift) + 4, c = side / 2
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: c - s / 2, y: c - s / 2, width: s, height: s))
            ctx.setLineWidth(2)
            ctx.setColor(RGBA(1, 1, 1, 0.9))
            ctx.stroke()
        }
        guard showsFocusRing else { return }
        let c = side / 2
        let s = side * (1 + 0.05 * lift) + 10
        ctx.newPath()
        ctx.roundedRectangle(CanvasRect(x: c - s / 2, y: c - s / 2, width: s, height: s), radius: 6)
        ctx.setLineWidth(3)
        ctx.setColor(RGBA(0.38, 0.68, 1.0, 0.95))
        ctx.stroke()
    }
}
