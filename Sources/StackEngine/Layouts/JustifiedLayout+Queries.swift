extension JustifiedLayout {
    /// The prepared rows of `section` (empty for a section that does not exist).
    public func rows(inSection section: Int) -> [Row] {
        sections.indices.contains(section) ? sections[section].rows : []
    }

    /// The untransformed frame of an item, content points, or nil when it does not exist.
    public func frameForItem(at indexPath: IndexPath) -> Rect? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].frames.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].frames[indexPath.item]
    }

    /// The aspect ratio item `indexPath` was laid out with at the last `prepare()`, or nil when it does not exist.
    public func preparedAspectRatio(at indexPath: IndexPath) -> Double? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].ratios.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].ratios[indexPath.item]
    }

    func headerFrame(_ g: SectionGeometry) -> Rect {
        Rect(x: 0, y: g.start, width: preparedBounds.width, height: headerHeight)
    }

    /// Index of the first section whose end lies below `y` (points); binary search.
    func firstSection(endingAfter y: Double) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].end <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Index of the first row of `rows` whose bottom lies below `y` (points); binary search.
    func firstRow(_ rows: [Row], endingAfter y: Double) -> Int {
        var lo = 0, hi = rows.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if rows[mid].maxY <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The item whose frame contains `point` (content points), or nil (a gap, a header, past the end): the section
    /// and row by binary search, then the row's items.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        let s = firstSection(endingAfter: point.y)
        guard s < sections.count, sections[s].start <= point.y else { return nil }
        let g = sections[s], r = firstRow(g.rows, endingAfter: point.y)
        guard r < g.rows.count, g.rows[r].minY <= point.y else { return nil }
        for item in g.rows[r].items where g.frames[item].contains(point) { return IndexPath(item: item, section: s) }
        return nil
    }
}
