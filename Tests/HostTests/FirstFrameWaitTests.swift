import Canvas
import Foundation
import XCTest
@testable import Host

/// Issue 18: before its first frame a window waits, a bounded time, for the client to be ready to show (a warm launch
/// into an album: the thumbnails read from the disk cache), taking background results and updating meanwhile.
final class FirstFrameWaitTests: XCTestCase {
    /// A client that becomes ready after `readyAfter` results were taken; it logs the phases of each turn.
    final class Client: WindowClient {
        var log: [String] = []
        var results = 0
        let readyAfter: Int
        init(readyAfter: Int) { self.readyAfter = readyAfter }
        func takeBackgroundResults(at time: Double) { results += 1; log.append("results") }
        func handle(_ event: HostEvent, at time: Double) {}
        var needsFrame: Bool { true }
        func update(at time: Double) { log.append("update") }
        func draw(in context: CairoContext, width: Double, height: Double, scale: Double) { log.append("draw") }
        func didBecomeIdle() {}
        var nextDeadline: Double? { nil }
        var windowTitle: String { "" }
        var cursor: CursorShape { .arrow }
        var shouldQuit: Bool { false }
        var isReadyToShow: Bool { results >= readyAfter }
    }

    func testItTakesResultsAndUpdatesUntilTheClientIsReadyThenStops() {
        let clock = ManualClock(now: 10)
        let client = Client(readyAfter: 3)
        var sleeps: [Double] = []
        let ready = FirstFrameWait.run(client, clock: clock, until: 10.2) { s in sleeps.append(s); clock.advance(by: 0.01) }
        XCTAssertTrue(ready)
        XCTAssertEqual(client.log, ["results", "update", "results", "update", "results", "update"], "no draw: only turns")
        XCTAssertEqual(sleeps.count, 3)
        XCTAssertEqual(sleeps[0], 0.2, accuracy: 1e-9, "never sleeps past the deadline")
    }

    func testItGivesUpAtTheDeadline() {
        let clock = ManualClock(now: 0)
        let client = Client(readyAfter: .max)
        var sleeps = 0
        let ready = FirstFrameWait.run(client, clock: clock, until: 0.2) { s in sleeps += 1; clock.advance(by: min(s, 0.05)) }
        XCTAssertFalse(ready)
        XCTAssertEqual(sleeps, 4, "0.2 s in steps of 0.05 s")
        XCTAssertEqual(clock.now, 0.2, accuracy: 1e-9)
    }

    func testAClientReadyAtOnceIsNotKeptWaiting() {
        let clock = ManualClock(now: 0)
        let client = Client(readyAfter: 0)
        XCTAssertTrue(FirstFrameWait.run(client, clock: clock, until: 0.2) { _ in XCTFail("slept") })
        XCTAssertEqual(client.log, [])
    }

    /// Results that arrive one after another (a warm launch's thumbnails and cards, ~0.5 ms apart) are taken together:
    /// a turn (every visible cell prepared again) at most every `minTurnInterval`, not one per delivery.
    func testResultsArrivingInQuickSuccessionAreTakenInTurnsAtLeastTheIntervalApart() {
        let clock = ManualClock(now: 0)
        let client = Client(readyAfter: .max)
        var sleeps = 0
        // Something wakes the host every 0.5 ms.
        FirstFrameWait.run(client, clock: clock, until: 0.1, minTurnInterval: 0.004) { s in
            sleeps += 1
            clock.advance(by: min(s, 0.0005))
        }
        let turns = client.log.filter { $0 == "update" }.count
        XCTAssertEqual(turns, 25, "0.1 s in turns 4 ms apart, not 200 turns 0.5 ms apart")
        XCTAssertEqual(sleeps, 200, "the host still slept on every wake-up")
        XCTAssertEqual(clock.now, 0.1, accuracy: 1e-9, "the deadline still holds")
    }

    /// The interval never holds a turn past the deadline.
    func testTheIntervalStopsAtTheDeadline() {
        let clock = ManualClock(now: 0)
        let client = Client(readyAfter: .max)
        FirstFrameWait.run(client, clock: clock, until: 0.003, minTurnInterval: 0.004) { s in clock.advance(by: min(s, 0.001)) }
        XCTAssertEqual(client.log, ["results", "update"])
        XCTAssertEqual(clock.now, 0.003, accuracy: 1e-9)
    }
}
