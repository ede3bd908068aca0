import XCTest
@testable import StackEngine

final class ScrollSnappingTests: XCTestCase {
    typealias S = ScrollTestSupport

    /// Snaps to multiples of 300 points (like a layout's targetContentOffset).
    static func snap300(_ proposed: Point, _ velocity: Point) -> Point {
        Point(x: proposed.x, y: (proposed.y / 300).rounded() * 300)
    }

    /// Asserts that sampled positions never move faster than `maxSpeed` (no jump) between `from` and `to`.
    func assertNoJump(_ c: ScrollController, from: Double, to: Double, maxSpeed: Double, file: StaticString = #filePath, line: UInt = #line) {
        let dt = 1.0 / 240
        var t = from, previous = c.offset(at: from).y
        while t < to {
            t += dt
            let y = c.offset(at: t).y
            XCTAssertLessThanOrEqual(abs(y - previous), maxSpeed * dt + 0.5, "jump at t = \(t)", file: file, line: line)
            previous = y
        }
    }

    func testFlingEndsExactlyOnSnappedTargetWithContinuousVelocity() {
        for speed in [900.0, 1500, 2500, 6000] {
            let c = S.tallList(offsetY: 1000)
            var asked: (Point, Point)?
            c.targetProvider = TargetClosure { proposed, velocity in asked = (proposed, velocity); return Self.snap300(proposed, velocity) }
            let events = S.flick(speed: speed)
            guard case .dragEnded(let v)? = S.send(events, to: c) else { return XCTFail("expected a drag") }
            let release = events.last!.time, start = c.offset(at: release).y
            let (proposed, velocity) = try! XCTUnwrap(asked)
            XCTAssertEqual(velocity, v)
            XCTAssertEqual(proposed.y, FrictionSimulation(position: start, velocity: v.y).restingPosition, accuracy: 1e-6)
            let target = Self.snap300(proposed, v).y
            XCTAssertEqual(c.offset(at: release + 10).y, target, "rests exactly on the target (\(speed) px/s)")
            XCTAssertEqual(c.velocity(at: release).y, v.y, accuracy: 1e-6, "starts with the release velocity")
            assertNoJump(c, from: release, to: release + 6, maxSpeed: abs(v.y) * 1.05)
            let frame = c.tick(now: release + 10)
            XCTAssertEqual(frame.offset.y, target)
            XCTAssertFalse(frame.isAnimating)
        }
    }

    func testSlowReleaseSpringsToNearestTarget() {
        let c = S.tallList(offsetY: 1000)
        c.targetProvider = TargetClosure(Self.snap300)
        c.pointerDown(at: Point(x: 0, y: 500), time: 0)
        c.pointerMoved(to: Point(x: 0, y: 496), time: 0.01)
        c.pointerMoved(to: Point(x: 0, y: 366), time: 0.5)  // offset 1130, then held still
        XCTAssertEqual(c.pointerUp(at: Point(x: 0, y: 366), time: 0.7), .dragEnded(velocity: .zero))
        assertNoJump(c, from: 0.7, to: 3, maxSpeed: 2000)
        let ys = (0...2000).map { c.offset(at: 0.7 + Double($0) / 1000).y }
        XCTAssertLessThanOrEqual(ys.max()!, 1200 + 1e-9, "critically damped from rest: no overshoot past the target")
        XCTAssertGreaterThanOrEqual(ys.min()!, 1130 - 1e-9, "never moves backwards first")
        XCTAssertEqual(c.offset(at: 5).y, 1200)
    }

    func testWheelSequenceEndsOnSnappedTarget() {
        let c = S.tallList(offsetY: 0)
        c.targetProvider = TargetClosure(Self.snap300)
        for i in 0..<10 { c.wheel(notches: 1, axis: .vertical, time: Double(i) * 0.01) }  // raw 530 → 600
        var previous = 0.0
        for i in 0...600 {
            let y = c.offset(at: Double(i) * 0.001).y
            XCTAssertGreaterThanOrEqual(y, previous - 1e-9)
            previous = y
        }
        XCTAssertEqual(c.offset(at: 1).y, 600)
    }

    func testPagingFlickMovesOnePage() {
        let strip = S.pagingStrip()
        let c = strip.scroller
        // A fast flick to the left (content moves right-to-left: offset grows) from page 0.
        c.pointerDown(at: Point(x: 700, y: 300), time: 0)
        for i in 1...8 { c.pointerMoved(to: Point(x: 700 - 30 * Double(i), y: 300), time: Double(i) * 0.01) }
        guard case .dragEnded(let v) = c.pointerUp(at: Point(x: 460, y: 300), time: 0.08) else { return XCTFail("drag") }
        XCTAssertGreaterThan(FrictionSimulation(position: 236, velocity: v.x).restingPosition, 1600, "would coast past one page")
        XCTAssertEqual(c.offset(at: 5).x, 800, "but pages by one")
        strip.cv.layoutIfNeeded(at: 5)
        // A short slow drag snaps back to the page.
        c.pointerDown(at: Point(x: 400, y: 300), time: 6)
        c.pointerMoved(to: Point(x: 396, y: 300), time: 6.01)
        c.pointerMoved(to: Point(x: 200, y: 300), time: 6.5)
        _ = c.pointerUp(at: Point(x: 200, y: 300), time: 6.7)
        XCTAssertEqual(c.offset(at: 10).x, 800)
        strip.cv.layoutIfNeeded(at: 10)
        // Wheel notches flip one page each.
        c.wheel(notches: 1, axis: .vertical, time: 11)
        c.wheel(notches: 1, axis: .vertical, time: 11.02)
        XCTAssertEqual(c.offset(at: 12).x, 2400)
    }

    func testFastPagingFlickNeverPassesThePage() {
        let c = S.pagingStrip().scroller
        // A very fast flick: 90 pt every 10 ms (9000 pt/s, capped at 8000) from page 0.
        c.pointerDown(at: Point(x: 780, y: 300), time: 0)
        for i in 1...6 { c.pointerMoved(to: Point(x: 780 - 90 * Double(i), y: 300), time: Double(i) * 0.01) }
        guard case .dragEnded(let v) = c.pointerUp(at: Point(x: 240, y: 300), time: 0.06) else { return XCTFail("drag") }
        XCTAssertGreaterThan(v.x, 5000)
        let start = c.offset(at: 0.06).x
        var previous = start
        for i in 1...3000 {
            let x = c.offset(at: 0.06 + Double(i) * 0.001).x
            XCTAssertLessThanOrEqual(x, 800 + 1e-6, "never passes the page it snaps to (t = \(i) ms)")
            XCTAssertGreaterThanOrEqual(x, previous - 1e-9, "moves one way only")
            previous = x
        }
        XCTAssertEqual(c.offset(at: 4).x, 800)
        XCTAssertEqual(c.velocity(at: 0.06).x, v.x, accuracy: 1, "starts with the release velocity")
    }
}

/// A scroll target given by a closure (the tests' stand-in for a snapping layout).
final class TargetClosure: ScrollTargetProviding {
    let body: (Point, Point) -> Point
    init(_ body: @escaping (Point, Point) -> Point) { self.body = body }
    func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point { body(proposed, velocity) }
}
