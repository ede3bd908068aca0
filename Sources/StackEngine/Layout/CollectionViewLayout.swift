/// The base of every layout: it decides where each element goes and hands that out as
/// `LayoutAttributes` values (the architecture of UICollectionViewLayout).
///
/// Lifecycle: `invalidate()` only marks the layout stale and returns at once; the collection view
/// calls `prepareIfNeeded()` once before the next frame, however often it was invalidated. After
/// `prepare()` the queries (`contentSize`, `layoutAttributesForElements(in:)`, …) must be cheap.
open class CollectionViewLayout {
    /// The collection view showing this layout (set when it is installed), or a test host.
    public weak var host: LayoutHost?
    /// True until `prepare()` has run for the current state.
    public private(set) var needsPrepare = true
    /// Decoration view kinds registered with this layout (not with the data source), mapped to the
    /// renderer type the collection view makes for them.
    public private(set) var decorationRegistrations: [String: ReusableView.Type] = [:]

    public init() {}

    /// Marks the layout stale. Cheap and idempotent; the work happens in `prepare()` before the next frame.
    public func invalidate() {
        let wasValid = !needsPrepare
        needsPrepare = true
        if wasValid { host?.layoutDidInvalidate(self) }
    }

    /// Runs `prepare()` if the layout was invalidated since the last time.
    public func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }

    /// Registers a decoration view kind and the renderer type the collection view makes for it
    /// (decoration views belong to the layout, not to the data source).
    public func registerDecoration(_ type: ReusableView.Type, forKind kind: String) {
        decorationRegistrations[kind] = type
        invalidate()
    }

    /// Computes and caches everything the queries need. Subclasses override; the default does nothing.
    open func prepare() {}

    /// The size of the whole scrollable content, in points.
    open var contentSize: Size { .zero }

    /// Every element whose (transformed) area meets `rect` (content points), in no particular order.
    open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? { nil }

    open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// Attributes of any element by key; dispatches to the three queries above.
    public func layoutAttributes(for key: ElementKey) -> LayoutAttributes? {
        switch key.category {
        case .cell: return layoutAttributesForItem(at: key.indexPath)
        case .supplementary: return layoutAttributesForSupplementaryView(ofKind: key.kind, at: key.indexPath)
        case .decoration: return layoutAttributesForDecorationView(ofKind: key.kind, at: key.indexPath)
        }
    }

    /// Whether a change of the visible bounds (scrolling or resizing) needs a new layout.
    /// The default answers true when the size changes and false for a pure scroll.
    open func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        guard let old = host?.bounds else { return true }
        return old.size != newBounds.size
    }

    /// Where scrolling should come to rest, given where it would rest by itself (`proposed`, content
    /// points) and the release velocity (points per second). The default keeps the proposal.
    open func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point { proposed }

    /// The same, knowing where the motion starts (`start`, content points: the offset at a release, or the target of
    /// the ease a wheel notch extends). The scroller asks this one; the default answers the two-argument question.
    open func targetContentOffset(forProposed proposed: Point, velocity: Point, from start: Point) -> Point {
        targetContentOffset(forProposed: proposed, velocity: velocity)
    }

    /// Called before a batch update is animated, with its changes.
    open func prepare(forUpdates updates: [UpdateItem]) {}
    /// Called after the attributes for a batch update's animation have been collected.
    open func finalizeUpdates() {}
    /// Called before an animated switch from `old` to this layout.
    open func prepareForTransition(from old: CollectionViewLayout) {}

    /// Where an inserted (appearing) element starts its animation; nil means "at its final place, alpha 0".
    open func initialLayoutAttributesForAppearingElement(_ key: ElementKey) -> LayoutAttributes? { nil }
    /// Where a deleted (disappearing) element ends its animation; nil means "at its old place, alpha 0".
    open func finalLayoutAttributesForDisappearingElement(_ key: ElementKey) -> LayoutAttributes? { nil }
}
