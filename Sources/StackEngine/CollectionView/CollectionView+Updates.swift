extension CollectionView {
    /// Reloads everything from the data source on the next `layoutIfNeeded(at:)`: counts are re-read,
    /// every renderer is recycled (with did-end-displaying), animations stop and the layout is invalidated.
    public func reloadData() {
        needsReload = true
        collectionViewLayout.invalidate()
    }

    func reloadNow() {
        needsReload = false
        pendingAnimatedInvalidation = nil
        currentTransition = nil
        loadCounts()
        for key in Array(live.keys) { removeLive(key) }
        for element in disappearing {
            endDisplaying(element)
            returnToPool(element.view, key: element.poolKey)
        }
        disappearing.removeAll()
        selectedPaths.removeAll { !isValid($0) }
        if !prefetched.isEmpty {
            let old = prefetched.sorted()
            prefetched.removeAll()
            delegate?.collectionView(self, cancelPrefetchingForItemsAt: old)
        }
        prefetchNeedsUpdate = true
        collectionViewLayout.invalidate()
        let pending = completions
        completions.removeAll()
        for c in pending { c.body() }
    }

    func isValid(_ p: IndexPath) -> Bool {
        p.section >= 0 && p.section < sectionCounts.count && p.item >= 0 && p.item < sectionCounts[p.section]
    }

    /// Applies inserts, deletes, moves and reloads of items and sections together (UIKit semantics:
    /// deletes, reloads and move sources use old index paths; inserts and move destinations new ones).
    /// Change the model inside `updates` (or before); the data source's counts are read afterwards and
    /// validated. On a mismatch the view reloads from the data source (staying consistent) and the
    /// error names the section and the counts.
    ///
    /// Animated: surviving elements move from their current to their new attributes, inserted ones
    /// appear from `initialLayoutAttributesForAppearingElement` (default: final place, alpha 0), deleted
    /// ones go to `finalLayoutAttributesForDisappearingElement` (default: old place, alpha 0) and are
    /// recycled after. `completion` runs when the animation ends (at once when not animated).
    /// The animation starts at `time` (seconds; default: the last frame's).
    public func performBatchUpdates(_ updates: (BatchUpdater) -> Void, animated: Bool = true, at time: Double? = nil,
                                    completion: (() -> Void)? = nil) throws {
        if needsReload { reloadNow() }
        let updater = BatchUpdater()
        updates(updater)
        let oldCounts = sectionCounts
        loadCounts()
        let mapping: UpdateMapping
        do {
            mapping = try UpdateMapping(oldCounts: oldCounts, newCounts: sectionCounts, updates: updater.updates)
        } catch {
            sectionCounts = oldCounts
            reloadData()
            reloadNow()
            throw error
        }
        sectionCounts = oldCounts
        let now = time ?? self.time
        let layout = collectionViewLayout
        layout.prepareIfNeeded()
        let old = snapshotAttributes()
        let options = animated ? animationOptions : AnimationOptions(duration: 0, curve: .linear)
        let newCounts = mapping.newCounts
        beginTransition(
            options: options, now: now,
            fate: { mapping.fate(of: $0) },
            oldAttributes: { old[$0] },
            isNew: { key in
                guard let oldKey = mapping.oldKey(forNew: key) else { return true }
                return key.category == .cell && mapping.reloadedOldItems.contains(oldKey.indexPath)
            },
            oldKeyForNew: { mapping.oldKey(forNew: $0) },
            applyNewLayout: {
                self.sectionCounts = newCounts
                layout.invalidate()
                layout.prepareIfNeeded()
                layout.prepare(forUpdates: updater.updates)
            })
        layout.finalizeUpdates()
        // Selection and prefetching follow the items.
        let wasSelected = selectedPaths
        selectedPaths = wasSelected.compactMap { mapping.newIndexPath(forOld: $0) }
        prefetched = Set(prefetched.compactMap { mapping.newIndexPath(forOld: $0) })
        prefetchNeedsUpdate = true
        for element in live.values where element.key.category == .cell {
            element.view.isSelected = selectedPaths.contains(element.key.indexPath)
        }
        updateVisibleElements(now: now)
        if let completion {
            if animated { completions.append((now + options.duration, completion)) } else { completion() }
        }
    }
}
