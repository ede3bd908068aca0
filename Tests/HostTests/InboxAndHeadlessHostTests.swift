import Canvas
import Foundation
import XCTest
@testable import Host

/// The inbox (posts from any thread, one wake-up per batch) and the headless host's loop turn.
final class InboxAndHeadlessHostTests: XCTestCase {
    final class Wakes: @unchecked Sendable {
        let lock = NSLock()
        var count = 0
        func wake() { lock.withLock { count += 1 } }
    }

    func testTheFirstPostOfABatchWakesTheLoopAndTakeReturnsEverythingInOrder() {
        let inbox = Inbox<Int>()
        let wakes = Wakes()
        inbox.post(0)                      // before the loop is connected: woken at connection
        inbox.connect { wakes.wake() }
        XCTAssertEqual(wakes.count, 1)
        DispatchQueue.concurrentPerform(iterations: 4) { t in for i in 0..<100 { inbox.post(1 + t * 100 + i) } }
        XCTAssertEqual(wakes.count, 1, "the loop was already due to wake: no more wake-ups for the same batch")
        let taken = inbox.take()
        XCTAssertEqual(taken.count, 401)
        XCTAssertEqual(taken.first, 0)
        for t in 0..<4 {
            let mine = taken.filter { $0 >= 1 + t * 100 && $0 < 1 + (t + 1) * 100 }
            XCTAssertEqual(mine, mine.sorted(), "each thread's posts keep their order")
        }
        XCTAssertTrue(inbox.isEmpty)
        inbox.post(7)
        XCTAssertEqual(wakes.count, 2, "the next batch wakes again")
    }

    /// A client that counts the phases of each turn.
    final class Client: WindowClient {
        var log: [String] = []
        var dirty = false, moving = false
        func takeBackgroundResults(at time: Double) { log.append("results") }
        func handle(_ event: HostEvent, at time: Double) { log.append("event"); dirty = true }
        var needsFrame: Bool { dirty || moving }
        func update(at time: Double) { log.append("update@\(time)") }
        func draw(in context: CairoContext, width: Double, height: Double, scale: Double) { log.append("draw"); dirty = false }
        func didBecomeIdle() { log.append("idle") }
        var nextDeadline: Double? { nil }
        var windowTitle: String { "t" }
        var cursor: CursorShape { .arrow }
        var shouldQuit: Bool { false }
    }

    func testATurnTakesResultsThenEventsAndDrawsOnlyWhenAFrameIsNeeded() throws {
        let host = try HeadlessHost(width: 20, height: 10, scale: 2)
        XCTAssertEqual(host.surface.pixelWidth, 40)
        let c = Client()
        XCTAssertFalse(host.turn(c))
        XCTAssertEqual(c.log, ["results"], "nothing changed: no update, no frame")
        c.log = []
        host.clock.advance(by: 0.5)
        XCTAssertTrue(host.turn(c, events: [.close]))
        XCTAssertEqual(c.log, ["results", "event", "update@0.5", "draw", "idle"])
        c.log = []
        c.moving = true
        XCTAssertFalse(host.settle(c, maxFrames: 3), "still moving after 3 frames")
        XCTAssertEqual(c.log.filter { $0 == "draw" }.count, 4)
        XCTAssertEqual(host.framesDrawn, 5)
    }

    func testWaitForWakeReturnsWhenWokenAndTimesOutOtherwise() throws {
        let host = try HeadlessHost(width: 1, height: 1, scale: 1)
        XCTAssertFalse(host.waitForWake(timeout: 0.01))
        let wake = host.wake
        DispatchQueue.global().async { wake() }
        XCTAssertTrue(host.waitForWake(timeout: 10))
    }
}
