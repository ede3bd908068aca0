import StackEngine
import Host
import XCTest
@testable import PhotoStackApp
import PhotoStackCLI

/// Every demo builds, lays out and reports itself; the host screen cycles with F2.
final class DemoScreensTests: XCTestCase {
    func testEveryDemoBuildsLaysOutAndReportsItsName() {
        for kind in DemoKind.allCases {
            let d = DemoTestDriver { kind.makeScreen(seed: 7) }
            let state = d.screen.state()
            let cells = state.visible.filter { $0.category == "cell" }
            XCTAssertFalse(cells.isEmpty, "\(kind) shows no cells")
            XCTAssertEqual(d.screen.name, "demo:\(kind.rawValue)")
            XCTAssertEqual(state.layout["demo"], .string(kind.rawValue))
            XCTAssertFalse(d.screen.isAnimating, "\(kind) animates at rest")
            // Every visible cell lies (at least partly) in the viewport.
            let viewport = Rect(x: state.contentOffset.x, y: state.contentOffset.y, width: 1024, height: 768)
            for c in cells {
                XCTAssertTrue(Rect(x: c.frame[0], y: c.frame[1], width: c.frame[2], height: c.frame[3])
                    .insetBy(dx: -0.3 * c.frame[2], dy: -0.3 * c.frame[3]).intersects(viewport), "\(kind) \(c)")
            }
        }
    }

    func testListNamesEveryDemoOnItsOwnLine() {
        let lines = DemoCommand.listing.split(separator: "\n")
        XCTAssertEqual(lines.count, DemoKind.allCases.count)
        for (line, kind) in zip(lines, DemoKind.allCases) {
            XCTAssertTrue(line.hasPrefix(kind.rawValue + " "), String(line))
            XCTAssertTrue(line.contains(kind.summary))
        }
    }

    func testCommandParsesNameSeedAndDisplayOptionsAndRejectsUnknownNames() throws {
        let c = try DemoCommand.parse(["circle", "--seed", "42", "--size", "800x600", "--snapshot", "/tmp/x.png"])
        XCTAssertEqual(c.name, "circle")
        XCTAssertEqual(c.seed, 42)
        XCTAssertEqual(c.display.size, WindowSize(width: 800, height: 600))
        XCTAssertEqual(c.display.snapshot, "/tmp/x.png")
        XCTAssertThrowsError(try DemoCommand.parse(["nosuchdemo"]))
        XCTAssertThrowsError(try DemoCommand.parse([]))
        XCTAssertNoThrow(try DemoCommand.parse(["--list"]))
        let root = try PhotoStackCommand.parseAsRoot(["demo", "line"])
        XCTAssertTrue(root is DemoCommand)
    }

    func testF2CyclesForwardAndShiftF2BackwardKeepingTheWindowSize() {
        let d = DemoTestDriver({ DemoHostScreen(kind: .sections, seed: 3) }, width: 900, height: 700)
        let host = d.screen as! DemoHostScreen
        var seen: [String] = [host.name]
        for _ in DemoKind.allCases {
            d.clock.advance(by: 0.1)
            d.key(.function(2), "F2")
            d.screen.update(at: d.now)
            seen.append(host.name)
            XCTAssertEqual(host.current.viewportWidth, 900)
            XCTAssertEqual(host.current.viewportHeight, 700)
            XCTAssertFalse(d.screen.state().visible.isEmpty, host.name)
        }
        XCTAssertEqual(seen, ["demo:sections", "demo:line", "demo:circle", "demo:calendar", "demo:paging", "demo:justified", "demo:sections"])
        d.key(.function(2), "F2", modifiers: .shift)
        XCTAssertEqual(host.name, "demo:justified")
        // The demos follow the app's time: the demo's collection view is at the driver's time.
        XCTAssertEqual(host.current.collectionView.time, d.now)
    }

    func testCalendarShowsHeadersBehindEventsAndScrollsOnTheWheel() {
        let d = DemoTestDriver { CalendarDemoScreen(seed: 5) }
        let screen = d.screen as! CalendarDemoScreen
        XCTAssertEqual(screen.events, CalendarDemoScreen.randomEvents(seed: 5))
        XCTAssertNotEqual(screen.events, CalendarDemoScreen.randomEvents(seed: 6))
        for e in screen.events {
            XCTAssertTrue((0...6).contains(e.day) && (0...19).contains(Int(e.startHour)) && (1...5).contains(Int(e.durationHours)))
        }
        let state = d.screen.state()
        let days = state.visible.filter { $0.kind == CalendarLayout.dayHeaderKind }
        let hours = state.visible.filter { $0.kind == CalendarLayout.hourHeaderKind }
        XCTAssertEqual(days.count, 7)
        XCTAssertGreaterThan(hours.count, 10)
        XCTAssertTrue((days + hours).allSatisfy { $0.zIndex == -10 })
        // Headers come before (under) the events in drawing order.
        let lastHeader = state.visible.lastIndex { $0.category == "supplementary" }!
        let firstEvent = state.visible.firstIndex { $0.category == "cell" }!
        XCTAssertLessThan(lastHeader, firstEvent)
        d.wheel(notches: 3)
        d.settle()
        XCTAssertEqual(d.screen.state().contentOffset.y, 3 * 53, accuracy: 0.5)
        // Every event meeting the viewport is shown — including those that start above it and reach into it.
        let layout = screen.collectionView.collectionViewLayout as! CalendarLayout
        for offset in stride(from: 0.0, through: 1240 - 768, by: 37) {
            screen.scroller.setOffset(Point(x: 0, y: offset))
            d.screen.update(at: d.now)
            let viewport = Rect(x: 0, y: offset, width: 1024, height: 768)
            let shown = Set(screen.collectionView.displayList.filter { $0.attributes.category == .cell }.map(\.attributes.indexPath.item))
            let expected = Set(screen.events.indices.filter { layout.frame(for: screen.events[$0]).intersects(viewport) })
            XCTAssertTrue(expected.isSubset(of: shown), "offset \(offset): missing \(expected.subtracting(shown))")
            let spanning = screen.events.indices.filter {
                let f = layout.frame(for: screen.events[$0]); return f.minY < offset && f.maxY > offset
            }
            XCTAssertTrue(Set(spanning).isSubset(of: shown))
        }
    }
}
