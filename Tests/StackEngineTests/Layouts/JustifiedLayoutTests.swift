import XCTest
@testable import StackEngine

/// Aspect ratios from a table, for `JustifiedLayout`; items missing from it are not known yet.
final class RatioTable: JustifiedLayoutAspectRatios {
    var ratios: [IndexPath: Double]
    init(_ ratios: [IndexPath: Double] = [:]) { self.ratios = ratios }
    func justifiedLayout(_ layout: JustifiedLayout, aspectRatioForItemAt indexPath: IndexPath) -> Double? { ratios[indexPath] }

    /// Ratios from 0.5 (portrait scan) to 2.4 (banner) for `counts` items per section, seeded.
    static func random(counts: [Int], seed: UInt64) -> RatioTable {
        var rng = SplitMix64(seed: seed)
        var table: [IndexPath: Double] = [:]
        for (s, n) in counts.enumerated() {
            for i in 0..<n { table[IndexPath(item: i, section: s)] = [0.5, 0.667, 0.75, 1, 1.333, 1.5, 1.778, 2.4].randomElement(using: &rng)! }
        }
        return RatioTable(table)
    }
}

/// Issue 32 (whole photos): justified rows fill the width, keep every item's proportions, stay near the target
/// height, leave the last row ragged; the rect and point queries (binary searches) agree with a brute force.
final class JustifiedLayoutTests: XCTestCase {
    private let inset = EdgeInsets(top: 64, left: 28, bottom: 28, right: 28)

    private func layout(width: Double = 1280, counts: [Int] = [300], table: RatioTable, target: Double = 200,
                        footer: Double = 0, header: Double = 0) -> (JustifiedLayout, FakeLayoutHost) {
        let host = FakeLayoutHost(width: width, height: 800, counts: counts)
        let layout = JustifiedLayout(targetRowHeight: target, spacing: 12, inset: inset)
        layout.itemFooterHeight = footer
        layout.headerHeight = header
        layout.aspectRatios = table
        layout.installed(in: host)
        withExtendedLifetime(table) {}
        return (layout, host)
    }

    private func frames(_ layout: JustifiedLayout, _ row: JustifiedLayout.Row, section: Int = 0) -> [Rect] {
        row.items.map { layout.frameForItem(at: IndexPath(item: $0, section: section))! }
    }

    func testEveryRowButTheLastFillsTheWidthWithinAPoint() {
        for (width, seed) in [(1280.0, 1 as UInt64), (1920, 2), (801, 3), (430, 4)] {
            let table = RatioTable.random(counts: [300], seed: seed)
            let (layout, _) = layout(width: width, table: table)
            let rows = layout.rows(inSection: 0)
            XCTAssertGreaterThan(rows.count, 5)
            for row in rows.dropLast() {
                let f = frames(layout, row)
                XCTAssertEqual(f.first!.minX, 28, accuracy: 1e-9)
                XCTAssertEqual(f.last!.maxX, width - 28, accuracy: 1, "row \(row.items) at width \(width)")
                for (a, b) in zip(f, f.dropFirst()) {
                    XCTAssertEqual(b.minX - a.maxX, 12, accuracy: 1e-6, "spacing")
                }
            }
            XCTAssertEqual(rows.flatMap { Array($0.items) }, Array(0..<300), "every item once, in order")
        }
    }

    func testEveryItemKeepsItsAspectRatioAboveItsFooter() {
        let table = RatioTable.random(counts: [200], seed: 7)
        let (layout, _) = layout(table: table, footer: 22)
        for i in 0..<200 {
            let p = IndexPath(item: i, section: 0), f = layout.frameForItem(at: p)!
            XCTAssertEqual(f.width / (f.height - 22), table.ratios[p]!, accuracy: 1e-6, "item \(i)")
        }
    }

    func testRowHeightsStayNearTheTarget() {
        let table = RatioTable.random(counts: [400], seed: 11)
        let (layout, _) = layout(width: 1600, table: table, target: 240)
        let rows = layout.rows(inSection: 0)
        for row in rows.dropLast() {
            XCTAssertGreaterThan(row.height, 240 / 1.3, "row \(row.items)")
            XCTAssertLessThan(row.height, 240 * 1.3, "row \(row.items)")
        }
        for (a, b) in zip(rows, rows.dropFirst()) { XCTAssertEqual(b.minY - a.maxY, 12, accuracy: 1e-9) }
        XCTAssertEqual(rows.first!.minY, 64)
        XCTAssertEqual(layout.contentSize.height, rows.last!.maxY + 28, accuracy: 1e-9)
    }

    /// The last row keeps the target height and ends short of the right edge: it is not stretched.
    func testTheLastRowIsLeftRagged() {
        var ratios: [IndexPath: Double] = [:]
        for i in 0..<13 { ratios[IndexPath(item: i, section: 0)] = 1.5 }
        let (layout, _) = layout(width: 1280, counts: [13], table: RatioTable(ratios))
        let last = layout.rows(inSection: 0).last!
        XCTAssertEqual(last.height, 200)
        XCTAssertLessThan(last.items.count, 4)
        let f = frames(layout, last)
        XCTAssertLessThan(f.last!.maxX, 1280 - 28 - 100, "ragged")
        for r in f { XCTAssertEqual(r.width, 300, accuracy: 1e-9) }
    }

    /// A panorama wider than the row at the target height gets a row of its own, filling the width, lower than the
    /// target; nothing ever sticks out past the right inset.
    func testAPanoramaTakesARowOfItsOwn() {
        var ratios: [IndexPath: Double] = [:]
        for i in 0..<9 { ratios[IndexPath(item: i, section: 0)] = i == 4 ? 12 : 0.75 }
        let (layout, _) = layout(width: 1280, counts: [9], table: RatioTable(ratios))
        let pano = layout.frameForItem(at: IndexPath(item: 4, section: 0))!
        XCTAssertEqual(pano.minX, 28)
        XCTAssertEqual(pano.maxX, 1252, accuracy: 1e-9)
        XCTAssertEqual(pano.height, 1224 / 12, accuracy: 1e-9)
        for i in 0..<9 { XCTAssertLessThanOrEqual(layout.frameForItem(at: IndexPath(item: i, section: 0))!.maxX, 1252 + 1e-9) }
    }

    func testUnknownRatiosUseTheDefault() {
        let (layout, _) = layout(counts: [20], table: RatioTable())
        layout.defaultAspectRatio = 1.5
        layout.prepareIfNeeded()
        XCTAssertEqual(layout.preparedAspectRatio(at: IndexPath(item: 3, section: 0)), 1.5)
        let f = layout.frameForItem(at: IndexPath(item: 3, section: 0))!
        XCTAssertEqual(f.width / f.height, 1.5, accuracy: 1e-9)
    }

    func testRectQueriesAgreeWithABruteForce() {
        let counts = [0, 57, 1, 240]
        let table = RatioTable.random(counts: counts, seed: 5)
        let (layout, host) = layout(width: 1100, counts: counts, table: table, footer: 18, header: 40)
        let all = allElements(of: layout, host: host, supplementaryKinds: [JustifiedLayout.headerKind])
        XCTAssertEqual(all.filter { $0.category == .supplementary }.count, 4)
        var rng = SplitMix64(seed: 99)
        let height = layout.contentSize.height
        for _ in 0..<300 {
            let x = Double.random(in: -50...1100, using: &rng), y = Double.random(in: -100...(height + 50), using: &rng)
            let rect = Rect(x: x, y: y, width: Double.random(in: 1...900, using: &rng), height: Double.random(in: 1...1200, using: &rng))
            let expected = Set(all.filter { $0.frame.intersects(rect) })
            XCTAssertEqual(Set(layout.layoutAttributesForElements(in: rect)), expected, "rect \(rect)")
        }
    }

    func testHitTestingAgreesWithABruteForce() {
        let counts = [33, 0, 180]
        let table = RatioTable.random(counts: counts, seed: 6)
        let (layout, host) = layout(width: 900, counts: counts, table: table, header: 30)
        let cells = allElements(of: layout, host: host).filter { $0.category == .cell }
        var rng = SplitMix64(seed: 3)
        let height = layout.contentSize.height
        var hits = 0
        for _ in 0..<2000 {
            let p = Point(x: Double.random(in: 0...900, using: &rng), y: Double.random(in: -20...(height + 20), using: &rng))
            let expected = cells.first { $0.frame.contains(p) }?.indexPath
            XCTAssertEqual(layout.indexPathForItem(at: p), expected, "point \(p)")
            if expected != nil { hits += 1 }
        }
        XCTAssertGreaterThan(hits, 1000)
    }

    /// 10^5 items: a screenful's query returns about a screenful, wherever it is.
    func testAScreenfulOfAHundredThousandItems() {
        let table = RatioTable.random(counts: [100_000], seed: 8)
        let (layout, _) = layout(width: 1920, counts: [100_000], table: table)
        let height = layout.contentSize.height
        for y in [0, height / 2, height - 1080] {
            let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 1920, height: 1080))
            XCTAssertGreaterThan(found.count, 20)
            XCTAssertLessThan(found.count, 80)
        }
        XCTAssertEqual(layout.rows(inSection: 0).last!.items.upperBound, 100_000)
    }
}
