import Canvas
import PhotoPipeline
import StackEngine

/// The photo card at the photo's own proportions (the album grid's justified rows): the element's frame is the
/// card — the photo aspect-filled under a white border with the card's soft shadow — above `captionHeight` points
/// for the file name. Drawn straight from the photo's loaded image (no pre-built card), so a card of any shape
/// needs nothing but the image; the square card path (`PhotoCell.swift`) is not used while `keepsProportions`.
extension PhotoCell {
    /// Height of the file-name band under the card, points (0: no name).
    static let defaultCaptionHeight = 24.0

    /// The card's rectangle in the cell, points: the frame less the caption band.
    func proportionalCardRect(size: Size) -> CanvasRect {
        CanvasRect(x: 0, y: 0, width: size.width, height: max(0, size.height - captionHeight))
    }

    /// Update phase, proportional: keeps the photo's image in use (the screen asks for the loads).
    func prepareProportional(photo: Photo, service: PhotoService) {
        service.markInUse(photo.id, pixelSize: pixelSize)
    }

    /// What a proportional card's pixels depend on besides its attributes.
    func proportionalSignature(into h: inout Hasher) {
        h.combine(photo?.id); h.combine(isSelected); h.combine(showsFocusRing); h.combine(showsTargetHighlight); h.combine(captionHeight); h.combine(pixelSize)
        if let photo, let service {
            h.combine(service.cardContent(for: photo.id, pixelSize: pixelSize).key)
            h.combine(service.isIncomplete(photo.id))
        }
    }

    func drawProportional(in ctx: CairoContext, size: Size, photo: Photo, service: PhotoService) {
        let card = proportionalCardRect(size: size)
        guard card.width > 1, card.height > 1 else { return }
        let renderer = PhotoCardRenderer(style: Self.proportionalStyle(for: card))
        renderer.drawUnrotated(service.cardContent(for: photo.id, pixelSize: pixelSize).content, in: ctx, rect: card)
        if isSelected { drawProportionalSelection(in: ctx, card: card) }
        if showsTargetHighlight {
            ctx.newPath()
            ctx.rectangle(card.insetBy(-2))
            ctx.setLineWidth(2)
            ctx.setColor(RGBA(1, 1, 1, 0.9))
            ctx.stroke()
        }
        if showsFocusRing {
            ctx.newPath()
            ctx.roundedRectangle(card.insetBy(-5), radius: 6)
            ctx.setLineWidth(3)
            ctx.setColor(RGBA(0.38, 0.68, 1.0, 0.95))
            ctx.stroke()
        }
        if service.isIncomplete(photo.id), card.width > 60, card.height > 40 {
            NoteDrawing.pill("incomplete file", in: ctx, centerX: card.midX, centerY: (card.y + card.height) - min(24, card.height / 8),
                             maxWidth: card.width - 12, font: "Sans Bold \(Int(max(8, min(12, card.height / 18))))", alpha: 0.85)
        }
        if captionHeight > 0 { drawCaption(in: ctx, below: card, width: size.width, name: photo.displayName) }
    }

    /// The file name under a square card (the square grid with file names): drawn when the element's frame leaves
    /// room for it below the square.
    func drawCaptionUnderSquare(in ctx: CairoContext, side: Double, photo: Photo) {
        guard captionHeight > 0, let a = attributes, a.size.height - side >= captionHeight - 0.5 else { return }
        drawCaption(in: ctx, below: CanvasRect(x: 0, y: 0, width: side, height: side), width: side, name: photo.displayName)
    }

    /// The reference card style with the border scaled to the card's shorter side (as the square card's is to its side).
    static func proportionalStyle(for card: CanvasRect) -> PhotoCardStyle {
        var style = PhotoCardStyle.reference
        let short = min(card.width, card.height)
        style.borderWidth = max(2, min(style.borderWidth, short * 0.04))
        return style
    }

    private func drawProportionalSelection(in ctx: CairoContext, card: CanvasRect) {
        let blue = RGBA(0.16, 0.45, 0.92)
        ctx.newPath()
        ctx.rectangle(card)
        ctx.setColor(RGBA(0.16, 0.45, 0.92, 0.22))
        ctx.fill()
        let line = max(3, min(card.width, card.height) / 40)
        ctx.newPath()
        ctx.rectangle(card.insetBy(line / 2))
        ctx.setLineWidth(line)
        ctx.setColor(blue)
        ctx.stroke()
    }

    /// The file name centred in the band under the card, one line, ellipsized in the middle of nothing: at the end.
    private func drawCaption(in ctx: CairoContext, below card: CanvasRect, width: Double, name: String) {
        if captionLayout?.text != name || captionLayout?.width != max(10, width - 4) {
            captionLayout = TextLayout(text: name, font: "Sans 11", width: max(10, width - 4), alignment: .center, ellipsize: true)
        }
        guard let l = captionLayout else { return }
        l.draw(in: ctx, x: 2, y: (card.y + card.height) + (captionHeight - l.size.height) / 2 + 1, color: RGBA(1, 1, 1, 0.85),
               shadowColor: RGBA(0, 0, 0, 0.5))
    }
}
