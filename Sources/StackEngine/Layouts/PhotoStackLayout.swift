/// The main screen's layout (seed-systems §1, after "BHPhotoAlbumLayout"): one stack per section (album),
/// every item (photo) of a section sharing the stack's frame with its own small rotation, a "title"
/// supplementary view under each stack and an "emblem" decoration above the top of the content, seen only
/// when the content is pulled down past its top.
///
/// Geometry (points): row = section / columns, column = section % columns,
/// spacingX = (width − left − right − columns × itemWidth) / (columns − 1),
/// x = floor(left + (itemWidth + spacingX) × column), y = floor(top + (itemHeight + titleHeight + spacingY) × row).
/// Zoom (`columnMultiplier` k) multiplies the columns, keeping the 2-versus-3 rule; `maximumItemSide` bounds the
/// stacks of a large window.
/// Queries touch only the rows meeting the rect: O(rows touched × columns + k).
public final class PhotoStackLayout: CollectionViewLayout {
    /// Supplementary kind of the album title under each stack (index path (section, 0)).
    public static let titleKind = "title"
    /// Decoration kind of the emblem above the content (index path (0, 0)).
    public static let emblemKind = "emblem"
    /// Seed of the rotation table used unless another is given, so every launch shows the same stacks.
    public static let defaultSeed: UInt64 = 0x5EED_2012_BAC0_FFEE
    /// Window width (points) at which `.scaledToWindow` uses scale 1 in a portrait window.
    public static let referencePortraitWidth = 320.0
    /// Window width (points) at which `.scaledToWindow` uses scale 1 in a landscape (or square) window.
    public static let referenceLandscapeWidth = 480.0

    /// How the column count and the sizes follow the window.
    public enum Sizing: Hashable, Sendable {
        /// `numberOfColumns`, `itemInsets`, `itemSize`, … exactly as set (the reference configuration).
        case fixed
        /// 2 columns when height > width (insets as set); otherwise 3 columns with left and right insets
        /// `landscapeSideInset`. Sizes as set.
        case windowShape
        /// Like `.windowShape`, then every length (insets, item size, spacing, title height, emblem) is
        /// multiplied by scale = width / reference width (320 pt portrait, 480 pt landscape), so the grid
        /// fills any window with the proportions of the reference phone screen. The item size is rounded
        /// down to whole points for crisp edges; spacingX absorbs the remainder, so the grid still spans
        /// the full width.
        case scaledToWindow
    }

    /// See `Sizing`. Default `.windowShape`.
    public var sizing: Sizing = .windowShape { didSet { if oldValue != sizing { invalidate() } } }
    /// Margins around the grid (points). Reference 22, 22, 13, 22.
    public var itemInsets = EdgeInsets(top: 22, left: 22, bottom: 13, right: 22) {
        didSet { if oldValue != itemInsets { invalidate() } }
    }
    /// The stack (photo) size, in points. Reference 125 × 125.
    public var itemSize = Size(width: 125, height: 125) { didSet { if oldValue != itemSize { invalidate() } } }
    /// Vertical gap between the bottom of a title and the next row's stacks, in points. Reference 12.
    public var interItemSpacingY = 12.0 { didSet { if oldValue != interItemSpacingY { invalidate() } } }
    /// Height of the title under each stack, in points. Reference 26.
    public var titleHeight = 26.0 { didSet { if oldValue != titleHeight { invalidate() } } }
    /// Column count used by `.fixed` sizing. Reference 2.
    public var numberOfColumns = 2 { didSet { if oldValue != numberOfColumns { invalidate() } } }
    /// Left and right insets in a landscape window (points), for `.windowShape` and `.scaledToWindow`. Reference 25.
    public var landscapeSideInset = 25.0 { didSet { if oldValue != landscapeSideInset { invalidate() } } }
    /// Side of the square emblem decoration at scale 1, in points. Reference 100.
    public var emblemSize = 100.0 { didSet { if oldValue != emblemSize { invalidate() } } }
    /// Gap between the emblem and the top of the content at scale 1, in points. Reference 30.
    public var emblemGap = 30.0 { didSet { if oldValue != emblemGap { invalidate() } } }
    /// When set, only the top `n` photos of each stack are handed out by `layoutAttributesForElements(in:)` (so
    /// only they are made live and drawn): the rest lie hidden under them. `layoutAttributesForItem(at:)` still
    /// answers for every photo. Nil (the default, the tutorial's layout): every photo.
    public var maximumVisibleItemsPerStack: Int? { didSet { if oldValue != maximumVisibleItemsPerStack { invalidate() } } }
    /// Zoom: `.windowShape` and `.scaledToWindow` show 2k columns in a portrait window and 3k in a landscape one
    /// (k = this value, at least 1); `.scaledToWindow` scales by width / (k × reference width), so k windows of the
    /// reference proportions sit side by side. Default 1 (the tutorial's layout).
    public var columnMultiplier = 1 { didSet { if oldValue != columnMultiplier { invalidate() } } }
    /// The largest stack side `.scaledToWindow` grows to, in points (nil: unbounded, the default). Past it the scale
    /// stops growing (insets, title, spacing and emblem with it) and the extra width goes into the spacing between
    /// columns, as the layout always spreads it.
    public var maximumItemSide: Double? { didSet { if oldValue != maximumItemSide { invalidate() } } }
    /// The smallest title height `.scaledToWindow` shrinks to, in points (a small scale must leave a title room for
    /// its text). Default 0.
    public var minimumTitleHeight = 0.0 { didSet { if oldValue != minimumTitleHeight { invalidate() } } }

    /// The seed the rotation table was drawn from.
    public let seed: UInt64
    /// The 32 rotation angles (radians, 2πp with p in [−0.0110, +0.0109] of a turn), drawn once in `init`.
    public let rotationAngles: [Double]

    /// The geometry in force after the last `prepare()`.
    public private(set) var columns = 2
    /// Scale factor applied by `.scaledToWindow` (1 otherwise).
    public private(set) var scale = 1.0
    /// Effective insets, item size, vertical spacing and title height (points) after the last `prepare()`.
    public private(set) var effectiveInsets = EdgeInsets.zero
    public private(set) var effectiveItemSize = Size.zero
    public private(set) var effectiveSpacingY = 0.0
    public private(set) var effectiveTitleHeight = 0.0
    private var spacingX = 0.0
    private var viewWidth = 0.0
    private var counts: [Int] = []

    /// - Parameters:
    ///   - seed: seed of the rotation table (same seed, same stacks).
    ///   - emblemRenderer: the renderer type for the emblem decoration; registered when given (the app can
    ///     also call `registerDecoration(_:forKind:)` itself).
    public init(seed: UInt64 = PhotoStackLayout.defaultSeed, emblemRenderer: ReusableView.Type? = nil) {
        self.seed = seed
        self.rotationAngles = StackRotations.angles(seed: seed)
        super.init()
        if let emblemRenderer { registerDecoration(emblemRenderer, forKind: PhotoStackLayout.emblemKind) }
    }

    /// Number of stack rows (sections rounded up to whole rows).
    public var rows: Int { columns > 0 ? (counts.count + columns - 1) / columns : 0 }

    /// Distance between the tops of consecutive rows, in points.
    private var rowPitch: Double { effectiveItemSize.height + effectiveTitleHeight + effectiveSpacingY }

    public override func prepare() {
        let bounds = host?.bounds ?? .zero
        viewWidth = bounds.width
        let landscape = bounds.height <= bounds.width
        var insets = itemInsets
        switch sizing {
        case .fixed:
            columns = max(1, numberOfColumns)
            scale = 1
        case .windowShape, .scaledToWindow:
            let k = max(1, columnMultiplier)
            columns = (landscape ? 3 : 2) * k
            if landscape { insets.left = landscapeSideInset; insets.right = landscapeSideInset }
            let reference = landscape ? Self.referenceLandscapeWidth : Self.referencePortraitWidth
            scale = sizing == .scaledToWindow && bounds.width > 0 ? bounds.width / (reference * Double(k)) : 1
            let side = max(itemSize.width, itemSize.height)
            if sizing == .scaledToWindow, let bound = maximumItemSide, side > 0, side * scale > bound { scale = bound / side }
        }
        effectiveInsets = EdgeInsets(top: insets.top * scale, left: insets.left * scale,
                                     bottom: insets.bottom * scale, right: insets.right * scale)
        // (A bounded scale is bound / side: its product with the side is the bound, give or take the last bit.)
        let exact = 1e-9
        effectiveItemSize = scale == 1 ? itemSize
            : Size(width: (itemSize.width * scale + exact).rounded(.down), height: (itemSize.height * scale + exact).rounded(.down))
        effectiveSpacingY = interItemSpacingY * scale
        effectiveTitleHeight = sizing == .scaledToWindow ? max(titleHeight * scale, minimumTitleHeight) : titleHeight * scale
        spacingX = columns > 1
            ? (viewWidth - effectiveInsets.left - effectiveInsets.right - Double(columns) * effectiveItemSize.width)
                / Double(columns - 1)
            : 0
        let sectionCount = host?.numberOfSections ?? 0
        counts = (0..<sectionCount).map { host?.numberOfItems(inSection: $0) ?? 0 }
    }

    public override var contentSize: Size {
        let r = Double(rows)
        let height = effectiveInsets.top + r * effectiveItemSize.height + max(0, r - 1) * effectiveSpacingY
            + r * effectiveTitleHeight + effectiveInsets.bottom
        return Size(width: viewWidth, height: height)
    }

    /// The frame shared by every photo of stack `section` (untransformed), in content points.
    public func frameForStack(section: Int) -> Rect {
        let row = section / columns, column = section % columns
        let x = (effectiveInsets.left + (effectiveItemSize.width + spacingX) * Double(column)).rounded(.down)
        let y = (effectiveInsets.top + rowPitch * Double(row)).rounded(.down)
        return Rect(x: x, y: y, width: effectiveItemSize.width, height: effectiveItemSize.height)
    }

    /// The frame of the title under stack `section`, in content points.
    public func frameForTitle(section: Int) -> Rect {
        let stack = frameForStack(section: section)
        return Rect(x: stack.minX, y: stack.maxY, width: stack.width, height: effectiveTitleHeight)
    }

    /// The emblem's frame: centred horizontally, its bottom `emblemGap` above the content top (points).
    public var emblemFrame: Rect {
        let side = emblemSize * scale
        return Rect(x: ((viewWidth - side) / 2).rounded(.down), y: -(side + emblemGap * scale), width: side, height: side)
    }

    /// The stack (section) whose frame or title contains `point` (content points), if any.
    public func sectionForStack(at point: Point) -> Int? {
        guard rowPitch > 0, point.y >= effectiveInsets.top else { return nil }
        let row = Int(((point.y - effectiveInsets.top) / rowPitch).rounded(.down))
        for column in 0..<columns {
            let section = row * columns + column
            guard section < counts.count else { return nil }
            if frameForStack(section: section).union(frameForTitle(section: section)).contains(point) { return section }
        }
        return nil
    }

    /// The rotation (radians) of photo `item` of stack `section`: table entry (section × 3 + item) mod 32.
    public func rotation(section: Int, item: Int) -> Double {
        rotationAngles[StackRotations.index(section: section, item: item)]
    }

    private func cellAttributes(_ indexPath: IndexPath, frame: Rect) -> LayoutAttributes {
        LayoutAttributes(indexPath: indexPath, frame: frame,
                         transform: AffineTransform(rotationAngle: rotation(section: indexPath.section, item: indexPath.item)),
                         zIndex: 100 + counts[indexPath.section] - indexPath.item)
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        guard !rect.isEmpty, columns > 0, rowPitch > 0 else { return result }
        if rect.minY < 0, emblemFrame.intersects(rect) {
            result.append(.decoration(Self.emblemKind, IndexPath(item: 0, section: 0), frame: emblemFrame))
        }
        // Rotated photos reach at most sin(0.07 rad) × side ≈ 5 % of a side beyond the stack frame.
        let slack = 0.05 * max(effectiveItemSize.width, effectiveItemSize.height) + 1
        let firstRow = max(0, Int(((rect.minY - slack - effectiveInsets.top) / rowPitch).rounded(.down)))
        let lastRow = min(rows - 1, Int(((rect.maxY + slack - effectiveInsets.top) / rowPitch).rounded(.down)))
        guard firstRow <= lastRow else { return result }
        for row in firstRow...lastRow {
            for column in 0..<columns {
                let section = row * columns + column
                guard section < counts.count else { break }
                let stack = frameForStack(section: section)
                if stack.insetBy(dx: -slack, dy: -slack).intersects(rect) {
                    for item in 0..<min(counts[section], maximumVisibleItemsPerStack ?? .max) {
                        let attributes = cellAttributes(IndexPath(item: item, section: section), frame: stack)
                        if attributes.boundingBox.intersects(rect) { result.append(attributes) }
                    }
                }
                let title = frameForTitle(section: section)
                if title.intersects(rect) {
                    result.append(.supplementary(Self.titleKind, IndexPath(item: 0, section: section), frame: title))
                }
            }
        }
        return result
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < counts.count,
              indexPath.item >= 0, indexPath.item < counts[indexPath.section] else { return nil }
        return cellAttributes(indexPath, frame: frameForStack(section: indexPath.section))
    }

    public override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == Self.titleKind, indexPath.item == 0, indexPath.section >= 0, indexPath.section < counts.count
        else { return nil }
        return .supplementary(kind, indexPath, frame: frameForTitle(section: indexPath.section))
    }

    public override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == Self.emblemKind, indexPath == IndexPath(item: 0, section: 0) else { return nil }
        return .decoration(kind, indexPath, frame: emblemFrame)
    }
}
