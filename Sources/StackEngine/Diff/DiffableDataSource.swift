/// A data source driven by snapshots of identifiers: `apply(_:animated:completion:)` diffs the new
/// snapshot against the current one and runs the changes as one batch update. Renderers it hands out
/// carry their item identifier in `ReusableView.itemIdentity` (as `AnyHashable(ItemID)`), so the app
/// can map a renderer back to a stable identity, whatever index path it has after moves.
public final class DiffableDataSource<SectionID: Hashable, ItemID: Hashable>: CollectionViewDataSource {
    /// Makes and configures the cell for an item (dequeue it from the collection view).
    public typealias CellProvider = (CollectionView, IndexPath, ItemID) -> ReusableView
    /// Makes a supplementary view of a kind at an index path, or nil for none.
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> ReusableView?

    public private(set) weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    public var supplementaryViewProvider: SupplementaryViewProvider?
    @usableFromInline var current = CollectionSnapshot<SectionID, ItemID>()
    @usableFromInline var hasApplied = false
    /// The error of the last apply whose batch update was rejected (the view then reloaded), if any.
    /// Nil after every successful apply; a non-nil value points at a bug.
    public var lastApplyError: Error? { storedLastApplyError }
    @usableFromInline var storedLastApplyError: Error?
    /// Snapshots diffed against the current one so far (every `apply` after the first; `appendSections` diffs
    /// nothing): the diff costs time in proportion to all the items, which tests and benchmarks watch.
    public private(set) var diffsMade = 0

    /// Creates the data source and installs it as `collectionView.dataSource` (which is weak: keep
    /// this object alive yourself).
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// The current snapshot (copy it, change it, apply it).
    public func snapshot() -> CollectionSnapshot<SectionID, ItemID> { current }

    /// Makes `snapshot` current. The first apply reloads; later ones animate (when `animated`) the
    /// inserts, deletes, moves and reloads between the two, starting at `time` (seconds; default: the collection
    /// view's last frame). `completion` runs when the animation ends.
    public func apply(_ snapshot: CollectionSnapshot<SectionID, ItemID>, animated: Bool = true, at time: Double? = nil,
                      completion: (() -> Void)? = nil) {
        let previous = current
        guard let cv = collectionView, hasApplied else {
            current = snapshot.withoutReloadMarks
            hasApplied = collectionView != nil
            collectionView?.reloadData()
            completion?()
            return
        }
        let changes = SnapshotDiff.changes(from: previous, to: snapshot)
        diffsMade += 1
        // Nothing changed (the same identifiers in the same order, nothing reloaded): no batch update, so nothing
        // animates (an empty update would still run an identity transition of every live element).
        guard !changes.isEmpty else {
            current = snapshot.withoutReloadMarks
            completion?()
            return
        }
        // The data source switches to the new snapshot inside the update, after the collection view has
        // read the old counts. A rejected update (which would be a bug in the diff) still leaves the view
        // reloaded and consistent.
        do {
            try cv.performBatchUpdates({ updater in
                self.current = snapshot.withoutReloadMarks
                updater.apply(changes)
            }, animated: animated, at: time, completion: completion)
            storedLastApplyError = nil
        } catch {
            storedLastApplyError = error
            completion?()
        }
        current = snapshot.withoutReloadMarks
    }

    /// Appends `sections` (each with its items) after the current snapshot's last section, in place: the same as
    /// applying a copy of the current snapshot with them appended, in O(the appended items) — no copy of the current
    /// snapshot and no diff (a library of 10^5 photos streaming in from a scan appends album by album). Before the
    /// first apply it is that apply (a reload). Section or item identifiers already present are a programmer error,
    /// as for `CollectionSnapshot.appendSections` and `appendItems`. `@inlinable`: specialized in the caller's module
    /// for its identifier types (see `CollectionSnapshot`).
    @inlinable
    public func appendSections(_ sections: [(section: SectionID, items: [ItemID])], animated: Bool = true, at time: Double? = nil,
                               completion: (() -> Void)? = nil) {
        guard !sections.isEmpty else { completion?(); return }
        guard let cv = collectionView, hasApplied else {
            var snapshot = current
            for (s, items) in sections { snapshot.appendSections([s]); snapshot.appendItems(items, toSection: s) }
            apply(snapshot, animated: animated, at: time, completion: completion)
            return
        }
        let first = current.numberOfSections
        func appendToCurrent() {
            for (s, items) in sections { current.appendSections([s]); current.appendItems(items, toSection: s) }
        }
        do {
            try cv.performBatchUpdates({ updater in
                appendToCurrent()
                updater.insertSections(Array(first..<(first + sections.count)))
            }, animated: animated, at: time, completion: completion)
            storedLastApplyError = nil
        } catch {
            storedLastApplyError = error   // the view reloaded from `current`, which holds the sections
            completion?()
        }
    }

    public func itemIdentifier(for indexPath: IndexPath) -> ItemID? { current.itemIdentifier(at: indexPath) }
    public func indexPath(for item: ItemID) -> IndexPath? { current.indexPath(for: item) }
    /// The index of the section with identifier `section` in the current snapshot.
    public func index(ofSection section: SectionID) -> Int? { current.indexOfSection(section) }
    public func sectionIdentifier(for section: Int) -> SectionID? {
        section >= 0 && section < current.numberOfSections ? current.sectionIdentifiers[section] : nil
    }

    // MARK: CollectionViewDataSource

    public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        current.itemsBySection[section].count
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableView {
        let item = current.itemsBySection[indexPath.section][indexPath.item]
        let view = cellProvider(collectionView, indexPath, item)
        view.itemIdentity = AnyHashable(item)
        return view
    }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> ReusableView? {
        supplementaryViewProvider?(collectionView, kind, indexPath)
    }
}
