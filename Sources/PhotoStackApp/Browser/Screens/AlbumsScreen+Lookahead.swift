import StackEngine

extension AlbumsScreen {
    /// Seconds of motion ahead of the window whose cells are made early, so their cards are built on the
    /// background builder before they scroll in.
    static let lookaheadSeconds = 0.1
    /// The most room added ahead of the window, points (each row of stacks holds ~9 cards of ~1.3 MB at 500 pt).
    static let maxLookahead = 700.0

    /// Extends the collection view's live area in the direction of scrolling by what `lookaheadSeconds` of
    /// the current speed covers (never beyond where a fling comes to rest), so renderers there exist and
    /// warm their caches before they reach the display margin. Zero at rest.
    func extendDisplayMarginAhead(at time: Double) {
        let offset = collectionView.contentOffset.y
        var v = scroller.velocity(at: time).y
        if scroller.isTracking, let last = lastUpdate, time > last.time {
            v = (offset - last.offset) / (time - last.time)   // the physics reports no velocity while dragging
        }
        lastUpdate = (offset, time)
        var ahead = min(abs(v) * Self.lookaheadSeconds, Self.maxLookahead)
        if !scroller.isTracking {
            // A fling or ease ends at a known offset: nothing beyond the window there is needed.
            ahead = min(ahead, abs(scroller.projectedRestOffset.y - offset))
        }
        ahead = ahead < 1 ? 0 : ahead.rounded()
        let extra = EdgeInsets(top: v < 0 ? ahead : 0, left: 0, bottom: v > 0 ? ahead : 0, right: 0)
        if collectionView.extraDisplayMargin != extra { collectionView.extraDisplayMargin = extra }
    }
}
