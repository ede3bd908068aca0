import XCTest
@testable import StackEngine

final class FlowLayoutTests: XCTestCase {
    private func frame(_ layout: FlowLayout, _ item: Int, _ section: Int = 0) -> Rect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func testFullLinesSpreadLeftoverSpaceBetweenItems() {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 33, height: 33)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        layout.installed(in: FakeLayoutHost(width: 100, height: 100, counts: [5]))
        XCTAssertEqual(layout.itemsPerLine, 3)
        XCTAssertEqual(frame(layout, 0), Rect(x: 0, y: 0, width: 33, height: 33))
        XCTAssertEqual(frame(layout, 1), Rect(x: 33.5, y: 0, width: 33, height: 33))
        XCTAssertEqual(frame(layout, 2), Rect(x: 67, y: 0, width: 33, height: 33))
        XCTAssertEqual(frame(layout, 3), Rect(x: 0, y: 33, width: 33, height: 33))
        XCTAssertEqual(frame(layout, 4), Rect(x: 33.5, y: 33, width: 33, height: 33), "last line keeps the column spacing")
        XCTAssertNil(frame(layout, 5))
        XCTAssertEqual(layout.contentSize, Size(width: 100, height: 66))
    }

    func testVerticalWithInsetsHeadersAndFooters() {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 40, height: 20)
        layout.minimumLineSpacing = 5
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 15, right: 5)
        layout.headerReferenceSize = Size(width: 999, height: 30)
        layout.footerReferenceSize = Size(width: 999, height: 10)
        layout.installed(in: FakeLayoutHost(width: 100, height: 200, counts: [3, 1]))
        XCTAssertEqual(frame(layout, 0), Rect(x: 5, y: 40, width: 40, height: 20))
        XCTAssertEqual(frame(layout, 1), Rect(x: 55, y: 40, width: 40, height: 20))
        XCTAssertEqual(frame(layout, 2), Rect(x: 5, y: 65, width: 40, height: 20))
        XCTAssertEqual(frame(layout, 0, 1), Rect(x: 5, y: 150, width: 40, height: 20))
        let header = { (s: Int) in layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.headerKind, at: IndexPath(item: 0, section: s))?.frame }
        let footer = { (s: Int) in layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.footerKind, at: IndexPath(item: 0, section: s))?.frame }
        XCTAssertEqual(header(0), Rect(x: 0, y: 0, width: 100, height: 30))
        XCTAssertEqual(footer(0), Rect(x: 0, y: 100, width: 100, height: 10))
        XCTAssertEqual(header(1), Rect(x: 0, y: 110, width: 100, height: 30))
        XCTAssertEqual(footer(1), Rect(x: 0, y: 185, width: 100, height: 10))
        XCTAssertEqual(layout.contentSize, Size(width: 100, height: 195))
    }

    func testPerSectionHeaderSizesAndNoHeaderWhenZero() {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 10)
        layout.minimumLineSpacing = 0
        layout.headerSizeForSection = { Size(width: 0, height: $0 == 0 ? 0 : 7) }
        layout.installed(in: FakeLayoutHost(width: 100, height: 100, counts: [1, 1]))
        XCTAssertNil(layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.headerKind, at: IndexPath(item: 0, section: 0)))
        XCTAssertEqual(layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.headerKind, at: IndexPath(item: 0, section: 1))?.frame,
                       Rect(x: 0, y: 10, width: 100, height: 7))
        XCTAssertEqual(frame(layout, 0, 1), Rect(x: 0, y: 17, width: 100, height: 10))
    }

    func testSingleItemPerLineIsLeftAligned() {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 60, height: 10)
        layout.minimumLineSpacing = 2
        layout.sectionInset = EdgeInsets(top: 0, left: 4, bottom: 0, right: 4)
        layout.installed(in: FakeLayoutHost(width: 100, height: 100, counts: [2]))
        XCTAssertEqual(layout.itemsPerLine, 1)
        XCTAssertEqual(frame(layout, 0), Rect(x: 4, y: 0, width: 60, height: 10))
        XCTAssertEqual(frame(layout, 1), Rect(x: 4, y: 12, width: 60, height: 10))
    }

    func testHorizontalFillsColumnsTopToBottom() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = Size(width: 15, height: 15)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 5
        layout.sectionInset = EdgeInsets(top: 5, left: 3, bottom: 5, right: 7)
        layout.headerReferenceSize = Size(width: 12, height: 999)
        layout.installed(in: FakeLayoutHost(width: 100, height: 50, counts: [5]))
        XCTAssertEqual(frame(layout, 0), Rect(x: 15, y: 5, width: 15, height: 15))
        XCTAssertEqual(frame(layout, 1), Rect(x: 15, y: 30, width: 15, height: 15))
        XCTAssertEqual(frame(layout, 2), Rect(x: 40, y: 5, width: 15, height: 15))
        XCTAssertEqual(frame(layout, 3), Rect(x: 40, y: 30, width: 15, height: 15))
        XCTAssertEqual(frame(layout, 4), Rect(x: 65, y: 5, width: 15, height: 15))
        XCTAssertEqual(layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.headerKind, at: IndexPath(item: 0, section: 0))?.frame,
                       Rect(x: 0, y: 0, width: 12, height: 50))
        XCTAssertEqual(layout.contentSize, Size(width: 87, height: 50))
    }

    func testRectQueriesMatchBruteForceInBothDirections() {
        for direction in [FlowLayout.ScrollDirection.vertical, .horizontal] {
            let layout = FlowLayout()
            layout.scrollDirection = direction
            layout.itemSize = Size(width: 23, height: 17)
            layout.minimumLineSpacing = 3
            layout.minimumInteritemSpacing = 4
            layout.sectionInset = EdgeInsets(top: 6, left: 2, bottom: 5, right: 1)
            layout.headerReferenceSize = Size(width: 11, height: 13)
            layout.footerSizeForSection = { Size(width: Double($0 % 3) * 4, height: Double($0 % 3) * 4) }
            let host = FakeLayoutHost(width: 157, height: 131, counts: [0, 7, 30, 1, 12, 0, 45, 3])
            layout.installed(in: host)
            let all = allElements(of: layout, host: host, supplementaryKinds: [FlowLayout.headerKind, FlowLayout.footerKind])
            var rng = SplitMix64(seed: 7)
            let extent = direction == .vertical ? layout.contentSize.height : layout.contentSize.width
            for _ in 0..<200 {
                let start = Double(rng.next(below: UInt64(extent + 40))) - 20
                let length = Double(rng.next(below: 120)) + 1
                let crossStart = Double(rng.next(below: 140)) - 10
                let crossLength = Double(rng.next(below: 100)) + 1
                let rect = direction == .vertical
                    ? Rect(x: crossStart, y: start, width: crossLength, height: length)
                    : Rect(x: start, y: crossStart, width: length, height: crossLength)
                let found = layout.layoutAttributesForElements(in: rect)
                let expected = all.filter { $0.frame.intersects(rect) }
                XCTAssertEqual(found.count, Set(found.map(\.key)).count, "no duplicates")
                XCTAssertEqual(Set(found), Set(expected), "\(direction) \(rect)")
            }
        }
    }

    func testSettersInvalidateOnlyOnChange() {
        let layout = FlowLayout()
        let host = FakeLayoutHost(width: 100, height: 100, counts: [3])
        layout.installed(in: host)
        let before = host.invalidations
        let same = layout.itemSize
        layout.itemSize = same
        XCTAssertFalse(layout.needsPrepare)
        layout.itemSize = Size(width: 20, height: 20)
        XCTAssertTrue(layout.needsPrepare)
        layout.prepareIfNeeded()
        layout.sectionInset = EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)
        layout.prepareIfNeeded()
        layout.scrollDirection = .horizontal
        XCTAssertEqual(host.invalidations, before + 3)
    }
}
