import XCTest
@testable import StackEngine

/// Issue 15, rows 1–4: edges and snapping compose, driven through the collection view (whose layout is always its
/// scroller's target provider) with time-stamped pointer events.
final class EdgeAndSnapMotionTests: XCTestCase {
    typealias S = ScrollTestSupport

    /// Offsets of `c` every millisecond for `seconds` after `from`.
    private func trace(_ c: ScrollController, from: Double, seconds: Double = 3, axis: ScrollAxis = .vertical) -> [Double] {
        (0...Int(seconds * 1000)).map { c.offset(at: from + Double($0) / 1000)[axis] }
    }

    /// Row 1: a hard fling into the bottom of a plain (non-snapping) layout runs past the edge and springs back;
    /// the velocity never steps (the overshoot is bounded by a stiffer spring, not by cutting the speed).
    func testHardFlingIntoTheEdgeOvershootsAndSpringsBack() {
        let h = Harness(sections: [Array(0..<400)])     // 100 rows of 50 pt; viewport 400 high: max offset 4600
        h.cv.contentOffset = Point(x: 0, y: 4000)
        let c = h.cv.scroller
        let events = S.flick(speed: 20000, duration: 0.03, interval: 0.005, fromY: 390)
        guard case .dragEnded(let v)? = S.send(events, to: c) else { return XCTFail("expected a drag") }
        XCTAssertEqual(v.y, 8000, accuracy: 1e-6)
        let release = events.last!.time
        let ys = trace(c, from: release)
        let peak = ys.max()!
        XCTAssertGreaterThan(peak, 4600 + 50, "runs past the edge")
        XCTAssertLessThanOrEqual(peak, 4600 + 5000 / (10 * M_E) + 1, "as far as Flutter's 5000 px/s cap would allow")
        XCTAssertEqual(c.offset(at: release + 5).y, 4600, "and comes back to rest at the edge")
        var previous = c.velocity(at: release).y
        for i in 1...3000 {
            let vNow = c.velocity(at: release + Double(i) / 1000).y
            XCTAssertLessThan(abs(vNow - previous), 600, "no step in the velocity at t = \(i) ms")
            previous = vNow
        }
    }

    /// Row 1 with a snapping layout: paging towards the last page, or a line flung to its last item, bounces too.
    func testSnappingLayoutsBounceAtTheirEdges() {
        let strip = S.pagingStrip(pages: 5, offsetX: 2400)   // page 3 of 0…4; max offset 3200
        let events = S.horizontalFlick(speed: 3000)
        guard case .dragEnded? = S.send(events, to: strip.scroller) else { return XCTFail("expected a drag") }
        let release = events.last!.time
        XCTAssertGreaterThan(trace(strip.scroller, from: release, axis: .horizontal).max()!, 3200 + 20, "paging: overshoots the last page")
        XCTAssertEqual(strip.scroller.offset(at: release + 5).x, 3200)

        let line = LineStrip(centredItem: 56)
        let max = line.offset(centring: 59)
        let flick = S.horizontalFlick(speed: 4000)
        guard case .dragEnded? = S.send(flick, to: line.scroller) else { return XCTFail("expected a drag") }
        let t = flick.last!.time
        XCTAssertGreaterThan(trace(line.scroller, from: t, axis: .horizontal).max()!, max + 20, "line: overshoots the last item")
        XCTAssertEqual(line.scroller.offset(at: t + 5).x, max, accuracy: 1e-9, "rests with the last item centred")
    }

    /// Row 2: dragged past the top and thrown inwards at 1500 px/s, the content slows down from the release speed;
    /// it never speeds up.
    func testThrowingInwardsFromOverscrollNeverSpeedsUp() {
        let h = Harness(sections: [Array(0..<400)], size: Size(width: 200, height: 800))
        let c = h.cv.scroller
        c.pointerDown(at: Point(x: 100, y: 100), time: 0)
        c.pointerMoved(to: Point(x: 100, y: 104), time: 0.01)
        c.pointerMoved(to: Point(x: 100, y: 400), time: 0.3)     // 296 pt past the top: about 117 pt shown
        var t = 0.3, y = 400.0
        for _ in 0..<8 { t += 0.008; y -= 12; c.pointerMoved(to: Point(x: 100, y: y), time: t) }   // 1500 px/s upwards
        guard case .dragEnded(let v) = c.pointerUp(at: Point(x: 100, y: y), time: t) else { return XCTFail("expected a drag") }
        XCTAssertEqual(v.y, 1500, accuracy: 15)
        XCTAssertLessThan(c.offset(at: t).y, -50, "released overscrolled")
        var previous = abs(c.velocity(at: t).y)
        for i in 1...2000 {
            let speed = abs(c.velocity(at: t + Double(i) / 1000).y)
            XCTAssertLessThanOrEqual(speed, v.y + 1e-6, "never faster than the release (t = \(i) ms)")
            XCTAssertLessThanOrEqual(speed, previous + 1e-6, "never speeds up (t = \(i) ms)")
            previous = speed
        }
        XCTAssertGreaterThanOrEqual(c.offset(at: t + 5).y, 0)
    }

    /// Row 3: the paging rule is the layout's: after a 100 pt drag, a medium flick (200–500 px/s) turns the page,
    /// a release held still does not, and a layout with a higher threshold keeps the page.
    func testPagingThresholdComesFromTheLayout() {
        func dragThenRelease(_ strip: PagingStrip, speed: Double) -> Double {
            let c = strip.scroller
            c.pointerDown(at: Point(x: 600, y: 300), time: 0)
            c.pointerMoved(to: Point(x: 596, y: 300), time: 0.01)
            c.pointerMoved(to: Point(x: 540, y: 300), time: 0.3)        // 100 pt dragged slowly
            var t = 0.3, x = 540.0
            if speed > 0 {
                for _ in 0..<6 { t += 0.008; x -= speed * 0.008; c.pointerMoved(to: Point(x: x, y: 300), time: t) }
            } else {
                t += 0.1                                                   // held still, then released
            }
            _ = c.pointerUp(at: Point(x: x, y: 300), time: t)
            XCTAssertLessThanOrEqual(S.restTime(of: c, from: t) - t, 0.8 + 1e-9, "at rest within 0.8 s (\(speed) px/s)")
            return c.offset(at: t + 5).x
        }
        for speed in [200.0, 300, 500] {
            XCTAssertEqual(dragThenRelease(S.pagingStrip(), speed: speed), 800, "\(speed) px/s turns the page")
        }
        XCTAssertEqual(dragThenRelease(S.pagingStrip(), speed: 0), 0, "held still: back to the page")
        let stiff = S.pagingStrip()
        stiff.layout.flingVelocityThreshold = 1000
        XCTAssertEqual(dragThenRelease(stiff, speed: 500), 0, "the layout's threshold decides")
    }

    /// Row 4: from any release velocity in 50…8000 px/s, a snapping layout (line, paging) comes to rest on a snap
    /// point within 0.8 s, never passing it; when the release heads for it fast enough to get there in time, it
    /// never moves faster than the release.
    func testSnapsSettleWithinEightTenthsOfASecond() {
        let speeds: [Double] = [50, 80, 120, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 8000]
        for speed in speeds {
            let duration = max(0.08, 16 / speed)
            for kind in ["line", "paging"] {
                let line = kind == "line" ? LineStrip(centredItem: 20) : nil
                let paging = kind == "paging" ? S.pagingStrip(pages: 40, offsetX: 8000) : nil
                let c = line?.scroller ?? paging!.scroller
                let events = S.horizontalFlick(speed: speed * 1.0001, duration: duration, fromX: 900)
                guard case .dragEnded(let v)? = S.send(events, to: c) else { XCTFail("expected a drag"); continue }
                let release = events.last!.time, x0 = c.offset(at: release).x
                let rest = S.restTime(of: c, from: release)
                XCTAssertLessThanOrEqual(rest - release, 0.8 + 1e-9, "\(kind) at \(speed) px/s")
                let target = c.offset(at: release + 5).x
                if let line {
                    let item = ((target + 500 - 100) / 250).rounded()
                    XCTAssertEqual(target, line.offset(centring: Int(item)), accuracy: 1e-9, "\(kind): rests centred")
                } else {
                    XCTAssertEqual(target.truncatingRemainder(dividingBy: 800), 0, accuracy: 1e-9, "\(kind): rests on a page")
                }
                let heads = (target - x0) * v.x > 0
                let reachable = heads && abs(target - x0) / abs(v.x) <= 0.9 * 0.8
                var previous = abs(v.x)
                for i in 0...800 {
                    let t = release + Double(i) / 1000, x = c.offset(at: t).x
                    XCTAssertLessThanOrEqual((x - target) * (target - x0 >= 0 ? 1 : -1), 1e-6, "\(kind) at \(speed): never past the snap point")
                    if reachable {
                        let s = abs(c.velocity(at: t).x)
                        XCTAssertLessThanOrEqual(s, previous + 1e-6, "\(kind) at \(speed): never speeds up (t = \(i) ms)")
                        previous = s
                    }
                }
            }
        }
    }
}
