import Foundation

/// Justified rows (the layout of Google Photos' and Flickr's grids): items in reading order, each at its own
/// aspect ratio, in rows that fill the width exactly; every row's height is chosen near `targetRowHeight`, and the
/// last row of a section keeps `targetRowHeight` and is left ragged (not stretched to the width). Vertical only.
///
/// Row breaking is greedy: items are added to a row until filling the width with them would make the row no
/// taller than `targetRowHeight`; the row then ends with or without that last item, whichever height is nearer the
/// target (by ratio). A row of items whose aspect ratios sum to R, with n items, fills the available width W with
/// height (W − (n − 1) · `interitemSpacing`) / R; every item is `ratio × height` wide, so rows fill the width to
/// rounding error and proportions are exact. Items may carry `itemFooterHeight` points under them (a caption): the
/// aspect ratio applies to the part above it.
///
/// Each section is header (`headerHeight`, spanning the width), `sectionInset.top`, the rows with `lineSpacing`
/// between them, `sectionInset.bottom`. `prepare()` computes every frame once (O(n)); the queries binary-search the
/// section and then the row, so `layoutAttributesForElements(in:)` costs O(log n + k) for k elements returned.
public final class JustifiedLayout: CollectionViewLayout {
    /// Supplementary kind of section headers (index path (section, 0)); the flow layout's.
    public static let headerKind = FlowLayout.headerKind
    /// Aspect ratios are clamped into this range (width / height) so that a degenerate item cannot take a row of
    /// zero height or an infinitely tall one.
    public static let aspectRatioRange = 0.05...20.0

    /// The preferred row height, points (the height of the ragged last row). Default 200.
    public var targetRowHeight: Double { didSet { if oldValue != targetRowHeight { invalidate() } } }
    /// The gap between items in a row, points. Default 8.
    public var interitemSpacing: Double { didSet { if oldValue != interitemSpacing { invalidate() } } }
    /// The gap between rows, points. Default 8.
    public var lineSpacing: Double { didSet { if oldValue != lineSpacing { invalidate() } } }
    /// Margins around each section's rows (inside its header), points.
    public var sectionInset: EdgeInsets { didSet { if oldValue != sectionInset { invalidate() } } }
    /// The height of every section header, points (0: none). Headers span the view's width.
    public var headerHeight: Double = 0 { didSet { if oldValue != headerHeight { invalidate() } } }
    /// Extra height under every item, points (room for a caption); not part of the aspect ratio. Default 0.
    public var itemFooterHeight: Double = 0 { didSet { if oldValue != itemFooterHeight { invalidate() } } }
    /// The aspect ratio (width / height) of items the provider does not know yet. Default 1.
    public var defaultAspectRatio: Double = 1 { didSet { if oldValue != defaultAspectRatio { invalidate() } } }
    /// The items' aspect ratios (held weakly); without one every item has `defaultAspectRatio`. Setting it invalidates.
    public weak var aspectRatios: JustifiedLayoutAspectRatios? { didSet { invalidate() } }

    /// One row as prepared: its top and height (points, the item footer included) and its items.
    public struct Row: Hashable, Sendable {
        public var minY: Double
        public var height: Double
        public var items: Range<Int>
        public var maxY: Double { minY + height }
    }

    struct SectionGeometry {
        /// Start and end of the whole section (header to bottom inset), points.
        var start: Double, end: Double
        var rows: [Row]
        /// Every item's frame, points.
        var frames: [Rect]
        /// The aspect ratio each item was laid out with.
        var ratios: [Double]
    }

    var sections: [SectionGeometry] = []
    /// The host bounds used by the last `prepare()`, content points.
    public private(set) var preparedBounds = Rect.zero
    private var totalHeight = 0.0

    /// - Parameters:
    ///   - targetRowHeight: the preferred row height (points).
    ///   - spacing: gap between items and between rows (points).
    ///   - inset: margins around each section's rows (points).
    public init(targetRowHeight: Double = 200, spacing: Double = 8, inset: EdgeInsets = .zero) {
        self.targetRowHeight = targetRowHeight
        interitemSpacing = spacing
        lineSpacing = spacing
        sectionInset = inset
        super.init()
    }

    // MARK: Prepare

    /// The ratio item `indexPath` is laid out with: the provider's (clamped) or `defaultAspectRatio`.
    public func aspectRatio(at indexPath: IndexPath) -> Double {
        let r = aspectRatios?.justifiedLayout(self, aspectRatioForItemAt: indexPath) ?? defaultAspectRatio
        guard r.isFinite, r > 0 else { return clamp(defaultAspectRatio) }
        return clamp(r)
    }

    private func clamp(_ r: Double) -> Double {
        min(Self.aspectRatioRange.upperBound, max(Self.aspectRatioRange.lowerBound, r.isFinite && r > 0 ? r : 1))
    }

    public override func prepare() {
        sections.removeAll(keepingCapacity: true)
        totalHeight = 0
        guard let host else { preparedBounds = .zero; return }
        preparedBounds = host.bounds
        var y = 0.0
        for s in 0..<host.numberOfSections {
            let n = host.numberOfItems(inSection: s)
            let ratios = (0..<n).map { aspectRatio(at: IndexPath(item: $0, section: s)) }
            let start = y
            y += headerHeight + sectionInset.top
            var g = SectionGeometry(start: start, end: start, rows: [], frames: [], ratios: ratios)
            g.frames.reserveCapacity(n)
            y = layOutRows(of: &g, from: y)
            y += sectionInset.bottom
            g.end = y
            sections.append(g)
        }
        totalHeight = y
    }

    /// The row height (points, without the footer) that fills the available width with `count` items whose ratios
    /// sum to `sum`.
    private func fillingHeight(sum: Double, count: Int, available: Double) -> Double {
        (available - Double(count - 1) * interitemSpacing) / sum
    }

    /// Breaks `g.ratios` into rows starting at `y` (points) and sets `g.rows` and `g.frames`; returns the bottom of
    /// the last row.
    private func layOutRows(of g: inout SectionGeometry, from top: Double) -> Double {
        let available = max(1, preparedBounds.width - sectionInset.left - sectionInset.right)
        let target = max(1, targetRowHeight)
        var y = top
        var first = 0, sum = 0.0
        var i = 0
        let n = g.ratios.count
        func emit(_ items: Range<Int>, height: Double, fills: Bool) {
            if !g.rows.isEmpty { y += lineSpacing }
            let rowHeight = height + itemFooterHeight
            g.rows.append(Row(minY: y, height: rowHeight, items: items))
            var x = sectionInset.left
            for k in items {
                var w = g.ratios[k] * height
                if fills, k == items.upperBound - 1 { w = sectionInset.left + available - x }   // exact right edge
                g.frames.append(Rect(x: x, y: y, width: w, height: rowHeight))
                x += w + interitemSpacing
            }
            y += rowHeight
        }
        while i < n {
            sum += g.ratios[i]
            let count = i - first + 1
            let h = fillingHeight(sum: sum, count: count, available: available)
            if h <= target {
                let without = count > 1 ? fillingHeight(sum: sum - g.ratios[i], count: count - 1, available: available) : .infinity
                if count > 1, abs(log(without / target)) < abs(log(max(h, 1e-9) / target)) {
                    emit(first..<i, height: without, fills: true)
                    first = i; sum = 0   // item i starts the next row (and is looked at again)
                    continue
                }
                emit(first..<(i + 1), height: h, fills: true)
                first = i + 1; sum = 0
            }
            i += 1
        }
        if first < n {
            // The last row: ragged at the target height, unless its items overflow the width at that height.
            let h = min(target, fillingHeight(sum: sum, count: n - first, available: available))
            emit(first..<n, height: h, fills: h < target)
        }
        return y
    }

    public override var contentSize: Size { Size(width: preparedBounds.width, height: totalHeight) }

    // MARK: Queries

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        guard !rect.isEmpty else { return result }
        var s = firstSection(endingAfter: rect.minY)
        while s < sections.count, sections[s].start < rect.maxY {
            let g = sections[s]
            if headerHeight > 0, headerFrame(g).intersects(rect) {
                result.append(.supplementary(Self.headerKind, IndexPath(item: 0, section: s), frame: headerFrame(g)))
            }
            var r = firstRow(g.rows, endingAfter: rect.minY)
            while r < g.rows.count, g.rows[r].minY < rect.maxY {
                for item in g.rows[r].items where g.frames[item].intersects(rect) {
                    result.append(.cell(IndexPath(item: item, section: s), frame: g.frames[item]))
                }
                r += 1
            }
            s += 1
        }
        return result
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        frameForItem(at: indexPath).map { .cell(indexPath, frame: $0) }
    }

    public override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == Self.headerKind, headerHeight > 0, indexPath.item == 0, sections.indices.contains(indexPath.section)
        else { return nil }
        return .supplementary(kind, indexPath, frame: headerFrame(sections[indexPath.section]))
    }
}
