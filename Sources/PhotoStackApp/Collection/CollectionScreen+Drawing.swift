import Canvas
import StackEngine

extension CollectionScreen {
    /// Draws background, every element of the display list (`DrawableView`s and template cells) (zIndex order, each with its transform
    /// and alpha about its centre), the scroll indicators and the overlay. Units are viewport points.
    ///
    /// When `supportsScrollCopy` and the target (an image surface) still holds this screen's previous frame
    /// of the same size (however long ago: the first frame of a fling after a rest, or a frame after a stall,
    /// is moved too), the frame is made by moving those pixels by
    /// the scroll distance and redrawing only the strip that scrolled in and the elements whose attributes
    /// or look (`DrawableView.appearanceSignature`) changed; the content offset is then drawn snapped to
    /// whole device pixels so moved and redrawn pixels line up.
    public func draw(in ctx: CairoContext, width: Double, height: Double, scale: Double) {
        let copying = supportsScrollCopy && allowsScrollCopy && ctx.targetImageSize != nil
        var offset = collectionView.contentOffset
        let dox = Int((offset.x * scale).rounded()), doy = Int((offset.y * scale).rounded())
        if supportsScrollCopy { offset = Point(x: Double(dox) / scale, y: Double(doy) / scale) }
        drawnContentOffset = offset
        let viewport = Rect(x: offset.x, y: offset.y, width: width, height: height)
        let occluding = occludesHiddenElements && allowsOcclusion
        var items = collectionView.displayList.filter {
            let a = $0.attributes
            return !a.isHidden && a.alpha > 0.001 && a.boundingBox.intersects(viewport)
                && ($0.view is DrawableView || $0.view is TemplateCellView)
        }
        if occluding { items = withoutBuriedDuplicates(items, scale: scale) }
        // Signatures before drawing: an element only partly redrawn (it overlaps what changed) may change its look
        // while drawn (a card whose build just finished); its record keeps the old signature, so the next frame
        // redraws all of it.
        let before: [ElementKey: Int?] = copying ? Dictionary(items.map { ($0.attributes.key, ($0.view as? DrawableView)?.appearanceSignature) },
                                                               uniquingKeysWith: { a, _ in a }) : [:]
        let beforeInPlace: [ElementKey: Int?] = copying ? Dictionary(items.map { ($0.attributes.key, ($0.view as? DrawableView)?.appearanceSignatureInPlace) },
                                                                      uniquingKeysWith: { a, _ in a }) : [:]
        if occluding {
            assignOccluders(items, in: ctx, offset: offset)
        } else if allowsOcclusion {
            // Groups of elements that occlude one another (a lifted stack's cards).
            let grouped = Dictionary(grouping: items.filter { ($0.view as? DrawableView)?.occlusionGroup != nil }) {
                ($0.view as! DrawableView).occlusionGroup!
            }
            for (_, members) in grouped where members.count > 1 { assignOccluders(members, in: ctx, offset: offset) }
        }
        var wholeKeys = Set<ElementKey>()
        let region = copying ? scrollCopyRegion(ctx, items: items, signatures: before, inPlace: beforeInPlace, scale: scale, width: width,
                                                height: height, deviceOffset: (dox, doy), redrawnWhole: &wholeKeys) : nil
        lastFrameRedrawnFraction = 1
        if let region {
            let size = ctx.targetImageSize!
            lastFrameRedrawnFraction = Double(DeviceRect.unionArea(region)) / Double(max(1, size.width * size.height))
            if !region.isEmpty {
                ctx.withSavedState {
                    ctx.clip(toDeviceRects: region.map(\.tuple))
                    drawBackground(in: ctx)
                    for item in items {
                        let ink = ScrollCopyRecord.inkRect(item.attributes, scale: scale, ox: dox, oy: doy)
                        if region.contains(where: { $0.intersects(ink) }) { paint(item, in: ctx, offset: offset, scale: scale) }
                    }
                }
            }
        } else if let size = ctx.targetImageSize {
            // Only the view: a buffer with spare rows above and below it would take every card that reaches past the window.
            ctx.withSavedState {
                ctx.clip(toDeviceRects: [(0, 0, size.width, size.height)])
                drawBackground(in: ctx)
                for item in items { paint(item, in: ctx, offset: offset, scale: scale) }
            }
        } else {
            drawBackground(in: ctx)
            for item in items { paint(item, in: ctx, offset: offset, scale: scale) }
        }
        // Occluders hold for this frame's drawing only: they change which pixels are sampled, not what the frame shows,
        // so the record's signatures below are taken without them.
        for item in items { (item.view as? DrawableView)?.occluders = [] }
        var underOverlays: [(surface: ImageSurface, x: Int, y: Int)] = []
        if copying {
            for r in indicatorDeviceRects(scale: scale) + overlayDeviceRects(scale: scale) {
                if let c = ctx.copyTargetPixels(x: r.x, y: r.y, width: r.width, height: r.height) { underOverlays.append(c) }
            }
        }
        drawIndicators(in: ctx)
        drawOverlay(in: ctx)
        if elementsWarmedPerFrame > 0 { warmOffscreenElements(in: ctx, viewport: viewport, offset: offset, scale: scale) }
        if copying, let size = ctx.targetImageSize {
            CollectionScreen.lastStamp &+= 1
            let stamp = CollectionScreen.lastStamp
            ctx.setTargetStamp(stamp)
            var drawn: [ElementKey: ScrollCopyRecord.Drawn] = [:]
            for item in items {
                let key = item.attributes.key
                let whole = region == nil || wholeKeys.contains(key)
                let view = item.view as? DrawableView
                drawn[key] = ScrollCopyRecord.Drawn(attributes: item.attributes, view: ObjectIdentifier(item.view),
                                                    signature: whole ? view?.appearanceSignature : before[key] ?? nil,
                                                    signatureInPlace: whole ? view?.appearanceSignatureInPlace : beforeInPlace[key] ?? nil)
            }
            scrollCopyRecord = ScrollCopyRecord(stamp: stamp, pixelWidth: size.width, pixelHeight: size.height, scale: scale,
                                                width: width, height: height, deviceOffsetX: dox, deviceOffsetY: doy,
                                                time: time, elements: drawn, underOverlays: underOverlays)
        } else {
            scrollCopyRecord = nil
            // This frame is not one a screen can move next time (e.g. drawn over the albums screen's).
            if ctx.targetStamp != 0 { ctx.setTargetStamp(0) }
        }
    }

    /// `items` (in drawing order) without the elements lying exactly under a later one (same frame and transform)
    /// that hides what is beneath it (`DrawableView.hidesIdenticalElementsBeneath`): the photos of an album piled on
    /// its stack before they fly out. Only the later one's anti-aliased edge and soft shadow would have let them show.
    func withoutBuriedDuplicates(_ items: [DisplayItem], scale: Double) -> [DisplayItem] {
        var covers: [LayoutAttributes] = []
        var kept: [DisplayItem] = []
        for item in items.reversed() {
            let a = item.attributes
            if a.alpha >= 0.999, covers.contains(where: { Self.coincide($0, a, scale: scale) }) { continue }
            kept.append(item)
            if a.alpha >= 0.999, (item.view as? DrawableView)?.hidesIdenticalElementsBeneath == true { covers.append(a) }
        }
        return kept.reversed()
    }

    /// True when `a` and `b` are drawn on the same pixels: the same size and rotation and scale, centres less than half a
    /// device pixel apart (`scale`: device pixels per point) — the pile in the first frame of a fly-out, which the
    /// window draws a few milliseconds after the click.
    static func coincide(_ a: LayoutAttributes, _ b: LayoutAttributes, scale: Double) -> Bool {
        let s = a.size, t = b.size, m = a.transform, n = b.transform
        guard abs(s.width - t.width) < 1e-6, abs(s.height - t.height) < 1e-6,
              abs(m.a - n.a) < 1e-6, abs(m.b - n.b) < 1e-6, abs(m.c - n.c) < 1e-6, abs(m.d - n.d) < 1e-6 else { return false }
        let dx = (a.center.x + m.tx - b.center.x - n.tx) * scale, dy = (a.center.y + m.ty - b.center.y - n.ty) * scale
        return dx * dx + dy * dy < 0.25
    }

    /// Gives every drawable element of `items` (in drawing order) the device quads of the opaque elements drawn after
    /// it that meet it (`DrawableView.opaqueRect` through the element's transform; elements drawn with alpha < 1 hide
    /// nothing).
    func assignOccluders(_ items: [DisplayItem], in ctx: CairoContext, offset: Point) {
        var quads: [DeviceQuad?] = []
        quads.reserveCapacity(items.count)
        for item in items {
            let a = item.attributes
            guard a.alpha >= 0.999, let view = item.view as? DrawableView, let r = view.opaqueRect else { quads.append(nil); continue }
            let t = item.drawingTransform(contentOffset: offset)
            var m = ctx.currentMatrix()
            ctx.withSavedState {
                ctx.transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
                ctx.translate(-a.size.width / 2, -a.size.height / 2)
                m = ctx.currentMatrix()
            }
            quads.append(DeviceQuad(r, through: m))
        }
        // Each element gets every quad above it; the drawing keeps the ones that meet what it paints.
        var above: [DeviceQuad] = []
        for (item, quad) in zip(items, quads).reversed() {
            (item.view as? DrawableView)?.occluders = above
            if let quad { above.append(quad) }
        }
    }

    /// Draws one element with its transform and alpha about its centre.
    func paint(_ item: DisplayItem, in ctx: CairoContext, offset: Point, scale: Double) {
        let a = item.attributes
        let paint: () -> Void
        if let view = item.view as? DrawableView {
            paint = { view.draw(in: ctx, size: a.size, deviceScale: scale) }
        } else if let cell = item.view as? TemplateCellView {
            paint = { TemplateCellPainter.draw(cell, in: ctx, size: a.size) }
        } else { return }
        let t = item.drawingTransform(contentOffset: offset)
        ctx.withSavedState {
            ctx.transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
            ctx.translate(-a.size.width / 2, -a.size.height / 2)
            if a.alpha < 0.999 {
                // A group is as big as the clip: bounded to the element's ink, not the window (a window-sized surface made,
                // cleared and composited for every element fading in or out — a reflow's arriving and leaving stacks —
                // cost ~2–4 ms each at 1920 × 1080).
                let ink = ScrollCopyRecord.inkRect(a, scale: scale, ox: Int((offset.x * scale).rounded(.down)),
                                                   oy: Int((offset.y * scale).rounded(.down)))
                ctx.clip(toDeviceRects: [(ink.x - 1, ink.y - 1, ink.width + 2, ink.height + 2)])
                ctx.pushGroup()
                paint()
                ctx.popGroupAndPaint(alpha: a.alpha)
            } else {
                paint()
            }
        }
    }

    /// When the target still holds this screen's last frame: moves it by the scroll distance and returns the
    /// device rectangles to redraw (the strip that scrolled in, the elements that changed, where elements
    /// left); nil when the whole frame must be drawn.
    /// `redrawnWhole` receives the elements redrawn entirely (the ones that changed).
    func scrollCopyRegion(_ ctx: CairoContext, items: [DisplayItem], signatures: [ElementKey: Int?], inPlace: [ElementKey: Int?], scale: Double,
                          width: Double, height: Double, deviceOffset: (x: Int, y: Int),
                          redrawnWhole: inout Set<ElementKey>) -> [DeviceRect]? {
        guard let rec = scrollCopyRecord, let size = ctx.targetImageSize, rec.stamp == ctx.targetStamp,
              rec.pixelWidth == size.width, rec.pixelHeight == size.height, rec.scale == scale, rec.width == width,
              rec.height == height, rec.deviceOffsetX == deviceOffset.x, time >= rec.time
        else { return nil }
        let dy = deviceOffset.y - rec.deviceOffsetY
        let w = size.width, h = size.height
        guard abs(dy) < h / 2 else { return nil }
        let frame = DeviceRect(x: 0, y: 0, width: w, height: h)
        var rects: [DeviceRect] = []
        if dy > 0 { rects.append(DeviceRect(x: 0, y: h - dy, width: w, height: dy)) }
        if dy < 0 { rects.append(DeviceRect(x: 0, y: 0, width: w, height: -dy)) }
        var seen = Set<ElementKey>()
        for item in items {
            let a = item.attributes
            seen.insert(a.key)
            let old = rec.elements[a.key]
            if let old, old.attributes == a, old.view == ObjectIdentifier(item.view) {
                if let sig = old.signature, sig == signatures[a.key] ?? nil { continue }
                // Drawn at the same device pixels as last time: a look that depends on the position may be kept too.
                if dy == 0, let sig = old.signatureInPlace, sig == inPlace[a.key] ?? nil { continue }
            }
            redrawnWhole.insert(a.key)
            let ink = ScrollCopyRecord.inkRect(a, scale: scale, ox: deviceOffset.x, oy: deviceOffset.y)
            rects.append(ink)
            if let old {
                let oldInk = ScrollCopyRecord.inkRect(old.attributes, scale: scale, ox: deviceOffset.x, oy: deviceOffset.y)
                if oldInk != ink { rects.append(oldInk) }
            }
        }
        for (key, old) in rec.elements where !seen.contains(key) {
            rects.append(ScrollCopyRecord.inkRect(old.attributes, scale: scale, ox: deviceOffset.x, oy: deviceOffset.y))
        }
        rects = rects.map { $0.intersection(frame) }.filter { !$0.isEmpty }
        // Redrawing most of the frame anyway: skip the move.
        guard DeviceRect.unionArea(rects) < w * h * 6 / 10 else { return nil }
        for u in rec.underOverlays { ctx.putTargetPixels(u.surface, x: u.x, y: u.y) }
        ctx.scrollTargetRows(by: dy)
        return rects
    }

    /// Device rectangles the scroll indicators may cover this frame (with their stroke and antialiasing).
    func indicatorDeviceRects(scale: Double) -> [DeviceRect] {
        guard scroller.lastMovementTime != nil else { return [] }
        var out: [DeviceRect] = []
        for axis in [ScrollAxis.vertical, .horizontal] {
            guard let r = indicators.thumbRect(axis, geometry: scroller.geometry, offset: collectionView.contentOffset) else { continue }
            let x0 = Int((r.minX * scale).rounded(.down)) - 2, y0 = Int((r.minY * scale).rounded(.down)) - 2
            let x1 = Int((r.maxX * scale).rounded(.up)) + 2, y1 = Int((r.maxY * scale).rounded(.up)) + 2
            out.append(DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        return out
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
        drawnIndicatorAlpha = 0
        guard scroller.lastMovementTime != nil else { return }
        let alpha = indicators.alpha(timeSinceLastMovement: scroller.timeSinceLastMovement(at: time))
        drawnIndicatorAlpha = alpha
        guard alpha > 0 else { return }
        for axis in [ScrollAxis.vertical, .horizontal] {
            guard let thumb = indicators.thumbRect(axis, geometry: scroller.geometry, offset: collectionView.contentOffset)
            else { continue }
            let r = CanvasRect(x: thumb.minX, y: thumb.minY, width: thumb.width, height: thumb.height)
            // A light bar with a dark edge: visible on the dark background and on light photos alike.
            ctx.roundedRectangle(r, radius: min(r.width, r.height) / 2)
            ctx.setColor(RGBA(1, 1, 1, ScrollIndicatorStyle.fillOpacity * alpha))
            ctx.fill(preserve: true)
            ctx.setLineWidth(1)
            ctx.setColor(RGBA(0, 0, 0, ScrollIndicatorStyle.edgeOpacity * alpha))
            ctx.stroke()
        }
    }
}

/// How the scroll indicators are painted (opacities 0…1, times the fade).
enum ScrollIndicatorStyle {
    /// The bar: white.
    static let fillOpacity = 0.8
    /// Its 1 pt edge: black.
    static let edgeOpacity = 0.5
}
