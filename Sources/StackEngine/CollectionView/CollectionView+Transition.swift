extension CollectionView {
    /// Animates every element from what is on screen now to a new layout state — the one mechanism
    /// behind animated batch updates, layout switches and animated invalidation.
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
                         oldAttributes: (ElementKey) -> LayoutAttributes?,
                         isNew: (ElementKey) -> Bool,
                         oldKeyForNew: (ElementKey) -> ElementKey? = { $0 },
                         applyNewLayout: () -> Void) {
        // 1. Presented attributes of everything on screen, at `now`, under the old layout.
        var oldTargets: [ElementKey: LayoutAttributes] = [:]
        for (key, element) in live {
            let target = collectionViewLayout.layoutAttributes(for: key) ?? element.presented
            oldTargets[key] = target
            element.presented = element.animation?.presented(at: now, target: target) ?? target
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
        // 4. Leaving elements fade out towards their final attributes, then are recycled.
        for element in leaving {
            let from = element.presented
            let old = oldTargets[element.key] ?? from
            var final = layout.finalLayoutAttributesForDisappearingElement(element.key) ?? old.withAlpha(0)
            final.indexPath = element.key.indexPath
            element.finalAttributes = final
            element.animation = AttributeAnimation(from: from, startTime: now, duration: options.duration, curve: options.curve)
            disappearing.append(element)
        }
        // 5. Survivors animate from where they are to the new layout; ones the new layout lacks fade out.
        for (key, element) in live {
            let from = element.presented
            guard let target = layout.layoutAttributes(for: key), !target.isHidden else {
                live[key] = nil
                element.finalAttributes = from.withAlpha(0)
                element.animation = AttributeAnimation(from: from, startTime: now, duration: options.duration, curve: options.curve)
                disappearing.append(element)
                continue
            }
            var start = from
            start.indexPath = target.indexPath
            element.animation = AttributeAnimation(from: start, startTime: now, duration: options.duration, curve: options.curve)
        }
        // 6. Elements the new layout shows that are not on screen: from their old place, or appearing.
        if dataSource != nil || !layout.decorationRegistrations.isEmpty {
            let wanted = wantedElements()
            for key in wanted.keys.sorted(by: Self.keyOrder) where live[key] == nil {
                let target = wanted[key]!
                var from: LayoutAttributes
                if !isNew(key), let oldKey = oldKeyForNew(key), let old = oldAttributes(oldKey) {
                    from = old
                } else {
                    from = layout.initialLayoutAttributesForAppearingElement(key) ?? target.withAlpha(0)
                }
                from.indexPath = key.indexPath
                let anim = AttributeAnimation(from: from, startTime: now, duration: options.duration, curve: options.curve)
                makeLive(key: key, attributes: target, animation: anim, now: now)
            }
        }
    }
}
