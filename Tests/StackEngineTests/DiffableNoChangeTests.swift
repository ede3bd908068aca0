import XCTest
@testable import StackEngine

/// Applying a snapshot equal to the one shown (a live-library report of a change the app already showed) is not a
/// batch update: nothing animates and the completion still runs.
final class DiffableNoChangeTests: XCTestCase {
    func testApplyingTheSameSnapshotAnimatesNothing() {
        let cv = CollectionView(size: Size(width: 200, height: 300), layout: TestGridLayout(headerHeight: 20))
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        let ds = DiffableDataSource<Int, Int>(collectionView: cv) { cv, indexPath, item in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! TestCell
            cell.modelID = item
            return cell
        }
        var snap = CollectionSnapshot<Int, Int>()
        snap.appendSections([0])
        snap.appendItems([1, 2, 3, 4])
        ds.apply(snap)
        cv.layoutIfNeeded(at: 0)
        ds.apply(snap, animated: true, at: 1)
        XCTAssertFalse(cv.elementsAreAnimating, "an unchanged snapshot starts no transition")
        var completed = false
        ds.apply(snap, animated: true, at: 1) { completed = true }
        XCTAssertTrue(completed)
        // A real change still animates.
        snap.deleteItems([2])
        ds.apply(snap, animated: true, at: 2)
        cv.layoutIfNeeded(at: 2.05)
        XCTAssertTrue(cv.elementsAreAnimating)
    }
}
