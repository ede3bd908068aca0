import XCTest
@testable import StackEngine

final class CollectionViewHitTestTests: XCTestCase {
    final class DS: CollectionViewDataSource {
        func numberOfSections(in cv: CollectionView) -> Int { 1 }
        func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionView(_ cv: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableView {
            cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
        func collectionView(_ cv: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView? {
            cv.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "s", for: indexPath)
        }
    }

    func testRotatedElementHitsAtItsVisibleCornerAndTopmostWins() throws {
        var rotated = LayoutAttributes.cell(IndexPath(item: 0, section: 0), frame: Rect(x: 50, y: 50, width: 100, height: 100))
        rotated.transform = AffineTransform(rotationAngle: .pi / 4)
        rotated.zIndex = 1
        let under = LayoutAttributes.cell(IndexPath(item: 1, section: 0), frame: Rect(x: 90, y: 90, width: 100, height: 100))
        var label = LayoutAttributes.supplementary("title", IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 180, width: 60, height: 20))
        label.zIndex = 5
        let besideLabel = LayoutAttributes.cell(IndexPath(item: 2, section: 0), frame: Rect(x: 0, y: 170, width: 40, height: 40))
        let layout = StaticTestLayout([under, rotated, label, besideLabel])
        let ds = DS()
        let cv = CollectionView(size: Size(width: 400, height: 400), layout: layout)
        cv.register(ReusableView.self, forCellWithReuseIdentifier: "c")
        cv.register(ReusableView.self, forSupplementaryViewOfKind: "title", withReuseIdentifier: "s")
        cv.dataSource = ds
        cv.layoutIfNeeded(at: 0)
        // The rotated square's top corner sticks out above its untransformed frame: (100, 100 − 70.7).
        XCTAssertEqual(cv.indexPathForItem(at: Point(x: 100, y: 31)), IndexPath(item: 0, section: 0))
        // Its untransformed corner is empty now.
        XCTAssertNil(cv.indexPathForItem(at: Point(x: 53, y: 53)))
        // Where both cells overlap, the higher zIndex wins even though it was listed later… and earlier.
        XCTAssertEqual(cv.indexPathForItem(at: Point(x: 120, y: 120)), IndexPath(item: 0, section: 0))
        XCTAssertEqual(cv.indexPathForItem(at: Point(x: 180, y: 180)), IndexPath(item: 1, section: 0))
        // element(at:) sees the supplementary on top; indexPathForItem(at:) sees the cell below it.
        let top = try XCTUnwrap(cv.element(at: Point(x: 20, y: 190)))
        XCTAssertEqual(top.key.category, .supplementary)
        XCTAssertEqual(cv.indexPathForItem(at: Point(x: 20, y: 190)), IndexPath(item: 2, section: 0))
        // Display order: zIndex ascending.
        XCTAssertEqual(cv.displayList.map(\.attributes.zIndex), [0, 0, 1, 5])
        let item = try XCTUnwrap(cv.displayList.first { $0.key == .cell(IndexPath(item: 0, section: 0)) })
        let t = item.drawingTransform(contentOffset: Point(x: 10, y: 0))
        let corner = t.apply(to: Point(x: -50, y: -50))   // local top-left corner
        XCTAssertEqual(corner.x, 100 - 10, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 100 - 50 * 2.0.squareRoot(), accuracy: 1e-9)
    }
}
