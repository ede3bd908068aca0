extension CollectionView {
    /// The content offset (points, clamped to the scrollable range) that shows the item at `indexPath`
    /// at `position`; the current offset when the item does not exist.
    ///
    /// `.nearest` starts from where the scroll is going (an eased scroll or a coast's rest offset, not the
    /// offset of this frame) and only moves along the axes that scroll: revealing an item that the running
    /// scroll will show changes nothing, so stepping along a row never stops a scroll short, pulls it back or
    /// slides the grid sideways.
    public func contentOffset(forRevealing indexPath: IndexPath, position: ScrollPosition) -> Point {
        if needsReload { reloadNow() }
        collectionViewLayout.prepareIfNeeded()
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else { return bounds.origin }
        var o = scroller.isMoving(at: time) && !scroller.isTracking ? clampedOffset(scroller.projectedRestOffset) : bounds.origin
        let w = bounds.width, h = bounds.height
        switch position {
        case .top: o.y = frame.minY
        case .centeredVertically: o.y = frame.midY - h / 2
        case .bottom: o.y = frame.maxY - h
        case .left: o.x = frame.minX
        case .centeredHorizontally: o.x = frame.midX - w / 2
        case .right: o.x = frame.maxX - w
        case .nearest:
            if scrollAxes.contains(.horizontal) {
                if frame.minX < o.x || frame.width > w { o.x = frame.minX } else if frame.maxX > o.x + w { o.x = frame.maxX - w }
            }
            if scrollAxes.contains(.vertical) {
                if frame.minY < o.y || frame.height > h { o.y = frame.minY } else if frame.maxY > o.y + h { o.y = frame.maxY - h }
            }
        }
        return clampedOffset(o)
    }

    /// Scrolls so the item is at `position`: at once, or animated by the scroller (an ease that starts from
    /// the current scroll velocity) from `time` (seconds; default: the last frame's).
    public func scrollToItem(at indexPath: IndexPath, position: ScrollPosition, animated: Bool, at time: Double? = nil) {
        setContentOffset(contentOffset(forRevealing: indexPath, position: position), animated: animated, at: time)
    }

    /// Scrolls to `offset` (content points, clamped into the scroll range): at once, or eased by the scroller
    /// from `time` (seconds; default: the last frame's). The offset moves at the next `layoutIfNeeded(at:)`.
    ///
    /// Animated and commanded at (or before) the time a layout transition began in the current frame (an animated
    /// resize, invalidation, update or layout switch), the offset joins that transition: it moves with the same
    /// timing function as the elements, so an element kept in place on screen stays there and every element moves
    /// monotonically on screen, and the elements the new offset shows animate in from their old places.
    public func setContentOffset(_ offset: Point, animated: Bool, at time: Double? = nil) {
        guard animated else { contentOffset = offset; return }
        if joinTransition(offset: offset, at: time ?? self.time) { return }
        syncScrollGeometry(at: self.time)
        scroller.scroll(to: offset, animated: true, time: time ?? self.time)
    }
}
