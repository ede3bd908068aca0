import XCTest
@testable import StackEngine

final class VelocityTrackerTests: XCTestCase {
    func testConstantVelocity() {
        var tracker = VelocityTracker()
        for i in 0...30 { tracker.add(Point(x: 3 + 250 * Double(i) * 0.008, y: -1000 * Double(i) * 0.008), time: Double(i) * 0.008) }
        let v = tracker.velocity()
        XCTAssertEqual(v.x, 250, accuracy: 0.5)
        XCTAssertEqual(v.y, -1000, accuracy: 0.5)
    }

    func testGapAndTooFewSamplesGiveZero() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: 0, y: Double(i) * 10), time: Double(i) * 0.008) }
        tracker.add(Point(x: 0, y: 100), time: 0.08 + 0.05)  // held still 50 ms, then released
        XCTAssertEqual(tracker.velocity(), .zero)
        var two = VelocityTracker()
        two.add(.zero, time: 0); two.add(Point(x: 0, y: 10), time: 0.01)
        XCTAssertEqual(two.velocity(), .zero)
    }

    func testOnlyRecentSamplesCount() {
        var tracker = VelocityTracker()
        // Fast for 200 ms, then slow (100 px/s) for the last 120 ms: the estimate is the slow speed.
        var y = 0.0, t = 0.0
        for _ in 0..<25 { y += 16; t += 0.008; tracker.add(Point(x: 0, y: y), time: t) }
        for _ in 0..<15 { y += 0.8; t += 0.008; tracker.add(Point(x: 0, y: y), time: t) }
        XCTAssertEqual(tracker.velocity().y, 100, accuracy: 1)
    }

    /// Events delivered in bursts (a busy X server stamps four moves within 3 ms, then two more 27 ms later, then
    /// one that did not move): the quadratic's end tilts backwards (about −380 px/s) although every move went the
    /// same way. The release never goes against the hand: the straight line's direction wins.
    func testBunchedSamplesNeverReverseTheFling() {
        var tracker = VelocityTracker()
        for (t, y) in [(0.000, 0.0), (0.001, 30), (0.002, 60), (0.003, 90), (0.030, 120), (0.031, 150), (0.040, 150)] {
            tracker.add(Point(x: 0, y: y), time: t)
        }
        XCTAssertGreaterThan(tracker.velocity().y, 1000)
    }
}
