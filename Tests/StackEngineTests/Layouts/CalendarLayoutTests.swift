import XCTest
@testable import StackEngine

final class CalendarLayoutTests: XCTestCase {
    private let events = [
        CalendarEvent(day: 2, startHour: 3, durationHours: 2),
        CalendarEvent(day: 1, startHour: 1, durationHours: 5),   // spans hours 1…5
        CalendarEvent(day: 6, startHour: 22, durationHours: 2),
        CalendarEvent(day: 0, startHour: 0, durationHours: 1),
    ]

    private func make(_ events: [CalendarEvent]) -> (CalendarLayout, FakeLayoutHost) {
        let host = FakeLayoutHost(width: 800, height: 600, counts: [events.count])
        return (CalendarLayout { events[$0.item] }.installed(in: host), host)
    }

    func testEventAndHeaderFrames() {
        let (layout, _) = make(events)
        XCTAssertEqual(layout.dayWidth, 100)
        XCTAssertEqual(layout.contentSize, Size(width: 800, height: 1240))
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame, Rect(x: 305, y: 195, width: 90, height: 90))
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame, Rect(x: 705, y: 1145, width: 90, height: 90))
        let day3 = layout.layoutAttributesForSupplementaryView(ofKind: CalendarLayout.dayHeaderKind, at: IndexPath(item: 3, section: 0))
        XCTAssertEqual(day3?.frame, Rect(x: 400, y: 0, width: 100, height: 40))
        XCTAssertEqual(day3?.zIndex, -10)
        let hour5 = layout.layoutAttributesForSupplementaryView(ofKind: CalendarLayout.hourHeaderKind, at: IndexPath(item: 5, section: 0))
        XCTAssertEqual(hour5?.frame, Rect(x: 0, y: 290, width: 100, height: 50))
        XCTAssertEqual(hour5?.zIndex, -10)
        XCTAssertNil(layout.layoutAttributesForSupplementaryView(ofKind: CalendarLayout.hourHeaderKind, at: IndexPath(item: 24, section: 0)))
    }

    func testEventStartingAboveTheRectIsFoundOnce() {
        let (layout, _) = make(events)
        // Hours 4…5 of every day: event 1 (day 1, 1:00–6:00) started three hours above.
        let found = layout.layoutAttributesForElements(in: Rect(x: 100, y: 240, width: 700, height: 100))
        XCTAssertEqual(Set(found.map(\.indexPath.item)), [0, 1])
        XCTAssertEqual(found.count, 2)
        XCTAssertFalse(found.contains { $0.category == .supplementary }, "no headers away from the top and left edges")
    }

    func testHeadersOnlyNearTheirEdges() {
        let (layout, _) = make(events)
        let corner = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 150, height: 60))
        XCTAssertEqual(Set(corner.map(\.key)), [
            ElementKey(category: .supplementary, kind: CalendarLayout.dayHeaderKind, indexPath: IndexPath(item: 0, section: 0)),
            ElementKey(category: .supplementary, kind: CalendarLayout.hourHeaderKind, indexPath: IndexPath(item: 0, section: 0)),
            ElementKey.cell(IndexPath(item: 3, section: 0)),
        ])
        let leftColumn = layout.layoutAttributesForElements(in: Rect(x: 0, y: 500, width: 50, height: 100))
        XCTAssertTrue(leftColumn.allSatisfy { $0.kind == CalendarLayout.hourHeaderKind })
        XCTAssertEqual(Set(leftColumn.map(\.indexPath.item)), [9, 10, 11], "y 500…600 meets hours 9 (490…540) to 11 (590…640)")
        XCTAssertEqual(leftColumn.count, 3)
    }

    func testRectQueriesMatchBruteForce() {
        var rng = SplitMix64(seed: 11)
        let random = (0..<60).map { _ in
            CalendarEvent(day: Int(rng.next(below: 7)), startHour: Double(rng.next(below: 20)),
                          durationHours: Double(rng.next(below: 5) + 1))
        }
        let (layout, host) = make(random)
        let all = allElements(of: layout, host: host)
            + (0..<7).compactMap { layout.layoutAttributesForSupplementaryView(ofKind: CalendarLayout.dayHeaderKind, at: IndexPath(item: $0, section: 0)) }
            + (0..<24).compactMap { layout.layoutAttributesForSupplementaryView(ofKind: CalendarLayout.hourHeaderKind, at: IndexPath(item: $0, section: 0)) }
        for _ in 0..<300 {
            let rect = Rect(x: Double(rng.next(below: 820)) - 10, y: Double(rng.next(below: 1260)) - 10,
                            width: Double(rng.next(below: 400)) + 1, height: Double(rng.next(below: 400)) + 1)
            let found = layout.layoutAttributesForElements(in: rect)
            XCTAssertEqual(found.count, Set(found.map(\.key)).count, "no duplicates in \(rect)")
            XCTAssertEqual(Set(found), Set(all.filter { $0.frame.intersects(rect) }), "\(rect)")
        }
    }
}
