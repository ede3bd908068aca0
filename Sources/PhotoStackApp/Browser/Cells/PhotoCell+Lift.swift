import Canvas

extension PhotoCell {
    /// How much a fully lifted card grows (1 + this × `lift`).
    static let liftGrowth = 0.05

    /// The lift's soft shadow under the card (drawn by the bottom card of a lifted stack, before its card): the card's
    /// square grown with the lift, offset down by 8 pt × lift, blurred over 10 pt × lift, at 0.35 × lift opacity.
    /// `covered` (element points): what the card drawn next paints opaque, left out of the kernel's shadow.
    ///
    /// While the stack lifts or drops (0 < lift < 1) the shadow is evaluated per pixel by one C pass
    /// (`SoftShadowComposite`), within a level or two of the layered fills; lifted at rest it is drawn by
    /// `drawSoftShadow`, as before.
    func drawLiftShadow(in ctx: CairoContext, side: Double, covered: CanvasRect?) {
        let c = side / 2, s = side * (1 + Self.liftGrowth * lift)
        let rect = CanvasRect(x: c - s / 2, y: c - s / 2, width: s, height: s), color = RGBA(0, 0, 0, 0.35 * lift)
        if lift < Self.fullLift, SoftShadowComposite.draw(in: ctx, of: rect, radius: 10 * lift, dx: 0, dy: 8 * lift, color: color,
                                                          covered: covered) { return }
        ctx.drawSoftShadow(of: rect, radius: 10 * lift, dx: 0, dy: 8 * lift, color: color)
    }

    /// A lift from which on the stack counts as lifted at rest (a finished lift animation ends at 1, within rounding).
    static let fullLift = 0.999_999

    /// The part of the lift shadow the card drawn over it hides: its opaque square (`drawnOpaqueSquare`: pixels whose
    /// centres lie inside it are opaque once the card is drawn) less a device pixel on every side, in element points for
    /// the element's device `matrix`; nil when the card is not sure to be opaque or the matrix shears.
    func liftShadowCovered(matrix m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)) -> CanvasRect? {
        guard let square = drawnOpaqueSquare, let ppp = RotatedPhotoCard.rotationAndScale(of: m)?.scale, ppp > 0 else { return nil }
        let r = square.insetBy(1 / ppp)
        return r.width > 0 && r.height > 0 ? r : nil
    }

    /// Draws the card's resting rotated card (`keyAtRest`) scaled by the lift about the card's centre, when it is held and
    /// the element is drawn unsheared at the rotation and scale it was made for: what a lifting stack shows until its
    /// unrotated cards arrive from the builders (a frame or two), instead of building them on the UI thread. False when it
    /// cannot (nothing drawn).
    ///
    /// `moving`: the lift is between its ends (lifting or dropping: it changes in every frame for 0.16 s): the card is
    /// scaled with the nearest texel (`ps_scale_nearest_occluded`, one load a pixel; a rotated bilinear resample of the
    /// unrotated card cost a quarter of such a frame) and the lift shadow is drawn under it by the bottom card. Lifted at
    /// rest the unrotated card is drawn exactly instead; only a lift at rest still waiting for it comes here unmoving
    /// (bilinear, no shadow for that frame or two, as before).
    func drawRestingCardLifted(in ctx: CairoContext, side: Double, contentKey: CardKey.Content, service: PhotoService,
                               moving: Bool = false) -> Bool {
        guard lift > 0, let g = geometryAtRest, let key = keyAtRest(contentKey), let r = service.rotatedCard(key) else { return false }
        let m = ctx.currentMatrix()
        guard let rs = RotatedPhotoCard.rotationAndScale(of: m), abs(rs.rotation - g.rotation) < 1e-5,
              abs(rs.scale - g.pixelsPerPoint) < 1e-4 else { return false }
        let c = side / 2
        service.countTransformedDraw()
        if moving && castsLiftShadow && lift > 0.01 { drawLiftShadow(in: ctx, side: side, covered: liftShadowCovered(matrix: m)) }
        r.draw(in: ctx, deviceX: m.a * c + m.c * c + m.tx, deviceY: m.b * c + m.d * c + m.ty, scale: 1 + Self.liftGrowth * lift,
               occluders: occluders, nearest: moving)
        return true
    }

    // MARK: The lifted card (a stack lifted at rest drawn as copies)

    /// The lift shadow at full lift, for the lifted card of the stack's bottom card (nil for the others).
    func fullLiftShadow(side: Double) -> LiftedPhotoCard.Shadow? {
        guard castsLiftShadow else { return nil }
        let c = side / 2, s = side * (1 + Self.liftGrowth)
        return LiftedPhotoCard.Shadow(rect: CanvasRect(x: c - s / 2, y: c - s / 2, width: s, height: s), radius: 10, dy: 8,
                                      color: RGBA(0, 0, 0, 0.35))
    }

    /// The key of the card's lifted card (`LiftedPhotoCard`) at full lift for the device matrix it was last drawn with
    /// while lifted; nil before such a draw.
    func liftedKey(_ contentKey: CardKey.Content) -> CardKey? {
        guard copiesLiftedCards, lift > 0, let m = liftDeviceMatrix, let u = unrotatedKey(contentKey) else { return nil }
        return CardKey(lifted: u, matrix: m, scale: 1 + Self.liftGrowth, shadow: castsLiftShadow)
    }

    /// Update phase, while the stack lifts or rests lifted: asks for the lifted card to be built in the background (the
    /// unrotated card `unrotated` through the matrix of the last lifted draw), so the frame where the lift comes to rest
    /// — and every redraw of it — is a copy instead of a rotated bilinear resample under cairo's layered shadow.
    func prepareLiftedCard(unrotated: CardKey, content: PhotoCardContent, side: Double) {
        guard let service, let m = liftDeviceMatrix, let key = liftedKey(unrotated.content) else { return }
        service.prepareLiftedCard(key, unrotated: unrotated, content: content, side: side, deviceScale: deviceScale, matrix: m,
                                  scale: 1 + Self.liftGrowth, shadow: fullLiftShadow(side: side))
    }

    /// Lifted at rest: draws the lifted card as one pixel-aligned copy (shadow included) when it is built for this device
    /// matrix and the exact drawing would use the unrotated card it was made from (this size). False: nothing drawn.
    func drawLiftedCard(in ctx: CairoContext, matrix m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double),
                        contentKey: CardKey.Content, service: PhotoService) -> Bool {
        guard lift >= Self.fullLift, let key = liftedKey(contentKey), let card = service.liftedCard(key),
              let u = unrotatedKey(contentKey), service.hasExactUnrotatedCard(u), card.draw(in: ctx, matrix: m) else { return false }
        service.countLiftedCopy()
        return true
    }
}
