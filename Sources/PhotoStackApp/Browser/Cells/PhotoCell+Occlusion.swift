import Canvas

extension PhotoCell {
    /// The square (element points) that the next `draw` paints opaque: the photo of the unrotated card it will draw
    /// with the element's transform, when that card's square is opaque (a photo without transparency), less the
    /// reach of the bilinear filter at its edge. Nil when the cell draws its exact resting card, the quick card, a
    /// translucent placeholder or nothing (none of these is counted on to hide what lies beneath).
    var drawnOpaqueSquare: CanvasRect? {
        guard isDrawn, let photo, let service, let a = attributes, a.size.width > 0 else { return nil }
        let contentKey = service.cardContent(for: photo.id, pixelSize: pixelSize).key
        if restingKey(contentKey).flatMap({ service.rotatedCard($0) }) != nil { return nil }
        guard let card = unrotatedKey(contentKey).flatMap({ service.unrotatedCard($0) }) ?? service.standIn(for: photo.id),
              card.hasOpaqueSquare else { return nil }
        let side = a.size.width, c = side / 2
        // `draw` scales the card (its pixels about their centre) by this many element points per card point.
        let scale = (1 + Self.liftGrowth * lift) * side / card.side
        let half = card.opaqueHalfSide / card.deviceScale * scale
        guard half > 0 else { return nil }
        return CanvasRect(x: c - half, y: c - half, width: 2 * half, height: 2 * half)
    }

    /// True when the next `draw` shows the photo's image over the card's whole square: its exact card, an unrotated
    /// card with an opaque square, or the quick card of the image — not the translucent placeholder, the broken mark,
    /// or a stand-in that is one of these.
    var drawsPhoto: Bool {
        guard isDrawn, let photo, let service else { return false }
        let contentKey = service.cardContent(for: photo.id, pixelSize: pixelSize).key
        guard case .image = contentKey else { return false }
        if restingKey(contentKey).flatMap({ service.rotatedCard($0) }) != nil { return true }
        guard let card = unrotatedKey(contentKey).flatMap({ service.unrotatedCard($0) }) ?? service.standIn(for: photo.id) else {
            return true   // the quick card of the image
        }
        return card.hasOpaqueSquare
    }
}
