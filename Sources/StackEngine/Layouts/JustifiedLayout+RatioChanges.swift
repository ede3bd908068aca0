extension JustifiedLayout {
    /// True when the layout is prepared and some item's ratio from the provider differs from the one it was laid out
    /// with (the next prepare reads them anyway when it is not prepared). A query: nothing is invalidated. O(n).
    public var hasNewAspectRatios: Bool {
        guard !needsPrepare else { return false }
        for (s, g) in sections.enumerated() {
            for (i, used) in g.ratios.enumerated() where abs(aspectRatio(at: IndexPath(item: i, section: s)) - used) > 1e-9 {
                return true
            }
        }
        return false
    }

    /// Call when aspect ratios became known or changed: when some item's ratio now differs from the one it was laid out
    /// with, the layout is invalidated — animated (`.reflow`, every item gliding to its new frame) when the host is a
    /// collection view and `animated` is true, the reflow then starting at the collection view's time. True when it
    /// invalidated. O(n) provider calls.
    @discardableResult
    public func aspectRatiosDidChange(animated: Bool = true) -> Bool {
        guard hasNewAspectRatios else { return false }
        reflowForNewAspectRatios(animated: animated)
        return true
    }

    /// Invalidates the layout for ratios the caller knows are new (without comparing them, O(1)): animated (`.reflow`,
    /// starting at the collection view's time) when the host is a collection view and `animated` is true.
    public func reflowForNewAspectRatios(animated: Bool = true) {
        if animated, let cv = host as? CollectionView {
            // Laid out now (at the collection view's time): a query before the next frame would prepare it unanimated.
            cv.invalidateLayout(animated: true, options: .reflow)
            cv.layoutIfNeeded(at: cv.time)
        } else {
            invalidate()
        }
    }
}
