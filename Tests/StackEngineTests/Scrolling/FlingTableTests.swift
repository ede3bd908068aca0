import Foundation
import XCTest
@testable import StackEngine

/// One recorded fling: a ScrollController driven by a synthetic 2000 px/s flick and ticked at 60 Hz, next to the
/// closed-form friction curve from the same release point and velocity. Set PHOTOSTACK_PRINT_FLING=1 to print it.
final class FlingTableTests: XCTestCase {
    struct Row {
        /// Seconds since release.
        var time: Double
        /// Controller offset (points) minus the offset at release.
        var controller: Double
        /// Closed-form friction travel (points).
        var closedForm: Double
        /// Controller velocity (points per second).
        var velocity: Double
        var isAnimating: Bool
    }

    /// Samples the controller at 60 Hz for `seconds` after the release of a vertical flick at `speed` px/s.
    static func recordFling(speed: Double = 2000, seconds: Double = 4) -> (release: Point, rows: [Row]) {
        let c = ScrollTestSupport.tallList(offsetY: 1000)
        let events = ScrollTestSupport.flick(speed: speed)
        guard case .dragEnded(let v)? = ScrollTestSupport.send(events, to: c) else { return (.zero, []) }
        let release = events.last!.time, start = c.offset(at: release).y
        let friction = FrictionSimulation(position: start, velocity: v.y)
        var rows: [Row] = []
        for frame in 0...Int(seconds * 60) {
            let dt = Double(frame) / 60
            let f = c.tick(now: release + dt)
            rows.append(Row(time: dt, controller: f.offset.y - start, closedForm: friction.position(at: dt) - start,
                            velocity: c.velocity(at: release + dt).y, isAnimating: f.isAnimating))
        }
        return (Point(x: v.x, y: v.y), rows)
    }

    func testControllerFollowsClosedFormFriction() {
        let (velocity, rows) = Self.recordFling()
        XCTAssertEqual(velocity.y, 2000, accuracy: 20)
        for r in rows { XCTAssertEqual(r.controller, r.closedForm, accuracy: 0.5, "t = \(r.time)") }
        XCTAssertEqual(rows.last!.controller, 999 * velocity.y / 2000, accuracy: 1)
        let stop = rows.first { !$0.isAnimating }
        XCTAssertEqual(try XCTUnwrap(stop).time, 3.8, accuracy: 0.05, "done when under 0.5 points remain")

        guard ProcessInfo.processInfo.environment["PHOTOSTACK_PRINT_FLING"] == "1" else { return }
        var out = String(format: "release velocity %.1f px/s, 60 Hz ticks\n", velocity.y)
        out += "  t (s) | controller (pt) | closed form (pt) |  diff | velocity (pt/s)\n"
        for r in rows where r.time <= 3 + 1e-9 && Int((r.time * 60).rounded()) % 15 == 0 {
            out += String(format: "  %5.2f | %15.2f | %16.2f | %5.2f | %8.1f\n",
                          r.time, r.controller, r.closedForm, r.controller - r.closedForm, r.velocity)
        }
        print(out)
    }
}
