/// The state of a collection's content by identity: ordered sections, each with ordered items.
/// Section and item identifiers must be unique across the snapshot. A value; build one and hand it to
/// `DiffableDataSource.apply(_:animated:completion:)`.
///
/// The storage is `@usableFromInline` and the appends `@inlinable`, so that an app module appending to a snapshot
/// of its own identifier types runs code specialized for them: unspecialized, every identifier hashed, copied and
/// stored went through its witness tables and generic metadata look-ups (a 100,000-photo library's scan appends
/// 15,000 items: ~40 % of the UI thread's appending samples in `perf`).
public struct CollectionSnapshot<SectionID: Hashable, ItemID: Hashable> {
    public var sectionIdentifiers: [SectionID] { storedSectionIdentifiers }
    @usableFromInline var storedSectionIdentifiers: [SectionID] = []
    @usableFromInline var itemsBySection: [[ItemID]] = []
    @usableFromInline var sectionIndex: [SectionID: Int] = [:]
    @usableFromInline var itemSection: [ItemID: SectionID] = [:]
    /// Items whose content changed (their renderers are reconfigured on apply).
    public private(set) var reloadedItemIdentifiers = Set<ItemID>()
    /// Sections whose content is reloaded wholesale on apply.
    public private(set) var reloadedSectionIdentifiers = Set<SectionID>()

    public init() {}

    public var numberOfSections: Int { sectionIdentifiers.count }
    public var numberOfItems: Int { itemSection.count }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemID] { itemsBySection.flatMap { $0 } }

    public func numberOfItems(inSection section: SectionID) -> Int { itemIdentifiers(inSection: section).count }

    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        guard let i = sectionIndex[section] else { return [] }
        return itemsBySection[i]
    }

    public func indexOfSection(_ section: SectionID) -> Int? { sectionIndex[section] }

    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? { itemSection[item] }

    /// The index path of `item`, in O(items of its section).
    public func indexPath(for item: ItemID) -> IndexPath? {
        guard let s = itemSection[item], let si = sectionIndex[s],
              let ii = itemsBySection[si].firstIndex(of: item) else { return nil }
        return IndexPath(item: ii, section: si)
    }

    public func itemIdentifier(at indexPath: IndexPath) -> ItemID? {
        guard indexPath.section >= 0, indexPath.section < itemsBySection.count,
              indexPath.item >= 0, indexPath.item < itemsBySection[indexPath.section].count else { return nil }
        return itemsBySection[indexPath.section][indexPath.item]
    }

    /// Appends sections at the end. A section identifier already present is a programmer error.
    @inlinable
    public mutating func appendSections(_ sections: [SectionID]) {
        for s in sections {
            // One hash per identifier: stored, then checked (a duplicate stops the program either way).
            let old = sectionIndex.updateValue(storedSectionIdentifiers.count, forKey: s)
            precondition(old == nil, "CollectionSnapshot: section identifier \(s) is already in the snapshot")
            storedSectionIdentifiers.append(s)
            itemsBySection.append([])
        }
    }

    /// Appends items to `section` (default: the last section). Duplicate identifiers are a programmer error.
    @inlinable
    public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil) {
        guard let s = section ?? sectionIdentifiers.last, let si = sectionIndex[s] else {
            preconditionFailure("CollectionSnapshot: appendItems needs an existing section (append one first)")
        }
        for item in items {
            let old = itemSection.updateValue(s, forKey: item)
            precondition(old == nil, "CollectionSnapshot: item identifier \(item) is already in the snapshot")
            itemsBySection[si].append(item)
        }
    }

    /// Inserts items before `beforeItem`, in its section.
    public mutating func insertItems(_ items: [ItemID], beforeItem: ItemID) {
        guard let p = indexPath(for: beforeItem) else { preconditionFailure("CollectionSnapshot: no item \(beforeItem)") }
        let s = sectionIdentifiers[p.section]
        for item in items { precondition(itemSection[item] == nil, "CollectionSnapshot: item identifier \(item) is already in the snapshot"); itemSection[item] = s }
        itemsBySection[p.section].insert(contentsOf: items, at: p.item)
    }

    /// Removes items (identifiers not present are ignored).
    public mutating func deleteItems(_ items: [ItemID]) {
        let gone = Set(items)
        for item in items { itemSection[item] = nil; reloadedItemIdentifiers.remove(item) }
        for i in itemsBySection.indices { itemsBySection[i].removeAll { gone.contains($0) } }
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ sections: [SectionID]) {
        let gone = Set(sections)
        var keptIDs: [SectionID] = [], keptItems: [[ItemID]] = []
        for (i, s) in sectionIdentifiers.enumerated() {
            if gone.contains(s) {
                for item in itemsBySection[i] { itemSection[item] = nil; reloadedItemIdentifiers.remove(item) }
                reloadedSectionIdentifiers.remove(s)
            } else { keptIDs.append(s); keptItems.append(itemsBySection[i]) }
        }
        storedSectionIdentifiers = keptIDs
        itemsBySection = keptItems
        sectionIndex = Dictionary(uniqueKeysWithValues: keptIDs.enumerated().map { ($1, $0) })
    }

    /// Moves `item` to just before `beforeItem` (possibly into another section).
    public mutating func moveItem(_ item: ItemID, beforeItem: ItemID) {
        precondition(item != beforeItem, "CollectionSnapshot: cannot move an item before itself")
        deleteItems([item])
        insertItems([item], beforeItem: beforeItem)
    }

    /// Marks items as changed: their renderers are reconfigured when the snapshot is applied.
    public mutating func reloadItems(_ items: [ItemID]) {
        for item in items where itemSection[item] != nil { reloadedItemIdentifiers.insert(item) }
    }

    /// Marks sections as changed: reloaded wholesale when the snapshot is applied.
    public mutating func reloadSections(_ sections: [SectionID]) {
        for s in sections where sectionIndex[s] != nil { reloadedSectionIdentifiers.insert(s) }
    }

    /// A copy without reload marks (what the data source keeps after applying).
    var withoutReloadMarks: CollectionSnapshot {
        var copy = self
        copy.reloadedItemIdentifiers.removeAll()
        copy.reloadedSectionIdentifiers.removeAll()
        return copy
    }
}
