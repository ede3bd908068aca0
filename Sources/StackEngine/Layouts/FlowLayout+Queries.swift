extension FlowLayout {
    /// The untransformed frame of an item, in content points, or nil when it does not exist.
    public func frameForItem(at indexPath: IndexPath) -> Rect? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let g = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < g.count else { return nil }
        return itemFrame(section: g, line: indexPath.item / itemsPerLine, position: indexPath.item % itemsPerLine)
    }

    func itemFrame(section g: SectionGeometry, line: Int, position: Int) -> Rect {
        rect(main: g.itemsStart + Double(line) * (itemMain + minimumLineSpacing),
             cross: crossInsetStart + Double(position) * (itemCross + crossSpacing),
             mainLength: itemMain, crossLength: itemCross)
    }

    func headerFrame(_ g: SectionGeometry) -> Rect {
        rect(main: g.start, cross: 0, mainLength: g.headerLength, crossLength: crossLength)
    }

    func footerFrame(_ g: SectionGeometry) -> Rect {
        rect(main: g.end - g.footerLength, cross: 0, mainLength: g.footerLength, crossLength: crossLength)
    }

    /// Index of the first section whose end lies beyond `position` (scroll axis, points); binary search.
    func firstSection(endingAfter position: Double) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].end <= position { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The flow geometry for `rect` without subclass adjustments: O(log sections + k).
    public func flowAttributes(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        guard !rect.isEmpty else { return result }
        let lo = isVertical ? rect.minY : rect.minX, hi = isVertical ? rect.maxY : rect.maxX
        let crossLo = isVertical ? rect.minX : rect.minY, crossHi = isVertical ? rect.maxX : rect.maxY
        let linePitch = itemMain + minimumLineSpacing
        let crossPitch = itemCross + crossSpacing
        var s = firstSection(endingAfter: lo)
        while s < sections.count, sections[s].start < hi {
            let g = sections[s]
            let path = IndexPath(item: 0, section: s)
            if g.headerLength > 0, headerFrame(g).intersects(rect) {
                result.append(.supplementary(FlowLayout.headerKind, path, frame: headerFrame(g)))
            }
            if g.lines > 0, linePitch > 0, itemCross > 0 {
                let l0 = max(0, Int(((lo - g.itemsStart) / linePitch).rounded(.down)))
                let l1 = min(g.lines - 1, Int(((hi - g.itemsStart) / linePitch).rounded(.down)))
                let p0 = itemsPerLine == 1 ? 0 : max(0, Int(((crossLo - crossInsetStart) / crossPitch).rounded(.down)))
                let p1 = itemsPerLine == 1 ? 0
                    : min(itemsPerLine - 1, Int(((crossHi - crossInsetStart) / crossPitch).rounded(.down)))
                if l0 <= l1, p0 <= p1 {
                    for line in l0...l1 {
                        for position in p0...p1 {
                            let item = line * itemsPerLine + position
                            guard item < g.count else { break }
                            let frame = itemFrame(section: g, line: line, position: position)
                            if frame.intersects(rect) {
                                result.append(.cell(IndexPath(item: item, section: s), frame: frame))
                            }
                        }
                    }
                }
            }
            if g.footerLength > 0, footerFrame(g).intersects(rect) {
                result.append(.supplementary(FlowLayout.footerKind, path, frame: footerFrame(g)))
            }
            s += 1
        }
        return result
    }

    /// The flow attributes of one supplementary view, without subclass adjustments.
    public func flowSupplementaryAttributes(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item == 0 else { return nil }
        let g = sections[indexPath.section]
        switch kind {
        case FlowLayout.headerKind where g.headerLength > 0:
            return .supplementary(kind, indexPath, frame: headerFrame(g))
        case FlowLayout.footerKind where g.footerLength > 0:
            return .supplementary(kind, indexPath, frame: footerFrame(g))
        default:
            return nil
        }
    }
}

