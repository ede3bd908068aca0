import Canvas
import PhotoPipeline

/// Where a card comes to rest when the reflow under way (a zoom step, a resize) ends: set by the screen on every card
/// while elements animate.
struct ReflowRest: Equatable {
    /// The card's side at rest, points.
    var side: Double
    /// The rotation (radians) of the stack's top card, which covers this card's middle at rest; nil for the top card.
    var coveringRotation: Double?
}

/// A reflow changes every card's size for half a second. Drawing the cards of a new size each frame — built on the UI
/// thread, or the quick card (photo, border and shadow drawn by cairo) while they are built — cost 20–270 ms a frame
/// at 1920 × 1080. Instead, while the reflow runs, the card the cell will draw at rest when it ends is built in the
/// background from its first frame, and meanwhile a rotated card of the photo made for another size stands in, scaled
/// about its centre by one bilinear pass of the C kernel: the card of the rest to come once it is built, else the card
/// the cell drew at its last rest. The stack's cards keep their rotation through a reflow, so the rotated card only
/// needs the scale. At rest the exact card is drawn as before (one pixel-aligned copy); if it is not built yet when
/// the reflow ends, the stand-in is drawn (and the state reports the card pending) until it arrives.
extension PhotoCell {
    /// The rotated card the cell will draw when the reflow ends, for `content`; nil when no reflow runs, when the card
    /// will rest straight (its exact rendering is then the unrotated card) or is lifted.
    func reflowRestKey(_ content: CardKey.Content) -> CardKey? {
        guard let photo, let g = reflowRestGeometry else { return nil }
        return CardKey(photo: photo.id, content: content, side: g.side, pixelsPerPoint: deviceScale, rotation: g.rotation,
                       covered: g.covered)
    }

    /// The card's geometry at the rest to come, as `geometryAtRest` will give it then: side (points), rotation (radians)
    /// and covered middle (device pixels, half side); nil when no reflow runs, the card is lifted or will rest straight.
    var reflowRestGeometry: (side: Double, rotation: Double, covered: Double)? {
        guard let r = reflowRest, lift < 0.0001, let a = attributes else { return nil }
        let covered = r.coveringRotation.map { RotatedPhotoCard.inscribedHalfSide(side: r.side, rotation: $0) * deviceScale } ?? 0
        if a.transform.rotation == 0 && covered <= 0 { return nil }
        return (r.side, a.transform.rotation, covered)
    }

    /// Update phase while elements animate: asks for the card of the rest to come (built in the background: urgently on
    /// screen, ahead in the display margin) and keeps the last resting one. True when one of them is held to stand in.
    func prepareReflowCards(content: PhotoCardContent, contentKey: CardKey.Content, onScreen: Bool) -> Bool {
        guard let service else { return false }
        if let k = reflowRestKey(contentKey), let g = reflowRestGeometry {
            service.prepareCard(k, content: content, side: g.side, pixelsPerPoint: deviceScale, rotation: g.rotation,
                                covered: g.covered, need: onScreen ? .soon : .ahead)
        }
        if let k = lastRestingKey, Self.mayStandIn(k.content, for: contentKey) { service.keepCard(k) }
        return hasRotatedStandIn(contentKey)
    }

    /// The rotated card of this photo that stands in for the exact one showing `content`: the card of the rest to come,
    /// else the last resting card (of this content, or of another image of the photo: a zoom asks for images of
    /// another size); nil when neither is held.
    func rotatedStandIn(_ content: CardKey.Content) -> RotatedPhotoCard? {
        guard let service, let photo else { return nil }
        for key in [reflowRestKey(content), lastRestingKey].compactMap({ $0 })
        where key.photo == photo.id && Self.mayStandIn(key.content, for: content) {
            if let card = service.rotatedCard(key) { return card }
        }
        return nil
    }

    /// True when a card showing `standIn` may be drawn for one showing `content`: the same, or both images of the photo
    /// (not the placeholder for a loaded image: that one is built at once at rest, as before).
    static func mayStandIn(_ standIn: CardKey.Content, for content: CardKey.Content) -> Bool {
        switch (standIn, content) {
        case (.image, .image): return true
        default: return standIn == content
        }
    }

    /// True when a rotated card can stand in (see `rotatedStandIn`).
    func hasRotatedStandIn(_ content: CardKey.Content) -> Bool { rotatedStandIn(content) != nil }

    /// Draws the rotated stand-in scaled to the element's size, when the element is drawn unsheared at the card's
    /// rotation and, at rest, the card does not rest straight (its exact rendering is then the unrotated card). False
    /// when it cannot (nothing drawn).
    func drawRotatedStandIn(in ctx: CairoContext, side: Double, contentKey: CardKey.Content, service: PhotoService) -> Bool {
        guard lift < 0.0001, let g = geometryAtRest, reflowRest != nil || !restsStraight(g), let r = rotatedStandIn(contentKey)
        else { return false }
        let m = ctx.currentMatrix()
        guard let rs = RotatedPhotoCard.rotationAndScale(of: m), abs(rs.rotation - r.rotation) < 1e-5,
              r.side > 0, r.pixelsPerPoint > 0 else { return false }
        let c = side / 2
        service.countTransformedDraw()
        r.draw(in: ctx, deviceX: m.a * c + m.c * c + m.tx, deviceY: m.b * c + m.d * c + m.ty,
               scale: side * rs.scale / (r.side * r.pixelsPerPoint), occluders: occluders)
        return true
    }
}
