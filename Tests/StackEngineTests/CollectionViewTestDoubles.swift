import XCTest
@testable import StackEngine

/// A cell that remembers the model item it was configured with and checks reuse hygiene.
final class TestCell: ReusableView {
    var modelID: Int?
    var prepareCount = 0
    /// True from `didEnterReusePool()` until the next `prepareForReuse()`.
    var isPooled = false
    override func prepareForReuse() {
        prepareCount += 1
        modelID = nil
        isPooled = false
    }
    /// How many times it went to the reuse pool.
    var poolEntries = 0
    override func didEnterReusePool() { isPooled = true; poolEntries += 1 }
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

/// The seeded generator the tests use, so failures replay (the engine's own SplitMix64).
typealias SeededRNG = SplitMix64

