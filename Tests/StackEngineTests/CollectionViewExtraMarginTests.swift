import XCTest
@testable import StackEngine

final class CollectionViewExtraMarginTests: XCTestCase {
    func testExtraDisplayMarginKeepsRenderersLiveFurtherOnOneSideOnly() {
        // 1 column of 100-pt rows, viewport 400 pt at offset 4000: rows 40…43 visible.
        let layout = TestGridLayout(columns: 1, itemSize: Size(width: 200, height: 100))
        let h = Harness(sections: [Array(0..<200)], layout: layout)
        h.cv.displayMargin = 100
        h.cv.contentOffset = Point(x: 0, y: 4000)
        h.cv.layoutIfNeeded(at: h.clock.now)
        func live() -> [Int] { h.cv.displayList.filter { $0.attributes.category == .cell }.map(\.attributes.indexPath.item).sorted() }
        XCTAssertEqual(live(), Array(39...44), "the margin: one row each side")
        h.cv.extraDisplayMargin = EdgeInsets(top: 0, left: 0, bottom: 300, right: 0)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(live(), Array(39...47), "three more rows below, none more above")
        h.cv.extraDisplayMargin = .zero
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(live(), Array(39...44), "back to the margin")
    }
}
