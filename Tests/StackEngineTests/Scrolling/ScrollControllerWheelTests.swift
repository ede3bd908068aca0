import XCTest
@testable import StackEngine

final class ScrollControllerWheelTests: XCTestCase {
    typealias S = ScrollTestSupport

    func testTenNotchesInHundredMillisecondsEndAtTenSteps() {
        let c = S.tallList(offsetY: 0)
        for i in 0..<10 {
            let t = Double(i) * 0.01, before = c.velocity(at: t), position = c.offset(at: t)
            c.wheel(notches: 1, axis: .vertical, time: t)
            XCTAssertEqual(c.offset(at: t), position, "retargeting never jumps")
            if i > 0 { XCTAssertEqual(c.velocity(at: t).y, before.y, accuracy: 1e-6, "retargeting keeps the velocity") }
        }
        var previous = 0.0
        var previousVelocity = 0.0
        for i in 0...600 {
            let t = Double(i) * 0.001
            let y = c.offset(at: t).y, v = c.velocity(at: t).y
            XCTAssertGreaterThanOrEqual(y, previous - 1e-9, "monotone at \(t)")
            if i > 1 { XCTAssertLessThan(abs(v - previousVelocity), 400, "no velocity stutter at \(t)") }
            previous = y; previousVelocity = v
        }
        XCTAssertEqual(c.offset(at: 0.6).y, 530)
        XCTAssertFalse(c.isMoving(at: 0.6))
    }

    func testSingleNotchIsAnimatedNotInstant() {
        let c = S.tallList(offsetY: 100)
        c.wheel(notches: -1, axis: .vertical, time: 0)
        let mid = c.offset(at: 0.05).y
        XCTAssertLessThan(mid, 100)
        XCTAssertGreaterThan(mid, 47)
        XCTAssertEqual(c.offset(at: 0.25).y, 47)
    }

    func testWheelClampsWithoutRubberBand() {
        let c = S.tallList(offsetY: 20)
        for i in 0..<3 { c.wheel(notches: -1, axis: .vertical, time: Double(i) * 0.02) }
        for i in 0...400 { XCTAssertGreaterThanOrEqual(c.offset(at: Double(i) * 0.001).y, -1e-9) }
        XCTAssertEqual(c.offset(at: 0.5).y, 0)
    }

    func testVerticalWheelScrollsHorizontalOnlyStrip() {
        let c = ScrollController(geometry: ScrollGeometry(viewportSize: Size(width: 800, height: 600),
                                                          contentSize: Size(width: 5000, height: 600), axes: .horizontal))
        c.wheel(notches: 2, axis: .vertical, time: 0)
        XCTAssertEqual(c.offset(at: 1), Point(x: 106, y: 0))
    }

    func testKeyboardPageHomeEnd() {
        let c = S.tallList(offsetY: 0)
        c.scroll(by: .pageDown, time: 0)
        XCTAssertEqual(c.offset(at: 1).y, 747)
        c.scroll(by: .pageDown, time: 1)
        c.scroll(by: .pageDown, time: 1.05)  // repeat during the animation accumulates
        XCTAssertEqual(c.offset(at: 2).y, 747 * 3)
        c.scroll(by: .pageUp, time: 2)
        XCTAssertEqual(c.offset(at: 3).y, 747 * 2)
        c.scroll(by: .end, time: 3)
        XCTAssertEqual(c.offset(at: 4).y, 9200)
        c.scroll(by: .lineUp, time: 4)
        XCTAssertEqual(c.offset(at: 5).y, 9200 - 53)
        c.scroll(by: .home, time: 5)
        let mid = c.offset(at: 5.05).y
        XCTAssertTrue(mid > 0 && mid < 9147, "animated, not a jump")
        XCTAssertEqual(c.offset(at: 6).y, 0)
    }

    func testTouchpadAppliesOneToOneAndCoasts() {
        let c = S.tallList(offsetY: 1000)
        var t = 0.0
        for _ in 0..<10 { t += 0.01; c.smoothScroll(delta: Point(x: 0, y: 15), time: t) }  // 1500 px/s
        XCTAssertEqual(c.offset(at: t).y, 1150)
        c.smoothScrollEnded(time: t)
        XCTAssertTrue(c.isMoving(at: t + 0.5))
        XCTAssertEqual(c.offset(at: t + 10).y - 1150, 1500 * 0.4995, accuracy: 15)
    }

    func testAnimatedScrollToStartsFromCurrentVelocity() {
        let c = S.tallList(offsetY: 0)
        _ = S.send(S.flick(speed: 2000), to: c)
        let t = 0.3, v = c.velocity(at: t).y
        XCTAssertGreaterThan(v, 500)
        c.scroll(to: Point(x: 0, y: 3000), animated: true, time: t)
        XCTAssertEqual(c.velocity(at: t).y, v, accuracy: 1e-6)
        XCTAssertEqual(c.offset(at: t + 1).y, 3000)
        c.scroll(to: Point(x: 0, y: 50000), animated: false, time: 2)
        XCTAssertEqual(c.offset(at: 2).y, 9200, "clamped")
    }

    func testResizeKeepsOffsetValid() {
        let c = S.tallList(offsetY: 9000)
        c.setGeometry(ScrollGeometry(viewportSize: Size(width: 800, height: 800), contentSize: Size(width: 800, height: 5000)), time: 1)
        XCTAssertEqual(c.offset(at: 1).y, 4200)
        c.scroll(to: Point(x: 0, y: 4000), animated: true, time: 2)
        c.setGeometry(ScrollGeometry(viewportSize: Size(width: 800, height: 1600), contentSize: Size(width: 800, height: 5000)), time: 2.1)
        XCTAssertEqual(c.offset(at: 3).y, 3400, "the running ease retargets to the new maximum")
        c.setOffset(Point(x: 0, y: 10))
        XCTAssertEqual(c.offset(at: 3), Point(x: 0, y: 10))
        XCTAssertFalse(c.isMoving(at: 3))
    }
}
