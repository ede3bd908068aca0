extension CollectionView {
    /// Installs a new layout. Animated, every element moves from its current (presented) attributes
    /// to the new layout's — so a switch reversed mid-way continues from where elements are, without a
    /// jump; elements only one layout shows appear/disappear with a fade. The content offset is clamped
    /// to the new content size. The animation starts at `time` (seconds; default: the last frame's).
    /// `completion` runs at the frame that shows its end (at once when not animated).
    public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool, at time: Double? = nil,
                                        completion: (() -> Void)? = nil) {
        guard layout !== collectionViewLayout else { completion?(); return }
        if needsReload { reloadNow() }
        let old = collectionViewLayout
        old.prepareIfNeeded()
        let now = time ?? self.time
        let options = animated ? animationOptions : AnimationOptions(duration: 0, curve: .linear)
        pendingAnimatedInvalidation = nil
        beginTransition(
            options: options, now: now,
            fate: { .keep($0) },
            oldAttributes: { old.layoutAttributes(for: $0) },
            isNew: { _ in false },
            applyNewLayout: {
                layout.host = self
                layout.invalidate()
                layout.prepareForTransition(from: old)
                self.collectionViewLayout = layout
                self.scroller.targetProvider = layout
                layout.prepareIfNeeded()
                self.bounds.origin = self.clampedOffset(self.bounds.origin)
                self.syncScrollGeometry(at: now)
                if old.host === self { old.host = nil }
            })
        prefetchNeedsUpdate = true
        updateVisibleElements(now: now)
        if let completion {
            if animated { completions.append((now + options.duration, completion)) } else { completion() }
        }
    }

    /// `offset` limited to the scrollable range 0 … max(0, content − viewport) on each axis (points).
    public func clampedOffset(_ offset: Point) -> Point {
        let content = contentSize
        let maxX = max(0, content.width - bounds.width), maxY = max(0, content.height - bounds.height)
        return Point(x: min(max(offset.x, 0), maxX), y: min(max(offset.y, 0), maxY))
    }
}
