extension CollectionView {
    /// What the app draws this frame: every live renderer (and deleted ones fading out) with its
    /// current attributes, sorted by zIndex, then by insertion order (later on top).
    public var displayList: [DisplayItem] {
        var items: [(order: Int, item: DisplayItem)] = []
        items.reserveCapacity(live.count + disappearing.count)
        for e in live.values { items.append((e.order, DisplayItem(view: e.view, attributes: e.presented, isDisappearing: false))) }
        for e in disappearing { items.append((e.order, DisplayItem(view: e.view, attributes: e.presented, isDisappearing: true))) }
        items.sort { l, r in
            l.item.attributes.zIndex != r.item.attributes.zIndex
                ? l.item.attributes.zIndex < r.item.attributes.zIndex : l.order < r.order
        }
        return items.map(\.item)
    }

    /// The renderers of live cells by index path — those within the viewport plus `displayMargin`, not
    /// those fading out after a delete.
    public var visibleCells: [IndexPath: ReusableView] {
        var out: [IndexPath: ReusableView] = [:]
        for (key, e) in live where key.category == .cell { out[key.indexPath] = e.view }
        return out
    }

    /// Index paths of live cells (viewport plus `displayMargin`), sorted.
    public var indexPathsForVisibleItems: [IndexPath] {
        live.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
    }

    /// The live cell renderer for `indexPath`, if any.
    public func cellForItem(at indexPath: IndexPath) -> ReusableView? { live[.cell(indexPath)]?.view }

    /// The live renderer for any element key, if any.
    public func view(for key: ElementKey) -> ReusableView? { live[key]?.view }

    /// The live cell showing the model item with `identity` (see `ReusableView.itemIdentity`), if any.
    public func cell(forItemIdentity identity: AnyHashable) -> ReusableView? {
        live.values.first { $0.key.category == .cell && $0.view.itemIdentity == identity }?.view
    }

    /// Current (presented) attributes of a live element.
    public func presentedAttributes(for key: ElementKey) -> LayoutAttributes? { live[key]?.presented }
}
