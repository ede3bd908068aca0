extension CollectionView {
    /// The cell to keep in place when the layout zooms about `point` (viewport points): the topmost live cell whose
    /// presented frame (untransformed) contains it, else the live cell whose presented frame is nearest to it. Nil
    /// when no cell is live.
    public func anchorCell(near point: Point) -> IndexPath? {
        let p = contentPoint(fromViewport: point)
        var best: (distance: Double, zIndex: Int, indexPath: IndexPath)?
        for (key, element) in live where key.category == .cell {
            let f = element.presented.frame
            let dx = max(f.minX - p.x, 0, p.x - f.maxX), dy = max(f.minY - p.y, 0, p.y - f.maxY)
            let d = (dx * dx + dy * dy).squareRoot(), z = element.presented.zIndex
            if let b = best, d > b.distance || (d == b.distance && (z < b.zIndex || (z == b.zIndex && key.indexPath >= b.indexPath))) {
                continue
            }
            best = (d, z, key.indexPath)
        }
        return best?.indexPath
    }

    /// A zoom step about a point: applies `change` to the layout (a new column count, a new cell size) and reflows
    /// every element and the content offset together from `time` (seconds) with `options` (default `.reflow`, a
    /// critically damped spring), so that the point of cell `indexPath` under `point` (viewport points) stays under
    /// it — at the end and, because the cell and the offset share one timing, all the way (unless the scroll range
    /// clamps the offset). Steps in quick succession retarget: every element and the offset continue from where they
    /// are with their velocities.
    ///
    /// The recipe: the unit point u of `point` in the cell's presented frame now; the change; an animated
    /// invalidation laid out at `time`; the cell's new frame f; an animated offset f.origin + u·f.size − point at
    /// `time`, which joins the transition.
    public func zoomLayout(keeping indexPath: IndexPath, under point: Point, at time: Double,
                           options: AnimationOptions = .reflow, change: () -> Void) {
        layoutIfNeeded(at: time)
        let now = self.time
        let key = ElementKey.cell(indexPath)
        let content = contentPoint(fromViewport: point)
        let before = presentedAttributes(for: key)?.frame ?? collectionViewLayout.layoutAttributes(for: key)?.frame
        change()
        invalidateLayout(animated: true, options: options)
        layoutIfNeeded(at: now)
        guard let before, before.width > 0, before.height > 0,
              let after = collectionViewLayout.layoutAttributes(for: key)?.frame else { return }
        let u = Point(x: (content.x - before.minX) / before.width, y: (content.y - before.minY) / before.height)
        let offset = Point(x: after.minX + u.x * after.width - point.x, y: after.minY + u.y * after.height - point.y)
        setContentOffset(offset, animated: true, at: now)
    }
}
