/// A line-based grid (the counterpart of UICollectionViewFlowLayout) with one item size for the whole layout.
///
/// Items fill a line across the scroll axis (a row when scrolling vertically, a column when scrolling
/// horizontally); when a line is full the next one starts. The space left over in a line is spread evenly
/// between its items (all lines use the spacing of a full line, so items stay aligned in columns); when only
/// one item fits in a line it sits at the leading edge. Each section is laid out as
/// header, section inset (leading), lines, section inset (trailing), footer, along the scroll axis.
///
/// All queries run on geometry cached by `prepare()`: per section its start and end along the scroll axis
/// and its line count. `layoutAttributesForElements(in:)` binary-searches the first section reaching the
/// rect and computes the first line and item position arithmetically, so a query costs O(log sections + k)
/// for k elements returned, whatever the item count.
open class FlowLayout: CollectionViewLayout {
    /// The axis along which the content scrolls.
    public enum ScrollDirection: Hashable, Sendable {
        case vertical
        case horizontal
    }

    /// Supplementary kind of section headers (index path (section, 0)).
    public static let headerKind = "header"
    /// Supplementary kind of section footers (index path (section, 0)).
    public static let footerKind = "footer"

    /// The scroll axis. Default vertical.
    public var scrollDirection: ScrollDirection = .vertical { didSet { if oldValue != scrollDirection { invalidate() } } }
    /// The size of every item, in points.
    public var itemSize = Size(width: 50, height: 50) { didSet { if oldValue != itemSize { invalidate() } } }
    /// The minimum gap between consecutive lines (along the scroll axis), in points.
    public var minimumLineSpacing: Double = 10 { didSet { if oldValue != minimumLineSpacing { invalidate() } } }
    /// The minimum gap between items in one line (across the scroll axis), in points; leftover space widens it.
    public var minimumInteritemSpacing: Double = 10 { didSet { if oldValue != minimumInteritemSpacing { invalidate() } } }
    /// Margins around the items of each section (inside header and footer), in points.
    public var sectionInset: EdgeInsets = .zero { didSet { if oldValue != sectionInset { invalidate() } } }
    /// Size of every section header, in points. Only the extent along the scroll axis is used (height when
    /// vertical, width when horizontal); a header spans the whole view across. Zero means no header.
    public var headerReferenceSize: Size = .zero { didSet { if oldValue != headerReferenceSize { invalidate() } } }
    /// Size of every section footer, in points; same rules as `headerReferenceSize`.
    public var footerReferenceSize: Size = .zero { didSet { if oldValue != footerReferenceSize { invalidate() } } }
    /// Per-section header size (points); overrides `headerReferenceSize` when set. Setting it invalidates.
    public var headerSizeForSection: ((Int) -> Size)? { didSet { invalidate() } }
    /// Per-section footer size (points); overrides `footerReferenceSize` when set. Setting it invalidates.
    public var footerSizeForSection: ((Int) -> Size)? { didSet { invalidate() } }

    /// How many items fit in one line, as of the last `prepare()`.
    public private(set) var itemsPerLine = 1
    /// The host bounds used by the last `prepare()`, in content points.
    public private(set) var preparedBounds = Rect.zero
    /// The item size used by the last `prepare()` (see `resolvedItemSize(for:)`), in points.
    public private(set) var preparedItemSize = Size.zero

    struct SectionGeometry {
        /// Start and end of the whole section (header to footer) along the scroll axis, in points.
        var start: Double, end: Double
        var headerLength: Double, footerLength: Double
        /// Where the first line starts along the scroll axis, in points.
        var itemsStart: Double
        var count: Int
        var lines: Int
    }

    var sections: [SectionGeometry] = []
    /// Actual gap between items in a line (minimum plus the share of leftover space), in points.
    var crossSpacing: Double = 0
    var totalLength: Double = 0

    public override init() { super.init() }

    /// The item size to use for a viewport of `viewSize` points. Subclasses may derive it from the viewport;
    /// the default returns `itemSize`.
    open func resolvedItemSize(for viewSize: Size) -> Size { itemSize }

    // MARK: Axis helpers

    var isVertical: Bool { scrollDirection == .vertical }
    var itemMain: Double { isVertical ? preparedItemSize.height : preparedItemSize.width }
    var itemCross: Double { isVertical ? preparedItemSize.width : preparedItemSize.height }
    var crossLength: Double { isVertical ? preparedBounds.width : preparedBounds.height }
    var mainInsetStart: Double { isVertical ? sectionInset.top : sectionInset.left }
    var mainInsetEnd: Double { isVertical ? sectionInset.bottom : sectionInset.right }
    var crossInsetStart: Double { isVertical ? sectionInset.left : sectionInset.top }
    var crossInsetEnd: Double { isVertical ? sectionInset.right : sectionInset.bottom }

    /// A rectangle from scroll-axis ("main") and cross-axis coordinates.
    func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        isVertical
            ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
            : Rect(x: main, y: cross, width: mainLength, height: crossLength)
    }

    func mainExtent(of size: Size) -> Double { isVertical ? size.height : size.width }

    // MARK: Prepare

    open override func prepare() {
        sections.removeAll(keepingCapacity: true)
        totalLength = 0
        guard let host else { preparedBounds = .zero; return }
        preparedBounds = host.bounds
        preparedItemSize = resolvedItemSize(for: preparedBounds.size)
        let available = crossLength - crossInsetStart - crossInsetEnd
        let spacing = minimumInteritemSpacing
        if itemCross > 0 {
            itemsPerLine = max(1, Int(((available + spacing) / (itemCross + spacing) + 1e-9).rounded(.down)))
        } else {
            itemsPerLine = 1
        }
        crossSpacing = itemsPerLine > 1 ? (available - Double(itemsPerLine) * itemCross) / Double(itemsPerLine - 1) : 0

        let count = host.numberOfSections
        sections.reserveCapacity(count)
        var position = 0.0
        for s in 0..<count {
            let items = host.numberOfItems(inSection: s)
            let header = mainExtent(of: headerSizeForSection?(s) ?? headerReferenceSize)
            let footer = mainExtent(of: footerSizeForSection?(s) ?? footerReferenceSize)
            let lines = items == 0 ? 0 : (items + itemsPerLine - 1) / itemsPerLine
            let start = position
            let itemsStart = start + header + mainInsetStart
            var linesLength = 0.0
            if lines > 0 { linesLength = Double(lines) * itemMain + Double(lines - 1) * minimumLineSpacing }
            let end = itemsStart + linesLength + mainInsetEnd + footer
            sections.append(SectionGeometry(start: start, end: end, headerLength: header, footerLength: footer,
                                            itemsStart: itemsStart, count: items, lines: lines))
            position = end
        }
        totalLength = position
    }

    open override var contentSize: Size {
        isVertical ? Size(width: preparedBounds.width, height: totalLength)
                   : Size(width: totalLength, height: preparedBounds.height)
    }

    // MARK: Queries (geometry in FlowLayout+Queries.swift)

    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        flowAttributes(in: rect)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        frameForItem(at: indexPath).map { LayoutAttributes.cell(indexPath, frame: $0) }
    }

    open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        flowSupplementaryAttributes(ofKind: kind, at: indexPath)
    }
}
