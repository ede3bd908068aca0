import XCTest
@testable import X11Host

/// X server timestamps mapped onto the frame clock with a scripted clock (issue 19).
final class ServerTimeMappingTests: XCTestCase {
    /// A first event delivered 400 ms late, then events delivered promptly (2 ms after they were stamped):
    /// no mapped time lies after the time it was delivered, and the intervals between events are kept.
    func testALateFirstEventDoesNotPushLaterEventsIntoTheFuture() {
        var m = ServerTimeMapping()
        let base = 5_000.0   // frame-clock seconds when the server stamped 1_000_000 ms
        let first = m.seconds(serverTime: 1_000_000, now: base + 0.400)
        XCTAssertLessThanOrEqual(first, base + 0.400)
        var mapped: [Double] = []
        for i in 1...50 {
            let stamp = 1_000_000 + UInt(i * 16 + 600)         // 600 ms after the first event, every 16 ms
            let delivered = base + Double(i * 16 + 600) / 1000 + 0.002
            let t = m.seconds(serverTime: stamp, now: delivered)
            XCTAssertLessThanOrEqual(t, delivered, "event \(i) mapped into the future")
            XCTAssertGreaterThanOrEqual(t, delivered - 0.0021, "event \(i) mapped more than its delivery delay into the past")
            mapped.append(t)
        }
        for (a, b) in zip(mapped, mapped.dropFirst()) { XCTAssertEqual(b - a, 0.016, accuracy: 1e-9) }
    }

    /// Once re-based to the smallest delay, an event delivered late keeps its true (earlier) time.
    func testALateEventKeepsItsStampedTime() {
        var m = ServerTimeMapping()
        _ = m.seconds(serverTime: 10_000, now: 100.001)
        let late = m.seconds(serverTime: 10_500, now: 100.801)     // stamped 0.5 s later, delivered 300 ms late
        XCTAssertEqual(late, 100.501, accuracy: 1e-9)
        let prompt = m.seconds(serverTime: 10_600, now: 100.601 + 0.3)
        XCTAssertEqual(prompt - late, 0.1, accuracy: 1e-9)
    }

    /// The server's 32-bit millisecond clock wraps to 0 after 2^32 − 1: intervals stay right across it.
    func testWrapAroundAt2To32Milliseconds() {
        var m = ServerTimeMapping()
        let top = UInt(UInt32.max) - 20                         // 21 ms before the wrap
        let a = m.seconds(serverTime: top, now: 50)
        let b = m.seconds(serverTime: 10, now: 50.031)          // 31 ms later, after the wrap
        XCTAssertEqual(b - a, 0.031, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(b, 50.031)
        // A 64-bit Time value (as Xlib declares it) counts only with its low 32 bits.
        let c = m.seconds(serverTime: (1 << 32) + 26, now: 50.047)
        XCTAssertEqual(c - b, 0.016, accuracy: 1e-9)
    }

    /// A slightly out-of-order stamp (an XInput 2 event and a core event) maps a little earlier, not 49 days later.
    func testOutOfOrderStampsMapBackwards() {
        var m = ServerTimeMapping()
        let a = m.seconds(serverTime: 2_000, now: 10)
        let b = m.seconds(serverTime: 1_995, now: 10.001)
        XCTAssertEqual(a - b, 0.005, accuracy: 1e-9)
    }

    /// Stamps far in the past (the server clock was reset) re-base instead of sending events back in time.
    func testAServerClockJumpRebases() {
        var m = ServerTimeMapping()
        _ = m.seconds(serverTime: 900_000, now: 10)
        let t = m.seconds(serverTime: 100_000, now: 10.5)           // 800 s "earlier" by the server's clock
        XCTAssertEqual(t, 10.5, accuracy: 1e-9)
        let next = m.seconds(serverTime: 100_016, now: 10.52)
        XCTAssertEqual(next, 10.516, accuracy: 1e-9)
    }
}
