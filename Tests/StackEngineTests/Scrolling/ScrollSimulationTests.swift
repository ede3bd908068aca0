import XCTest
@testable import StackEngine

final class ScrollSimulationTests: XCTestCase {
    func testFrictionRestingPointAndSettleTime() {
        let normal = FrictionSimulation(position: 100, velocity: 2000)
        XCTAssertEqual(normal.restingPosition - 100, 999, accuracy: 1)
        XCTAssertEqual(FrictionSimulation(position: 0, velocity: 2000, rate: .fast).restingPosition, 199, accuracy: 1)
        XCTAssertEqual(normal.settleTime, 3.8, accuracy: 0.05)
        XCTAssertFalse(normal.isDone(at: 3.7))
        XCTAssertTrue(normal.isDone(at: 3.85))
        XCTAssertEqual(normal.velocity(at: 1), 2000 * pow(0.998, 1000), accuracy: 1e-6)
        // Position is the integral of velocity.
        let h = 1e-5
        XCTAssertEqual((normal.position(at: 0.5 + h) - normal.position(at: 0.5 - h)) / (2 * h), normal.velocity(at: 0.5), accuracy: 0.01)
    }

    func testFrictionInverses() throws {
        let f = FrictionSimulation(position: 0, velocity: -1500)
        let t = try XCTUnwrap(f.time(toReach: -500))
        XCTAssertEqual(f.position(at: t), -500, accuracy: 1e-6)
        XCTAssertNil(f.time(toReach: 10), "behind the start")
        XCTAssertNil(f.time(toReach: -800), "past the resting point")
        let v = FrictionSimulation.velocity(from: 50, toRestAt: 650)
        XCTAssertEqual(FrictionSimulation(position: 50, velocity: v).restingPosition, 650, accuracy: 1e-9)
        let solved = try XCTUnwrap(FrictionSimulation(position: 0, velocity: 2000, restingAt: 900))
        XCTAssertEqual(solved.restingPosition, 900, accuracy: 1e-9)
        XCTAssertEqual(solved.velocity(at: 0), 2000)
        XCTAssertNil(FrictionSimulation(position: 0, velocity: 2000, restingAt: -100), "target behind the motion")
    }

    func testRubberBandFigures() {
        let band = RubberBand(dimension: 800)
        XCTAssertEqual(band.shown(forDragged: 100), 51, accuracy: 1)
        XCTAssertEqual(band.shown(forDragged: 400), 173, accuracy: 1)
        XCTAssertEqual(band.shown(forDragged: -400), -173, accuracy: 1)
        for x in [0.0, 3, 100, 400, 2000] {
            XCTAssertEqual(band.dragged(forShown: band.shown(forDragged: x)), x, accuracy: 1e-6)
        }
        XCTAssertEqual(band.constrain(-100, lower: 0, upper: 500), -band.shown(forDragged: 100), accuracy: 1e-9)
        XCTAssertEqual(band.unconstrain(band.constrain(620, lower: 0, upper: 500), lower: 0, upper: 500), 620, accuracy: 1e-6)
        XCTAssertEqual(band.slope(atDragged: 0), 0.55, accuracy: 1e-12)
    }

    func testSpringRegimesReachTarget() {
        let regimes: [SpringSimulation.Parameters] = [.criticallyDamped, .flutterIOS,
                                                      .init(mass: 1, stiffness: 100, dampingRatio: 0.5)]
        for params in regimes {
            let s = SpringSimulation(parameters: params, from: 300, velocity: -400, to: 0)
            XCTAssertEqual(s.position(at: 0), 300, accuracy: 1e-9)
            XCTAssertEqual(s.velocity(at: 0), -400, accuracy: 1e-6)
            let h = 1e-5
            XCTAssertEqual((s.position(at: 0.2 + h) - s.position(at: 0.2 - h)) / (2 * h), s.velocity(at: 0.2), accuracy: 0.01)
            XCTAssertTrue(s.isDone(at: 5))
            XCTAssertEqual(s.position(at: 5), 0, accuracy: 0.5)
        }
        let under = SpringSimulation(parameters: .init(mass: 1, stiffness: 100, dampingRatio: 0.3), from: 100, velocity: 0, to: 0)
        XCTAssertLessThan((0..<200).map { under.position(at: Double($0) / 100) }.min()!, -10, "an under-damped spring overshoots")
    }

    func testCriticalSpringBackFromOverscrollNeverCrossesAndSettles() {
        let s = SpringSimulation(from: -100, velocity: 0, to: 0)
        var settled: Double?
        for i in 0...3000 {
            let t = Double(i) / 1000
            XCTAssertLessThanOrEqual(s.position(at: t), 0)
            if settled == nil, s.isDone(at: t) { settled = t }
        }
        XCTAssertNotNil(settled)
        XCTAssertEqual(s.position(at: settled!), 0, accuracy: 0.5)
        XCTAssertLessThan(settled!, 1.0)
    }

    func testBouncingHandsOverAtEdgeCrossing() throws {
        let b = BouncingScrollSimulation(position: 900, velocity: 3000, minOffset: 0, maxOffset: 1000)
        let handover = try XCTUnwrap(b.edgeHandoverTime)
        let friction = FrictionSimulation(position: 900, velocity: 3000)
        XCTAssertEqual(handover, try XCTUnwrap(friction.time(toReach: 1000)), accuracy: 1e-9)
        XCTAssertEqual(b.position(at: handover), 1000, accuracy: 1e-6)
        XCTAssertEqual(b.velocity(at: handover), friction.velocity(at: handover), accuracy: 1e-6)
        var peak = 0.0
        for i in 0...3000 {
            let t = Double(i) / 1000
            peak = max(peak, b.position(at: t))
            if t > handover { XCTAssertGreaterThanOrEqual(b.position(at: t), 1000 - 1e-9, "the spring-back never crosses the edge") }
        }
        XCTAssertGreaterThan(peak, 1050)
        XCTAssertLessThan(peak, 1000 + 5000 / 10 / M_E + 1, "bounded by the 5000 px/s cap")
        XCTAssertTrue(b.isDone(at: 3))
        XCTAssertEqual(b.finalPosition, 1000)
    }

    func testBouncingStartedOverscrolledSpringsBack() {
        let b = BouncingScrollSimulation(position: -100, velocity: 0, minOffset: 0, maxOffset: 1000)
        XCTAssertNil(b.edgeHandoverTime)
        for i in 0...2000 { XCTAssertLessThanOrEqual(b.position(at: Double(i) / 1000), 0) }
        XCTAssertEqual(b.finalPosition, 0)
        // Thrown inwards hard: crosses the edge once, then coasts inside with friction.
        let thrown = BouncingScrollSimulation(position: -50, velocity: 3000, minOffset: 0, maxOffset: 5000)
        XCTAssertGreaterThan(thrown.finalPosition, 100)
        XCTAssertLessThan(thrown.finalPosition, 5000)
    }

    func testEasedAnimationContinuityAndMonotonicity() {
        let e = EasedScrollAnimation(from: 0, velocity: 2000, to: 100, duration: 0.2)
        XCTAssertEqual(e.initialVelocity, 2000, "velocity kept: the duration shrinks instead")
        XCTAssertLessThanOrEqual(e.duration, 0.15 + 1e-9)
        var last = 0.0
        for i in 0...300 {
            let x = e.position(at: Double(i) / 1000)
            XCTAssertGreaterThanOrEqual(x, last - 1e-9)
            XCTAssertLessThanOrEqual(x, 100 + 1e-9)
            last = x
        }
        XCTAssertEqual(e.position(at: e.duration), 100, accuracy: 1e-9)
        XCTAssertEqual(EasedScrollAnimation.duration(forDistance: 53), 0.2)
        XCTAssertEqual(EasedScrollAnimation.duration(forDistance: 600), 0.1)
    }
}

final class EasedScrollAnimationDirectionTests: XCTestCase {
    func testNegativeDirectionBehavesLikePositive() {
        for sign in [1.0, -1.0] {
            let e = EasedScrollAnimation(from: 0, velocity: sign * 400, to: sign * 53, duration: 0.2)
            XCTAssertEqual(e.duration, 0.2, accuracy: 1e-12)
            XCTAssertEqual(e.initialVelocity, sign * 400)
            let f = EasedScrollAnimation(from: 0, velocity: sign * 3000, to: sign * 100, duration: 0.2)
            XCTAssertEqual(f.duration, 0.1, accuracy: 1e-12)
        }
    }
}
