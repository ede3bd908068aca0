import Canvas
import Foundation
import StackEngine

/// The emblem above the content (the layout's "emblem" decoration), seen only while the content is
/// pulled down past its top: a round badge holding a small fanned stack of three photo cards with a
/// mountain-and-sun picture on the front one. Drawn with Cairo paths, scaled from a 100 × 100 design.
final class EmblemView: DrawableView {
    /// The design never changes (only its attributes do).
    override var appearanceSignature: Int? { 0 }

    override func draw(in ctx: CairoContext, size: Size, deviceScale: Double) {
        guard size.width > 1 else { return }
        ctx.withSavedState {
            ctx.scale(size.width / 100, size.height / 100)
            EmblemView.drawDesign(in: ctx)
        }
    }

    /// The 100 × 100 design.
    static func drawDesign(in ctx: CairoContext) {
        // Badge: a soft shadow, a white disc and a thin coloured ring.
        ctx.drawSoftShadow(of: CanvasRect(x: 6, y: 6, width: 88, height: 88), cornerRadius: 44, radius: 4, dx: 0, dy: 2,
                           color: RGBA(0, 0, 0, 0.45))
        ctx.newPath()
        ctx.arc(cx: 50, cy: 50, radius: 44, from: 0, to: 2 * .pi)
        ctx.setColor(RGBA(0.97, 0.96, 0.93))
        ctx.fill()
        ctx.newPath()
        ctx.arc(cx: 50, cy: 50, radius: 40, from: 0, to: 2 * .pi)
        ctx.setLineWidth(2)
        ctx.setColor(RGBA(0.85, 0.55, 0.25, 0.9))
        ctx.stroke()
        // Three cards fanned about the badge centre, back to front.
        let cards: [(angle: Double, colour: RGBA)] = [(-0.32, RGBA(0.36, 0.55, 0.72)), (0.22, RGBA(0.84, 0.52, 0.33)), (-0.05, RGBA(0.2, 0.3, 0.42))]
        for (i, card) in cards.enumerated() {
            ctx.withSavedState {
                ctx.translate(50, 52)
                ctx.rotate(card.angle)
                let r = CanvasRect(x: -19, y: -19, width: 38, height: 38)
                ctx.drawSoftShadow(of: r, radius: 1.5, dx: 0, dy: 1, color: RGBA(0, 0, 0, 0.35))
                ctx.newPath()
                ctx.rectangle(r)
                ctx.setColor(.white)
                ctx.fill()
                let inner = r.insetBy(3)
                ctx.newPath()
                ctx.rectangle(inner)
                ctx.setColor(card.colour)
                ctx.fill()
                if i == cards.count - 1 {
                    // Front card: sun and mountains.
                    ctx.newPath()
                    ctx.arc(cx: inner.x + inner.width * 0.72, cy: inner.y + inner.height * 0.3, radius: 4, from: 0, to: 2 * .pi)
                    ctx.setColor(RGBA(1, 0.82, 0.4))
                    ctx.fill()
                    ctx.newPath()
                    ctx.move(to: inner.x, inner.y + inner.height)
                    ctx.line(to: inner.x + inner.width * 0.38, inner.y + inner.height * 0.42)
                    ctx.line(to: inner.x + inner.width * 0.6, inner.y + inner.height * 0.72)
                    ctx.line(to: inner.x + inner.width * 0.76, inner.y + inner.height * 0.55)
                    ctx.line(to: inner.x + inner.width, inner.y + inner.height)
                    ctx.closePath()
                    ctx.setColor(RGBA(0.55, 0.78, 0.6))
                    ctx.fill()
                }
            }
        }
    }
}
