extension CollectionView {
    /// The per-frame pipeline; call once per frame before drawing, with the frame's time (seconds). In order:
    /// load data if needed, move the content offset to where the scroller is at `time`, prepare the layout once
    /// if it was invalidated (animated if requested), keep the scroll range in step with the content size,
    /// advance element animations to `time`, recompute the visible set (making and recycling renderers, with
    /// balanced will-display / did-end-displaying calls), run completions that are due, report scrolling and
    /// update prefetching. Calling it again with the same time changes nothing.
    public func layoutIfNeeded(at time: Double) {
        let now = max(time, self.time)
        self.time = now
        if let t = currentTransition, now > t.start { currentTransition = nil }
        if needsReload { reloadNow() }
        let offset = scroller.tick(now: now).offset
        if offset != bounds.origin { setBounds(Rect(origin: offset, size: bounds.size)) }
        prepareLayout(now: now)
        if syncScrollGeometry(at: now) { prepareLayout(now: now) }
        pendingAnimatedInvalidation = nil
        updateVisibleElements(now: now)
        runCompletions(now: now)
        if lastReportedOffset != bounds.origin {
            if let last = lastReportedOffset {
                let d = bounds.origin - last
                if abs(d.y) >= abs(d.x) { scrollDirection = Point(x: 0, y: d.y > 0 ? 1 : -1) }
                else { scrollDirection = Point(x: d.x > 0 ? 1 : -1, y: 0) }
            }
            lastReportedOffset = bounds.origin
            delegate?.collectionViewDidScroll(self)
        }
        updatePrefetching()
    }

    /// Prepares the layout if it was invalidated: animated from what is on screen when an animated
    /// invalidation is pending (a reflow on resize), else at once.
    func prepareLayout(now: Double) {
        if collectionViewLayout.needsPrepare {
            if let options = pendingAnimatedInvalidation {
                pendingAnimatedInvalidation = nil
                let old = snapshotAttributes()
                beginTransition(options: options, now: now, fate: { .keep($0) },
                                oldAttributes: { old[$0] }, isNew: { _ in false },
                                applyNewLayout: { self.collectionViewLayout.prepareIfNeeded() })
            } else {
                collectionViewLayout.prepareIfNeeded()
            }
        }
    }

    /// Gives the scroller the current viewport, content size, insets and axes at `time`; when that moves the
    /// content offset (the range shrank), moves the bounds too. True when the bounds moved.
    @discardableResult
    func syncScrollGeometry(at time: Double) -> Bool {
        let g = ScrollGeometry(viewportSize: bounds.size, contentSize: contentSize, contentInset: contentInset, axes: scrollAxes)
        guard g != scroller.geometry else { return false }
        scroller.setGeometry(g, time: time)
        let offset = scroller.offset(at: time)
        guard offset != bounds.origin else { return false }
        setBounds(Rect(origin: offset, size: bounds.size))
        return true
    }

    /// The rectangle (content points) in which renderers are kept: the viewport plus `displayMargin`.
    var liveRect: Rect {
        let r = bounds.insetBy(dx: -displayMargin, dy: -displayMargin), e = extraDisplayMargin
        if e == .zero { return r }
        return Rect(x: r.minX - e.left, y: r.minY - e.top, width: r.width + e.left + e.right, height: r.height + e.top + e.bottom)
    }

    /// Attributes of the layout's elements that should be live (in `rect`, content points; default `liveRect`),
    /// by key.
    func wantedElements(in rect: Rect? = nil) -> [ElementKey: LayoutAttributes] {
        var wanted: [ElementKey: LayoutAttributes] = [:]
        for a in collectionViewLayout.layoutAttributesForElements(in: rect ?? liveRect) where !a.isHidden {
            if a.category == .cell {
                guard a.indexPath.section >= 0, a.indexPath.section < sectionCounts.count,
                      a.indexPath.item >= 0, a.indexPath.item < sectionCounts[a.indexPath.section] else { continue }
            }
            wanted[a.key] = a
        }
        return wanted
    }

    func updateVisibleElements(now: Double) {
        let wanted = wantedElements()
        // Existing elements: advance animations; recycle the ones that left (once they stop animating).
        for (key, element) in live {
            if let anim = element.animation, anim.isFinished(at: now) { element.animation = nil }
            if element.animation == nil && wanted[key] == nil {
                removeLive(key)
                continue
            }
            guard let target = wanted[key] ?? collectionViewLayout.layoutAttributes(for: key), !target.isHidden else {
                removeLive(key)
                continue
            }
            let presented = element.animation?.presented(at: now, target: target) ?? target
            if presented != element.presented || element.view.attributes != presented {
                element.presented = presented
                element.view.apply(presented)
            }
        }
        // New elements.
        for key in wanted.keys.sorted(by: Self.keyOrder) where live[key] == nil {
            let attrs = wanted[key]!
            _ = makeLive(key: key, attributes: attrs, now: now)
        }
        // Disappearing elements.
        disappearing.removeAll { element in
            let final = element.finalAttributes ?? element.presented
            guard let anim = element.animation, !anim.isFinished(at: now) else {
                endDisplaying(element)
                returnToPool(element.view, key: element.poolKey)
                return true
            }
            element.presented = anim.presented(at: now, target: final)
            element.view.apply(element.presented)
            return false
        }
    }

    /// A stable order for making new elements (so insertion order is deterministic).
    static func keyOrder(_ l: ElementKey, _ r: ElementKey) -> Bool {
        if l.category != r.category { return l.category.rawValue < r.category.rawValue }
        if l.kind != r.kind { return l.kind < r.kind }
        return l.indexPath < r.indexPath
    }

    /// Makes a renderer for `key` (asking the data source, or the layout for decorations), applies
    /// `attributes`, reports will-display and records it. Nil when the data source declines a supplementary view.
    @discardableResult
    func makeLive(key: ElementKey, attributes: LayoutAttributes, animation: AttributeAnimation? = nil, now: Double? = nil) -> LiveElement? {
        let view: ReusableView
        switch key.category {
        case .cell:
            guard let ds = dataSource else { return nil }
            view = ds.collectionView(self, cellForItemAt: key.indexPath)
            view.isSelected = selectedPaths.contains(key.indexPath)
        case .supplementary:
            guard let ds = dataSource,
                  let v = ds.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath) else { return nil }
            view = v
        case .decoration:
            view = dequeueDecoration(ofKind: key.kind, at: key.indexPath)
        }
        let presented = animation?.presented(at: now ?? time, target: attributes) ?? attributes
        let element = LiveElement(view: view, key: key, order: nextOrder, presented: presented,
                                  poolKey: poolKey(for: key, view: view))
        nextOrder += 1
        element.animation = animation
        view.apply(presented)
        live[key] = element
        switch key.category {
        case .cell: delegate?.collectionView(self, willDisplay: view, forItemAt: key.indexPath)
        case .supplementary: delegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
        case .decoration: break
        }
        return element
    }

    /// Stops showing the live element under `key` and recycles its renderer.
    func removeLive(_ key: ElementKey) {
        guard let element = live.removeValue(forKey: key) else { return }
        endDisplaying(element)
        returnToPool(element.view, key: element.poolKey)
    }

    func endDisplaying(_ element: LiveElement) {
        let key = element.key
        switch key.category {
        case .cell: delegate?.collectionView(self, didEndDisplaying: element.view, forItemAt: key.indexPath)
        case .supplementary: delegate?.collectionView(self, didEndDisplayingSupplementaryView: element.view, forElementOfKind: key.kind, at: key.indexPath)
        case .decoration: break
        }
    }

    func runCompletions(now: Double) {
        guard !completions.isEmpty else { return }
        let due = completions.filter { $0.time <= now }
        completions.removeAll { $0.time <= now }
        for c in due { c.body() }
    }

    /// Attributes of the current (not yet re-prepared) layout around the viewport — one viewport of
    /// extra on every side — keyed by element, for animating from old positions.
    func snapshotAttributes() -> [ElementKey: LayoutAttributes] {
        let r = bounds.insetBy(dx: -max(bounds.width, displayMargin), dy: -max(bounds.height, displayMargin))
        var out: [ElementKey: LayoutAttributes] = [:]
        for a in collectionViewLayout.layoutAttributesForElements(in: r) { out[a.key] = a }
        for (key, element) in live where out[key] == nil { out[key] = element.presented }
        return out
    }
}
