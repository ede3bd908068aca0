import XCTest
import Foundation
@testable import StackEngine

final class AnimationTests: XCTestCase {
    func testCurvesStartAtZeroEndAtOneAndEaseInOutIsMonotone() {
        let curves: [TimingCurve] = [.linear, .easeInOut, .standardEaseInOut,
                                     .spring(dampingRatio: 0.7, response: 0.3, duration: 0.6)]
        for c in curves {
            XCTAssertEqual(c.progress(at: 0), 0, accuracy: 1e-9, "\(c)")
            XCTAssertEqual(c.progress(at: 1), 1, accuracy: 1e-9, "\(c)")
        }
        for c in [TimingCurve.easeInOut, .standardEaseInOut] {
            var last = 0.0
            for i in 1...200 {
                let v = c.progress(at: Double(i) / 200)
                XCTAssertGreaterThanOrEqual(v, last, "\(c) at \(i)")
                last = v
            }
            XCTAssertEqual(c.progress(at: 0.5), 0.5, accuracy: 1e-6, "symmetric")
            XCTAssertLessThan(c.progress(at: 0.1), 0.1, "eases in")
            XCTAssertGreaterThan(c.progress(at: 0.9), 0.9, "eases out")
        }
    }

    func testSpringOvershootsWhenUnderdampedAndSettles() {
        let under = DampedSpring(dampingRatio: 0.4, response: 0.5)
        let peak = stride(from: 0.0, through: 1.0, by: 0.01).map(under.position(at:)).max()!
        XCTAssertGreaterThan(peak, 1.05)
        XCTAssertEqual(under.position(at: 5), 1, accuracy: 1e-3)
        for z in [1.0, 1.5] {
            let s = DampedSpring(dampingRatio: z, response: 0.5)
            var last = 0.0
            for i in 1...300 {
                let v = s.position(at: Double(i) / 100)
                XCTAssertGreaterThanOrEqual(v, last - 1e-12, "no overshoot at damping \(z)")
                XCTAssertLessThanOrEqual(v, 1 + 1e-9)
                last = v
            }
            XCTAssertEqual(s.position(at: 0), 0)
        }
    }

    func testInterpolationDecomposesRotationAndScale() {
        var a = LayoutAttributes.cell(IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 100, height: 50))
        var b = a
        b.frame = Rect(x: 200, y: 100, width: 200, height: 150)
        b.transform = AffineTransform(rotation: .pi / 2, scale: 2)
        b.alpha = 0
        b.zIndex = 7
        a.alpha = 1
        let mid = a.interpolated(to: b, fraction: 0.5)
        XCTAssertEqual(mid.center.x, (50 + 300) / 2)
        XCTAssertEqual(mid.size.width, 150)
        XCTAssertEqual(mid.transform.rotation, .pi / 4, accuracy: 1e-12)
        XCTAssertEqual(mid.transform.scale, 1.5, accuracy: 1e-12, "matrix-entry interpolation would give ≈1.06")
        XCTAssertEqual(mid.alpha, 0.5)
        XCTAssertEqual(mid.zIndex, 7, "zIndex snaps")
        // The shorter way round: from +170° to −170° passes through 180°, not 0°.
        a.transform = AffineTransform(rotationAngle: 170 * .pi / 180)
        b.transform = AffineTransform(rotationAngle: -170 * .pi / 180)
        XCTAssertEqual(abs(a.interpolated(to: b, fraction: 0.5).transform.rotation), .pi, accuracy: 1e-9)
    }

    func testAttributeAnimationEndpointsAndMonotone() {
        let from = LayoutAttributes.cell(IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var to = from
        to.center = Point(x: 300, y: -40)
        let anim = AttributeAnimation(from: from, startTime: 2, duration: 0.3, curve: .easeInOut)
        XCTAssertEqual(anim.presented(at: 2, target: to), from)
        XCTAssertEqual(anim.presented(at: 2.3, target: to), to)
        var last = -Double.infinity
        for i in 0...30 {
            let x = anim.presented(at: 2 + Double(i) * 0.01, target: to).center.x
            XCTAssertGreaterThanOrEqual(x, last)
            last = x
        }
        XCTAssertTrue(anim.isFinished(at: 2.3))
        XCTAssertFalse(anim.isFinished(at: 2.29))
    }

    /// Every visible cell's presented attributes, by model item.
    private func presented(_ h: Harness) -> [Int: LayoutAttributes] {
        var out: [Int: LayoutAttributes] = [:]
        for item in h.cv.displayList where item.key.category == .cell { out[(item.view as! TestCell).modelID!] = item.attributes }
        return out
    }

    func testLayoutSwitchReversedMidwayHasNoJump() {
        let h = Harness(sections: [Array(0..<12)])
        let grid = h.layout
        let list = TestGridLayout(columns: 1, itemSize: Size(width: 200, height: 30))
        h.cv.setCollectionViewLayout(list, animated: true)
        h.cv.layoutIfNeeded(at: h.clock.now)
        let start = presented(h)
        XCTAssertEqual(start[1]?.center, Point(x: 75, y: 25), "at t=0 every cell is where the grid had it")
        h.clock.advance(by: 0.12)
        h.cv.layoutIfNeeded(at: h.clock.now)
        let beforeReverse = presented(h)
        XCTAssertTrue(h.cv.isAnimating)
        h.cv.setCollectionViewLayout(grid, animated: true)
        h.cv.layoutIfNeeded(at: h.clock.now)
        let afterReverse = presented(h)
        for (id, attrs) in beforeReverse {
            XCTAssertEqual(afterReverse[id]?.center, attrs.center, "item \(id) jumped when the switch was reversed")
            XCTAssertEqual(afterReverse[id]?.size, attrs.size)
        }
        // Continuous afterwards: small steps move little.
        var previous = afterReverse
        for _ in 0..<30 {
            h.clock.advance(by: 0.01)
            h.cv.layoutIfNeeded(at: h.clock.now)
            let now = presented(h)
            for (id, a) in now { if let p = previous[id] { XCTAssertLessThan(a.center.distance(to: p.center), 25, "item \(id)") } }
            previous = now
        }
        XCTAssertFalse(h.cv.isAnimating)
        for (id, a) in presented(h) { XCTAssertEqual(a.frame, grid.layoutAttributesForItem(at: IndexPath(item: id, section: 0))?.frame) }
        h.assertConsistent("after the round trip")
    }

    func testAnimatedInvalidationReflowsColumns() {
        let h = Harness(sections: [Array(0..<12)])
        let oldFrame = h.cv.cellForItem(at: IndexPath(item: 5, section: 0))!.attributes!.frame
        h.layout.columns = 3
        h.cv.invalidateLayout(animated: true)
        h.cv.layoutIfNeeded(at: h.clock.now)
        let cell = h.cv.cellForItem(at: IndexPath(item: 5, section: 0))!
        XCTAssertEqual(cell.attributes?.frame, oldFrame, "starts at the old place")
        h.clock.advance(by: 0.15)
        h.cv.layoutIfNeeded(at: h.clock.now)
        let newFrame = h.layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))!.frame
        XCTAssertEqual(cell.attributes!.center.x, (oldFrame.midX + newFrame.midX) / 2, accuracy: 1e-9)
        h.clock.advance(by: 0.15)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertEqual(cell.attributes?.frame, newFrame)
        XCTAssertFalse(h.cv.isAnimating)
    }

    func testResizeReflowIsAnimatedWhenAsked() {
        let h = Harness(sections: [Array(0..<40)])
        h.cv.animatesSizeChanges = true
        h.cv.size = Size(width: 300, height: 400)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertTrue(h.cv.isAnimating)
        h.clock.advance(by: 1)
        h.cv.layoutIfNeeded(at: h.clock.now)
        XCTAssertFalse(h.cv.isAnimating)
        h.assertConsistent("after resize")
    }
}
