import XCTest
@testable import StackEngine

final class ScrollControllerDragTests: XCTestCase {
    typealias S = ScrollTestSupport

    func testClickIsNotADrag() {
        let c = S.tallList(offsetY: 500)
        c.pointerDown(at: Point(x: 100, y: 100), time: 1)
        c.pointerMoved(to: Point(x: 102, y: 102), time: 1.05)
        XCTAssertEqual(c.pointerUp(at: Point(x: 102, y: 102), time: 1.1), .click)
        XCTAssertEqual(c.offset(at: 2), Point(x: 0, y: 500))
        XCTAssertFalse(c.isMoving(at: 1.1))
    }

    func testDragFollowsPointerOneToOne() {
        let c = S.tallList(offsetY: 500)
        c.pointerDown(at: Point(x: 100, y: 300), time: 0)
        c.pointerMoved(to: Point(x: 100, y: 296), time: 0.01)  // past the 3.5-point threshold: anchor
        c.pointerMoved(to: Point(x: 130, y: 196), time: 0.02)
        XCTAssertEqual(c.offset(at: 0.02), Point(x: 0, y: 600), "vertical list: 1:1 vertically, x ignored")
    }

    func testSlowDragThenReleaseDoesNotCoast() {
        let c = S.tallList(offsetY: 500)
        var events: [PointerEvent] = [.down(Point(x: 0, y: 600), 0)]
        for i in 1...100 { events.append(.move(Point(x: 0, y: 600 - 2 * Double(i)), Double(i) * 0.01)) }  // 200 px/s
        events.append(.up(Point(x: 0, y: 400), 1.1))  // held still 100 ms, then released
        guard case .dragEnded(let v)? = S.send(events, to: c) else { return XCTFail("expected a drag") }
        XCTAssertEqual(v, .zero)
        XCTAssertFalse(c.isMoving(at: 1.1))
        XCTAssertEqual(c.offset(at: 5), c.offset(at: 1.1))

        // Released while still creeping at 30 px/s: under the 50 px/s fling minimum.
        let d = S.tallList(offsetY: 500)
        let creep = S.flick(speed: 30, duration: 0.5, interval: 0.01)
        guard case .dragEnded(let v2)? = S.send(creep, to: d) else { return XCTFail("expected a drag") }
        XCTAssertEqual(v2, .zero)
        XCTAssertFalse(d.isMoving(at: creep.last!.time))
    }

    func testFastFlickCoastsAndCapsVelocity() {
        let c = S.tallList(offsetY: 500)
        let events = S.flick(speed: 2000)
        guard case .dragEnded(let v)? = S.send(events, to: c) else { return XCTFail("expected a drag") }
        XCTAssertEqual(v.y, 2000, accuracy: 20)
        let release = events.last!.time, at = c.offset(at: release).y
        XCTAssertTrue(c.isMoving(at: release + 1))
        XCTAssertEqual(c.offset(at: release + 10).y - at, 999, accuracy: 12)

        let fast = S.tallList(offsetY: 500)
        guard case .dragEnded(let vf)? = S.send(S.flick(speed: 20000, duration: 0.03, interval: 0.005, fromY: 790), to: fast) else {
            return XCTFail("expected a drag")
        }
        XCTAssertEqual(vf.y, 8000, accuracy: 1e-6, "capped")
    }

    func testRubberBandWhileDraggingAndContinuityWhenCaught() {
        let c = S.tallList(offsetY: 0)
        c.pointerDown(at: Point(x: 0, y: 100), time: 0)
        c.pointerMoved(to: Point(x: 0, y: 104), time: 0.01)
        c.pointerMoved(to: Point(x: 0, y: 204), time: 0.02)
        XCTAssertEqual(c.offset(at: 0.02).y, -51, accuracy: 1, "100 points past the top show 51")
        c.pointerMoved(to: Point(x: 0, y: 504), time: 0.03)
        XCTAssertEqual(c.offset(at: 0.03).y, -173, accuracy: 1)
        XCTAssertEqual(c.pointerUp(at: Point(x: 0, y: 504), time: 0.2), .dragEnded(velocity: .zero))
        // Springing back; never crosses the edge.
        var previous = -200.0
        for i in 0...200 {
            let y = c.offset(at: 0.2 + Double(i) * 0.005).y
            XCTAssertLessThanOrEqual(y, 0)
            XCTAssertGreaterThanOrEqual(y, previous - 1e-9)
            previous = y
        }
        // Catch it mid-way: a new drag continues from the shown position without a jump.
        let t = 0.3, shown = c.offset(at: t).y
        XCTAssertLessThan(shown, -10)
        c.pointerDown(at: Point(x: 0, y: 300), time: t)
        XCTAssertEqual(c.offset(at: t + 0.5).y, shown, "caught: holds still")
        c.pointerMoved(to: Point(x: 0, y: 310), time: t + 0.01)
        c.pointerMoved(to: Point(x: 0, y: 311), time: t + 0.02)
        XCTAssertEqual(c.offset(at: t + 0.02).y, shown - 0.55 * 1, accuracy: 0.3, "continues with rubber-band slope")
        XCTAssertEqual(c.pointerUp(at: Point(x: 0, y: 311), time: t + 0.2), .dragEnded(velocity: .zero))
        XCTAssertEqual(c.offset(at: t + 3).y, 0)
    }

    func testPressDuringCoastStopsIt() {
        let c = S.tallList(offsetY: 500)
        let events = S.flick(speed: 3000)
        _ = S.send(events, to: c)
        let t = events.last!.time + 0.3, y = c.offset(at: t).y
        c.pointerDown(at: Point(x: 10, y: 10), time: t)
        XCTAssertFalse(c.isMoving(at: t + 0.1))
        XCTAssertEqual(c.pointerUp(at: Point(x: 10, y: 10), time: t + 0.1), .stoppedScrolling)
        XCTAssertEqual(c.offset(at: t + 2).y, y)
    }

    func testClickAfterWheelOrCreepIsStillAClick() {
        let c = S.tallList(offsetY: 500)
        c.wheel(notches: 1, axis: .vertical, time: 0)
        c.pointerDown(at: Point(x: 10, y: 10), time: 0.05)
        XCTAssertFalse(c.isMoving(at: 0.06), "the press stops the ease")
        XCTAssertEqual(c.pointerUp(at: Point(x: 10, y: 10), time: 0.1), .click)
        let d = S.tallList(offsetY: 500)
        let events = S.flick(speed: 2000)
        _ = S.send(events, to: d)
        let late = events.last!.time + 3  // ~5 px/s left
        d.pointerDown(at: Point(x: 10, y: 10), time: late)
        XCTAssertEqual(d.pointerUp(at: Point(x: 10, y: 10), time: late + 0.1), .click)
        XCTAssertEqual(ScrollCommand.page(.vertical, direction: -1), .pageUp)
        XCTAssertEqual(ScrollCommand.page(.horizontal, direction: 1), .pageRight)
    }

    func testFlingIntoBottomEdgeBouncesBack() {
        let c = S.tallList(offsetY: 9000)  // max offset is 9200
        let events = S.flick(speed: 3000)
        _ = S.send(events, to: c)
        let release = events.last!.time
        let peak = (0...3000).map { c.offset(at: release + Double($0) / 1000).y }.max()!
        XCTAssertGreaterThan(peak, 9200)
        XCTAssertEqual(c.offset(at: release + 5).y, 9200)
    }

    func testTrajectoryIndependentOfFrameRate() {
        let events = S.flick(speed: 2500, duration: 0.1, interval: 0.007) + []
        let reference = S.tallList(offsetY: 8000)  // reaches the bottom edge and bounces
        _ = S.send(events, to: reference)
        for hz in [30.0, 60.0, 144.0] {
            let c = S.tallList(offsetY: 8000)
            let samples = S.run(events, ticking: hz, until: 5, on: c)
            for (t, p) in samples where t >= events.last!.time {
                XCTAssertEqual(p.y, reference.offset(at: t).y, accuracy: 0.5, "\(hz) Hz at t = \(t)")
            }
            XCTAssertEqual(samples.last!.1.y, reference.offset(at: 5).y, "same resting point at \(hz) Hz")
        }
    }
}
