import XCTest
@testable import StackEngine

/// Issue 15, rows 5–6: the release velocity is Flutter's — a weighted quadratic fit over the last 100 ms, the slope at
/// the last movement; the release itself is not a movement, and a pointer held still for 40 ms releases at zero.
final class ReleaseVelocityTests: XCTestCase {
    typealias S = ScrollTestSupport

    /// A drag moving up at 1500 px/s for 120 ms (samples every 8 ms), then held still for `hold` seconds and released.
    private func releaseAfterHolding(_ hold: Double) -> Double {
        let c = S.tallList(offsetY: 3000)
        c.pointerDown(at: Point(x: 0, y: 700), time: 0)
        var t = 0.0, y = 700.0
        for _ in 0..<15 { t += 0.008; y -= 12; c.pointerMoved(to: Point(x: 0, y: y), time: t) }
        guard case .dragEnded(let v) = c.pointerUp(at: Point(x: 0, y: y), time: t + hold) else { return .nan }
        return v.y
    }

    func testHoldingStillUnder40MillisecondsKeepsTheVelocityAnd40MillisecondsStopsIt() {
        for hold in [0.0, 0.008, 0.016, 0.024, 0.032, 0.039] {
            XCTAssertEqual(releaseAfterHolding(hold), 1500, accuracy: 1e-6, "held still \(hold * 1000) ms")
        }
        for hold in [0.040, 0.041, 0.1] {
            XCTAssertEqual(releaseAfterHolding(hold), 0, "held still \(hold * 1000) ms: stopped")
        }
    }

    /// A hand that slows from 1000 px/s to a stop over the last 60 ms and lets go at once: a straight line through the
    /// last 100 ms averages the slow-down (704 px/s, a 352 pt coast); the quadratic follows it.
    func testSlowingDownToAStopBeforeTheReleaseBarelyCoasts() {
        let c = S.tallList(offsetY: 3000)
        c.pointerDown(at: Point(x: 0, y: 700), time: 0)
        var y = 700.0
        for i in 1...25 {
            let t = Double(i) * 0.008
            // 1000 px/s until t = 0.14 s, then a constant deceleration to rest at t = 0.2 s.
            let travelled = t <= 0.14 ? 1000 * t : 140 + 1000 * ((t - 0.14) - (t - 0.14) * (t - 0.14) / (2 * 0.06))
            y = 700 - travelled
            c.pointerMoved(to: Point(x: 0, y: y), time: t)
        }
        guard case .dragEnded(let v) = c.pointerUp(at: Point(x: 0, y: y), time: 0.2) else { return XCTFail("expected a drag") }
        XCTAssertLessThan(v.y, 300, "the hand had stopped (a straight-line fit says 704 px/s)")
        let coast = c.offset(at: 10).y - c.offset(at: 0.2).y
        XCTAssertLessThan(coast, 150, "no unwanted coast")
    }

    /// A throw that decelerates uniformly (2000 → 1000 px/s over 100 ms): the quadratic fit is exact, and its slope at
    /// the last sample is the speed there — not the average over the window.
    func testUniformDecelerationGivesTheSpeedAtTheLastSample() {
        let c = S.tallList(offsetY: 3000)
        c.pointerDown(at: Point(x: 0, y: 700), time: 0)
        var y = 700.0
        for i in 1...13 {
            let t = Double(i) * 0.008
            y = 700 - (2000 * t - 5000 * t * t)        // v(t) = 2000 − 10000·t
            c.pointerMoved(to: Point(x: 0, y: y), time: t)
        }
        guard case .dragEnded(let v) = c.pointerUp(at: Point(x: 0, y: y), time: 0.104) else { return XCTFail("expected a drag") }
        XCTAssertEqual(v.y, 2000 - 10000 * 0.104, accuracy: 1, "the speed at the last movement")
    }

    /// The release position is where the content ends up, but not a velocity sample: a release reported a few
    /// milliseconds after the last motion, at the same place, does not lower the velocity.
    func testTheReleaseIsNotAMovementSample() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: 0, y: Double(i) * 12), time: Double(i) * 0.008) }
        XCTAssertEqual(tracker.velocity(at: 0.08 + 0.02).y, 1500, accuracy: 1e-6)
        XCTAssertEqual(tracker.velocity(at: 0.08 + 0.04), .zero)
    }
}
