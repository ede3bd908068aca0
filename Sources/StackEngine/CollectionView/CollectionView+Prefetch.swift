extension CollectionView {
    /// The area (content points) whose items are prefetched: the viewport extended `prefetchViewportsAhead`
    /// viewports ahead in the current scroll direction and `prefetchViewportsBehind` behind, along its axis.
    public var prefetchRect: Rect {
        let b = bounds
        let ahead = max(0, prefetchViewportsAhead), behind = max(0, prefetchViewportsBehind)
        if scrollDirection.x != 0 {
            let forward = scrollDirection.x > 0
            return Rect(x: b.minX - (forward ? behind : ahead) * b.width, y: b.minY,
                        width: (1 + ahead + behind) * b.width, height: b.height)
        }
        let forward = scrollDirection.y >= 0
        return Rect(x: b.minX, y: b.minY - (forward ? behind : ahead) * b.height, width: b.width,
                    height: (1 + ahead + behind) * b.height)
    }

    /// Index paths currently prefetched (announced and not yet shown or cancelled).
    public var prefetchedIndexPaths: Set<IndexPath> { prefetched }

    func updatePrefetching() {
        guard isPrefetchingEnabled, delegate != nil, !bounds.isEmpty else { return }
        guard prefetchNeedsUpdate || prefetchBounds != bounds else { return }
        prefetchNeedsUpdate = false
        prefetchBounds = bounds
        let visible = Set(live.keys.filter { $0.category == .cell }.map(\.indexPath))
        // Order of announcement: ahead of the viewport first, nearest first; then behind it.
        var rank: [IndexPath: Double] = [:]
        let mid = bounds.center
        for a in collectionViewLayout.layoutAttributesForElements(in: prefetchRect)
        where a.category == .cell && !visible.contains(a.indexPath) && isValid(a.indexPath) {
            let along = (a.center.x - mid.x) * scrollDirection.x + (a.center.y - mid.y) * scrollDirection.y
            rank[a.indexPath] = along >= 0 ? along : 1e12 - along
        }
        let wanted = Set(rank.keys)
        let added = wanted.subtracting(prefetched).sorted { (rank[$0]!, $0) < (rank[$1]!, $1) }
        let cancelled = prefetched.subtracting(wanted).subtracting(visible).sorted()
        prefetched = wanted
        if !cancelled.isEmpty { delegate?.collectionView(self, cancelPrefetchingForItemsAt: cancelled) }
        if !added.isEmpty { delegate?.collectionView(self, prefetchItemsAt: added) }
    }
}
