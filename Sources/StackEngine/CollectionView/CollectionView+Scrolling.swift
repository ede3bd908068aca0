extension CollectionView {
    /// The content offset (points, clamped to the scrollable range) that shows the item at `indexPath`
    /// at `position`; the current offset when the item does not exist.
    public func contentOffset(forRevealing indexPath: IndexPath, position: ScrollPosition) -> Point {
        if needsReload { reloadNow() }
        collectionViewLayout.prepareIfNeeded()
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else { return bounds.origin }
        var o = bounds.origin
        let w = bounds.width, h = bounds.height
        switch position {
        case .top: o.y = frame.minY
        case .centeredVertically: o.y = frame.midY - h / 2
        case .bottom: o.y = frame.maxY - h
        case .left: o.x = frame.minX
        case .centeredHorizontally: o.x = frame.midX - w / 2
        case .right: o.x = frame.maxX - w
        case .nearest:
            if frame.minX < o.x || frame.width > w { o.x = frame.minX } else if frame.maxX > o.x + w { o.x = frame.maxX - w }
            if frame.minY < o.y || frame.height > h { o.y = frame.minY } else if frame.maxY > o.y + h { o.y = frame.maxY - h }
        }
        return clampedOffset(o)
    }

    /// Scrolls so the item is at `position`. Animated: through `scrollAnimationHandler` when set (the
    /// app's scroll physics), otherwise with the engine's own 0.3 s ease-in-out offset animation,
    /// advanced by `layoutIfNeeded()`.
    public func scrollToItem(at indexPath: IndexPath, position: ScrollPosition, animated: Bool) {
        let target = contentOffset(forRevealing: indexPath, position: position)
        guard animated else { contentOffset = target; return }
        if let handler = scrollAnimationHandler {
            handler(target)
        } else {
            offsetAnimation = OffsetAnimation(from: bounds.origin, to: target, startTime: clock.now,
                                              duration: animationOptions.duration, curve: animationOptions.curve)
        }
    }
}
