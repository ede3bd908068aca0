import XCTest
@testable import StackEngine

/// `DiffableDataSource.appendSections`: sections appended in place give the same content as applying the snapshot
/// with them appended, animate in as inserted sections, diff nothing, and before the first apply reload.
final class DiffableAppendTests: XCTestCase {
    func makeDataSource() -> (CollectionView, DiffableDataSource<Int, Int>) {
        let cv = CollectionView(size: Size(width: 200, height: 2000), layout: TestGridLayout(headerHeight: 20))
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        let ds = DiffableDataSource<Int, Int>(collectionView: cv) { cv, indexPath, item in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! TestCell
            cell.modelID = item
            return cell
        }
        return (cv, ds)
    }

    /// The models of the live cells, by index path.
    func liveModels(_ cv: CollectionView) -> [IndexPath: Int] {
        var out: [IndexPath: Int] = [:]
        for (p, view) in cv.visibleCells { out[p] = (view as? TestCell)?.modelID }
        return out
    }

    func testAppendedSectionsMatchTheAppliedSnapshotAndAnimateIn() {
        let (cv, ds) = makeDataSource()
        ds.appendSections([(section: 0, items: [1, 2]), (section: 1, items: [3])], animated: true, at: 0)
        XCTAssertEqual(ds.snapshot().sectionIdentifiers, [0, 1], "before any apply: a reload")
        XCTAssertEqual(cv.numberOfSections, 2)
        cv.layoutIfNeeded(at: 0)
        XCTAssertFalse(cv.elementsAreAnimating)

        ds.appendSections([(section: 2, items: [4, 5, 6]), (section: 3, items: [])], animated: true, at: 1)
        XCTAssertEqual(ds.diffsMade, 0, "nothing diffed")
        XCTAssertNil(ds.lastApplyError)
        XCTAssertEqual(ds.snapshot().sectionIdentifiers, [0, 1, 2, 3])
        XCTAssertEqual(ds.snapshot().itemIdentifiers, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(ds.indexPath(for: 5), IndexPath(item: 1, section: 2))
        XCTAssertEqual(cv.numberOfSections, 4)
        XCTAssertEqual(cv.numberOfItems(inSection: 2), 3)
        cv.layoutIfNeeded(at: 1.05)
        XCTAssertTrue(cv.elementsAreAnimating, "the new sections animate in")
        cv.layoutIfNeeded(at: 5)
        XCTAssertFalse(cv.elementsAreAnimating)

        // The same content through apply: the same cells.
        let (cv2, ds2) = makeDataSource()
        var snapshot = CollectionSnapshot<Int, Int>()
        snapshot.appendSections([0, 1]); snapshot.appendItems([1, 2], toSection: 0); snapshot.appendItems([3], toSection: 1)
        ds2.apply(snapshot, animated: false, at: 0)
        snapshot.appendSections([2, 3]); snapshot.appendItems([4, 5, 6], toSection: 2)
        ds2.apply(snapshot, animated: true, at: 1)
        cv2.layoutIfNeeded(at: 5)
        XCTAssertEqual(ds2.diffsMade, 1)
        XCTAssertEqual(liveModels(cv), liveModels(cv2))
        XCTAssertEqual(liveModels(cv).count, 6)

        // A later apply diffs against the appended content: removing one appended section is one delete.
        var next = ds.snapshot()
        next.deleteSections([2])
        ds.apply(next, animated: false, at: 6)
        cv.layoutIfNeeded(at: 6)
        XCTAssertNil(ds.lastApplyError)
        XCTAssertEqual(cv.numberOfSections, 3)
        XCTAssertEqual(Set(liveModels(cv).values), [1, 2, 3])
    }
}
