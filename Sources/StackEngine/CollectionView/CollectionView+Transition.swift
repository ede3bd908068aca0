extension CollectionView {
    /// What the collection view remembers of the transition that began in the current frame, so that an animated
    /// offset change commanded at the same time joins it (`setContentOffset(_:animated:at:)`), like changes made
    /// in one UIKit animation block: the offset then moves with the elements' timing, and the elements that the
    /// new offset shows come in from their old places.
    struct TransitionRecord {
        let start: Double
        let options: AnimationOptions
        let oldAttributes: (ElementKey) -> LayoutAttributes?
        let isNew: (ElementKey) -> Bool
        let oldKeyForNew: (ElementKey) -> ElementKey?
    }

    /// Animates every element from what is on screen now to a new layout state — the one mechanism
    /// behind animated batch updates, layout switches and animated invalidation. An element that is animating
    /// starts from its presented attributes *and velocity*, so a transition retargeted mid-way (another resize,
    /// another zoom step, a switch reversed) has no jump in position or speed.
    ///
    /// - Parameters:
    ///   - fate: what happens to an element shown under an old key (kept under a new key, reloaded, removed).
    ///   - oldAttributes: the old layout's attributes for an element's *old* key, for elements that
    ///     were not on screen but are after the change.
    ///   - isNew: whether a new key is an inserted (or reloaded) element, which appears from the layout's
    ///     initial attributes instead of an old place.
    ///   - applyNewLayout: installs / re-prepares the new layout state.
    ///   - oldKeyForNew: maps a new key back to the old one (identity unless updating).
    func beginTransition(options: AnimationOptions, now: Double,
                         fate: (ElementKey) -> ElementFate,
                         oldAttributes: @escaping (ElementKey) -> LayoutAttributes?,
                         isNew: @escaping (ElementKey) -> Bool,
                         oldKeyForNew: @escaping (ElementKey) -> ElementKey? = { $0 },
                         applyNewLayout: () -> Void) {
        // 1. Presented attributes and velocities of everything on screen, at `now`, under the old layout.
        var oldTargets: [ElementKey: LayoutAttributes] = [:]
        var velocities: [ObjectIdentifier: AttributeVelocity] = [:]
        for (key, element) in live {
            let target = collectionViewLayout.layoutAttributes(for: key) ?? element.presented
            oldTargets[key] = target
            if let animation = element.animation {
                element.presented = animation.presented(at: now, target: target)
                let v = animation.velocity(at: now, target: target)
                if v != .zero { velocities[ObjectIdentifier(element)] = v }
            } else {
                element.presented = target
            }
        }
        // 2. Re-key survivors; set aside removed and reloaded ones.
        var leaving: [LiveElement] = []
        var kept: [ElementKey: LiveElement] = [:]
        for (key, element) in live {
            switch fate(key) {
            case .keep(let newKey):
                element.key = newKey
                kept[newKey] = element
            case .reload, .remove:
                leaving.append(element)
            }
        }
        live = kept
        // 3. The new layout state.
        applyNewLayout()
        let layout = collectionViewLayout
        func animation(from: LayoutAttributes, _ element: LiveElement?) -> AttributeAnimation {
            AttributeAnimation(from: from, startTime: now, options: options,
                               initialVelocity: element.flatMap { velocities[ObjectIdentifier($0)] } ?? .zero)
        }
        // 4. Leaving elements fade out towards their final attributes, then are recycled.
        for element in leaving {
            let from = element.presented
            let old = oldTargets[element.key] ?? from
            var final = layout.finalLayoutAttributesForDisappearingElement(element.key) ?? old.withAlpha(0)
            final.indexPath = element.key.indexPath
            element.finalAttributes = final
            element.animation = animation(from: from, element)
            disappearing.append(element)
        }
        // 5. Survivors animate from where they are to the new layout; ones the new layout lacks fade out.
        for (key, element) in live {
            let from = element.presented
            guard let target = layout.layoutAttributes(for: key), !target.isHidden else {
                live[key] = nil
                element.finalAttributes = from.withAlpha(0)
                element.animation = animation(from: from, element)
                disappearing.append(element)
                continue
            }
            var start = from
            start.indexPath = target.indexPath
            element.animation = animation(from: start, element)
        }
        // 6. Elements the new layout shows that are not on screen: from their old place, or appearing.
        let record = TransitionRecord(start: now, options: options, oldAttributes: oldAttributes, isNew: isNew,
                                      oldKeyForNew: oldKeyForNew)
        currentTransition = options.duration > 0 ? record : nil
        addTransitionElements(record, in: liveRect)
    }

    /// Makes live, animating in from their old place (or appearing), the elements the new layout shows in `rect`
    /// (content points) that are not live yet.
    func addTransitionElements(_ record: TransitionRecord, in rect: Rect) {
        guard dataSource != nil || !collectionViewLayout.decorationRegistrations.isEmpty else { return }
        let layout = collectionViewLayout
        let wanted = wantedElements(in: rect)
        for key in wanted.keys.sorted(by: Self.keyOrder) where live[key] == nil {
            let target = wanted[key]!
            var from: LayoutAttributes
            if !record.isNew(key), let oldKey = record.oldKeyForNew(key), let old = record.oldAttributes(oldKey) {
                from = old
            } else {
                from = layout.initialLayoutAttributesForAppearingElement(key) ?? target.withAlpha(0)
            }
            from.indexPath = key.indexPath
            let anim = AttributeAnimation(from: from, startTime: record.start, options: record.options)
            makeLive(key: key, attributes: target, animation: anim, now: record.start)
        }
    }

    /// Moves the content offset to `offset` (points) with the timing of the transition that began in this frame,
    /// and brings in the elements the new offset will show, so that the offset and the elements move as one.
    /// False when no transition began in this frame, or `time` is after its start.
    @discardableResult
    func joinTransition(offset: Point, at time: Double) -> Bool {
        guard let record = currentTransition, time <= record.start else { return false }
        syncScrollGeometry(at: record.start)
        scroller.scroll(to: offset, following: record.options, time: record.start)
        let target = scroller.projectedRestOffset
        let d = Point(x: target.x - bounds.minX, y: target.y - bounds.minY)
        let rect = liveRect
        let end = Rect(x: rect.minX + d.x, y: rect.minY + d.y, width: rect.width, height: rect.height)
        if abs(d.x) <= 2 * max(1, bounds.width) && abs(d.y) <= 2 * max(1, bounds.height) {
            addTransitionElements(record, in: rect.union(end))   // the whole path of a move of up to two viewports
        } else {
            addTransitionElements(record, in: end)
        }
        prefetchNeedsUpdate = true
        return true
    }
}
