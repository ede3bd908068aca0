/// Collects the changes of one `performBatchUpdates` call, with UIKit semantics: deletes, reloads and
/// move sources use index paths *before* the update; inserts and move destinations use index paths *after* it.
public final class BatchUpdater {
    public internal(set) var updates: [UpdateItem] = []

    init() {}

    public func insertItems(at indexPaths: [IndexPath]) { updates += indexPaths.map { .insertItem($0) } }
    public func deleteItems(at indexPaths: [IndexPath]) { updates += indexPaths.map { .deleteItem($0) } }
    public func reloadItems(at indexPaths: [IndexPath]) { updates += indexPaths.map { .reloadItem($0) } }
    public func moveItem(at from: IndexPath, to: IndexPath) { updates.append(.moveItem(from: from, to: to)) }
    public func insertSections(_ sections: [Int]) { updates += sections.map { .insertSection($0) } }
    public func deleteSections(_ sections: [Int]) { updates += sections.map { .deleteSection($0) } }
    public func reloadSections(_ sections: [Int]) { updates += sections.map { .reloadSection($0) } }
    public func moveSection(_ from: Int, toSection to: Int) { updates.append(.moveSection(from: from, to: to)) }
}

extension BatchUpdater {
    /// Adds precomputed changes (for example from `SnapshotDiff`).
    public func apply(_ changes: [UpdateItem]) { updates += changes }
}
