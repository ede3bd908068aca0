import XCTest
@testable import StackEngine

/// A vertical grid for tests: every section starts with an optional header (supplementary kind
/// "header" at item 0) and then rows of fixed-size items. Counts prepares.
final class TestGridLayout: CollectionViewLayout {
    var columns: Int { didSet { invalidate() } }
    var itemSize: Size
    var spacing: Double
    var headerHeight: Double
    var alwaysInvalidateOnScroll = false
    var decorationKind: String?
    private(set) var prepareCount = 0
    private(set) var updatesSeen: [[UpdateItem]] = []
    private var attrs: [LayoutAttributes] = []
    private var byKey: [ElementKey: LayoutAttributes] = [:]
    private var height: Double = 0

    init(columns: Int = 4, itemSize: Size = Size(width: 50, height: 50), spacing: Double = 0, headerHeight: Double = 0) {
        self.columns = columns
        self.itemSize = itemSize
        self.spacing = spacing
        self.headerHeight = headerHeight
        super.init()
    }

    override func prepare() {
        prepareCount += 1
        attrs = []
        byKey = [:]
        guard let host else { return }
        var y = 0.0
        let width = host.bounds.width
        for s in 0..<host.numberOfSections {
            if headerHeight > 0 {
                attrs.append(.supplementary("header", IndexPath(item: 0, section: s), frame: Rect(x: 0, y: y, width: width, height: headerHeight)))
                y += headerHeight
            }
            let n = host.numberOfItems(inSection: s)
            for i in 0..<n {
                let row = i / columns, col = i % columns
                attrs.append(.cell(IndexPath(item: i, section: s),
                                   frame: Rect(x: Double(col) * (itemSize.width + spacing),
                                               y: y + Double(row) * (itemSize.height + spacing),
                                               width: itemSize.width, height: itemSize.height)))
            }
            y += Double((n + columns - 1) / columns) * (itemSize.height + spacing)
        }
        if let decorationKind {
            attrs.append(.decoration(decorationKind, IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: -60, width: 40, height: 40)))
        }
        height = y
        for a in attrs { byKey[a.key] = a }
    }

    override var contentSize: Size { Size(width: host?.bounds.width ?? 0, height: height) }

    /// Binary search over the rows (attributes are stored top to bottom; the decoration sits last, above 0).
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        var lo = 0, hi = attrs.count - (decorationKind == nil ? 0 : 1)
        let end = hi
        while lo < hi {
            let mid = (lo + hi) / 2
            if attrs[mid].frame.maxY <= rect.minY { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        while i < end, attrs[i].frame.minY < rect.maxY {
            if attrs[i].frame.intersects(rect) { out.append(attrs[i]) }
            i += 1
        }
        if decorationKind != nil, let d = attrs.last, d.frame.intersects(rect) { out.append(d) }
        return out
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { byKey[.cell(indexPath)] }

    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        byKey[ElementKey(category: .supplementary, kind: kind, indexPath: indexPath)]
    }

    override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        byKey[ElementKey(category: .decoration, kind: kind, indexPath: indexPath)]
    }

    override func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        alwaysInvalidateOnScroll || super.shouldInvalidate(forBoundsChange: newBounds)
    }

    override func prepare(forUpdates updates: [UpdateItem]) { updatesSeen.append(updates) }
}

/// A layout that shows a fixed list of attributes (for hit tests and transitions).
final class StaticTestLayout: CollectionViewLayout {
    var elements: [LayoutAttributes]
    var size: Size

    init(_ elements: [LayoutAttributes], size: Size = Size(width: 400, height: 400)) {
        self.elements = elements
        self.size = size
        super.init()
    }

    override var contentSize: Size { size }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        elements.filter { $0.boundingBox.intersects(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        elements.first { $0.category == .cell && $0.indexPath == indexPath }
    }
    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        elements.first { $0.category == .supplementary && $0.kind == kind && $0.indexPath == indexPath }
    }
}

