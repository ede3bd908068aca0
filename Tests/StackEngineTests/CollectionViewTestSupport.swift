import XCTest
@testable import StackEngine

/// Foundation (via XCTest) has its own IndexPath; the engine's wins in these tests.
typealias IndexPath = StackEngine.IndexPath

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

/// A cell that remembers the model item it was configured with and checks reuse hygiene.
final class TestCell: ReusableView {
    var modelID: Int?
    var prepareCount = 0
    override func prepareForReuse() {
        prepareCount += 1
        modelID = nil
    }
}

final class TestHeader: ReusableView {
    var sectionID: Int?
    override func prepareForReuse() { sectionID = nil }
}

final class TestDecoration: ReusableView {}

/// A data source over a model of unique Int identifiers, section by section.
final class ModelDataSource: CollectionViewDataSource {
    var sections: [[Int]]
    var sectionIDs: [Int]
    /// Counts reported instead of the model's (to provoke mismatches).
    var countOverride: [Int: Int] = [:]
    private(set) var recycledWithoutPrepare = 0
    private(set) var cellRequests = 0

    init(sections: [[Int]], sectionIDs: [Int]? = nil) {
        self.sections = sections
        self.sectionIDs = sectionIDs ?? Array(0..<sections.count)
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        countOverride[section] ?? sections[section].count
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableView {
        cellRequests += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! TestCell
        if cell.reuseCount != cell.prepareCount || cell.modelID != nil { recycledWithoutPrepare += 1 }
        cell.modelID = sections[indexPath.section][indexPath.item]
        cell.itemIdentity = AnyHashable(cell.modelID!)
        return cell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> ReusableView? {
        let v = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath) as! TestHeader
        v.sectionID = sectionIDs[indexPath.section]
        return v
    }
}

/// Records delegate traffic and fails on unbalanced display callbacks.
final class RecordingDelegate: CollectionViewDelegate {
    var displayedCells: [ObjectIdentifier: IndexPath] = [:]
    var displayedSupplementary = Set<ObjectIdentifier>()
    var unbalanced: [String] = []
    var prefetched: [[IndexPath]] = []
    var cancelled: [[IndexPath]] = []
    var selected: [IndexPath] = []
    var deselected: [IndexPath] = []
    var scrolls = 0

    func collectionView(_ cv: CollectionView, willDisplay cell: ReusableView, forItemAt indexPath: IndexPath) {
        if displayedCells[ObjectIdentifier(cell)] != nil { unbalanced.append("willDisplay twice \(indexPath)") }
        displayedCells[ObjectIdentifier(cell)] = indexPath
    }
    func collectionView(_ cv: CollectionView, didEndDisplaying cell: ReusableView, forItemAt indexPath: IndexPath) {
        if displayedCells.removeValue(forKey: ObjectIdentifier(cell)) == nil { unbalanced.append("didEnd without willDisplay \(indexPath)") }
    }
    func collectionView(_ cv: CollectionView, willDisplaySupplementaryView view: ReusableView, forElementKind kind: String, at indexPath: IndexPath) {
        if !displayedSupplementary.insert(ObjectIdentifier(view)).inserted { unbalanced.append("supplementary willDisplay twice") }
    }
    func collectionView(_ cv: CollectionView, didEndDisplayingSupplementaryView view: ReusableView, forElementOfKind kind: String, at indexPath: IndexPath) {
        if displayedSupplementary.remove(ObjectIdentifier(view)) == nil { unbalanced.append("supplementary didEnd without willDisplay") }
    }
    func collectionView(_ cv: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) { prefetched.append(indexPaths) }
    func collectionView(_ cv: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) { cancelled.append(indexPaths) }
    func collectionView(_ cv: CollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
    func collectionView(_ cv: CollectionView, didDeselectItemAt indexPath: IndexPath) { deselected.append(indexPath) }
    func collectionViewDidScroll(_ cv: CollectionView) { scrolls += 1 }
}

/// SplitMix64: a small seeded generator so failures replay.
struct SeededRNG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A collection view with the test grid, a model data source and a recording delegate, kept alive together.
final class Harness {
    let clock = ManualClock()
    let layout: TestGridLayout
    let dataSource: ModelDataSource
    let delegate = RecordingDelegate()
    let cv: CollectionView

    init(sections: [[Int]], layout: TestGridLayout = TestGridLayout(), size: Size = Size(width: 200, height: 400)) {
        self.layout = layout
        dataSource = ModelDataSource(sections: sections)
        cv = CollectionView(size: size, layout: layout, clock: clock)
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        cv.register(TestHeader.self, forSupplementaryViewOfKind: "header", withReuseIdentifier: "h")
        cv.dataSource = dataSource
        cv.delegate = delegate
        cv.layoutIfNeeded()
    }

    /// Asserts every live cell shows the model item at its index path, headers show their section,
    /// display callbacks are balanced and match the live cells.
    func assertConsistent(_ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(delegate.unbalanced, [], context, file: file, line: line)
        for (p, view) in cv.visibleCells {
            let cell = view as! TestCell
            guard p.section < dataSource.sections.count, p.item < dataSource.sections[p.section].count else {
                XCTFail("\(context): live cell at \(p) outside the model", file: file, line: line); continue
            }
            XCTAssertEqual(cell.modelID, dataSource.sections[p.section][p.item], "\(context): cell at \(p)", file: file, line: line)
            XCTAssertEqual(cell.attributes?.indexPath, p, "\(context): attributes index path", file: file, line: line)
            XCTAssertEqual(delegate.displayedCells[ObjectIdentifier(cell)] != nil, true, "\(context): live cell not announced", file: file, line: line)
        }
        for item in cv.displayList where item.key.category == .supplementary && !item.isDisappearing {
            XCTAssertEqual((item.view as! TestHeader).sectionID, dataSource.sectionIDs[item.key.indexPath.section],
                           "\(context): header \(item.key)", file: file, line: line)
        }
        let liveDisplayed = Set(cv.displayList.filter { $0.key.category == .cell }.map { ObjectIdentifier($0.view) })
        XCTAssertEqual(Set(delegate.displayedCells.keys), liveDisplayed, "\(context): displayed cells vs display list", file: file, line: line)
    }
}
