import Canvas
import StackEngine

extension CollectionScreen {
    /// Draws background, every element of the display list (`DrawableView`s and template cells) (zIndex order, each with its transform
    /// and alpha about its centre), the scroll indicators and the overlay. Units are viewport points.
    public func draw(in ctx: CairoContext, width: Double, height: Double, scale: Double) {
        drawBackground(in: ctx)
        let offset = collectionView.contentOffset
        let viewport = Rect(x: offset.x, y: offset.y, width: width, height: height)
        for item in collectionView.displayList {
            let a = item.attributes
            guard !a.isHidden, a.alpha > 0.001, a.boundingBox.intersects(viewport) else { continue }
            let paint: () -> Void
            if let view = item.view as? DrawableView {
                paint = { view.draw(in: ctx, size: a.size, deviceScale: scale) }
            } else if let cell = item.view as? TemplateCellView {
                paint = { TemplateCellPainter.draw(cell, in: ctx, size: a.size) }
            } else { continue }
            let t = item.drawingTransform(contentOffset: offset)
            ctx.withSavedState {
                ctx.transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
                ctx.translate(-a.size.width / 2, -a.size.height / 2)
                if a.alpha < 0.999 {
                    ctx.pushGroup()
                    paint()
                    ctx.popGroupAndPaint(alpha: a.alpha)
                } else {
                    paint()
                }
            }
        }
        drawIndicators(in: ctx)
        drawOverlay(in: ctx)
        if elementsWarmedPerFrame > 0 { warmOffscreenElements(in: ctx, viewport: viewport, offset: offset, scale: scale) }
    }

    /// Lets live renderers just outside the viewport (within the collection view's `displayMargin`) build
    /// their caches before they scroll in, nearest first, a few per frame: each is "drawn" with an empty
    /// clip, so only its cache work is done.
    func warmOffscreenElements(in ctx: CairoContext, viewport: Rect, offset: Point, scale: Double) {
        var pending: [(distance: Double, item: DisplayItem)] = []
        for item in collectionView.displayList {
            let a = item.attributes
            guard !a.isHidden, a.alpha > 0.001, let view = item.view as? DrawableView, view.needsWarming,
                  !a.boundingBox.intersects(viewport) else { continue }
            let b = a.boundingBox
            pending.append((max(b.minY - viewport.maxY, viewport.minY - b.maxY, 0), item))
        }
        guard !pending.isEmpty else { return }
        pending.sort { $0.distance < $1.distance }
        ctx.withSavedState {
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: 0, y: 0, width: 0, height: 0))
            ctx.clip()
            for (_, item) in pending.prefix(elementsWarmedPerFrame) {
                let a = item.attributes
                let t = item.drawingTransform(contentOffset: offset)
                ctx.withSavedState {
                    ctx.transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
                    ctx.translate(-a.size.width / 2, -a.size.height / 2)
                    if let view = item.view as? DrawableView {
                        view.isWarming = true
                        view.draw(in: ctx, size: a.size, deviceScale: scale)
                        view.isWarming = false
                    }
                }
            }
        }
    }

    func drawIndicators(in ctx: CairoContext) {
        guard scroller.lastMovementTime != nil else { return }
        let alpha = indicators.alpha(timeSinceLastMovement: scroller.timeSinceLastMovement(at: clock.now))
        guard alpha > 0 else { return }
        for axis in [ScrollAxis.vertical, .horizontal] {
            guard let thumb = indicators.thumbRect(axis, geometry: scroller.geometry, offset: collectionView.contentOffset)
            else { continue }
            let r = CanvasRect(x: thumb.minX, y: thumb.minY, width: thumb.width, height: thumb.height)
            ctx.roundedRectangle(r, radius: min(r.width, r.height) / 2)
            ctx.setColor(RGBA(0, 0, 0, 0.45 * alpha))
            ctx.fill(preserve: true)
            ctx.setLineWidth(1)
            ctx.setColor(RGBA(1, 1, 1, 0.35 * alpha))
            ctx.stroke()
        }
    }
}
