extension ScrollController {
    /// Starts the motion that follows a release at `time` with `velocity` (points per second): a bouncing coast,
    /// or, with snapping or paging, a continuous path to the chosen resting point that starts with `velocity`.
    func settle(at time: Double, velocity: Point, startOffset: Point) {
        let p = offset(at: time)
        lastMovementTime = time
        if isPagingEnabled || targetProvider != nil {
            var proposed = p
            for axis in ScrollAxis.allCases where geometry.axes.contains(axis) {
                let rest = FrictionSimulation(position: p[axis], velocity: velocity[axis], rate: decelerationRate).restingPosition
                let r = geometry.range(axis)
                proposed[axis] = min(r.upperBound, max(r.lowerBound, rest))
            }
            var target = proposed
            if isPagingEnabled {
                for axis in ScrollAxis.allCases { target[axis] = pagedTarget(axis, proposed: proposed[axis], from: startOffset[axis]) }
            } else if let provider = targetProvider {
                target = provider.targetContentOffset(forProposed: proposed, velocity: velocity)
            }
            target = geometry.clamped(target)
            for axis in ScrollAxis.allCases where geometry.axes.contains(axis) {
                motions[axis.rawValue] = snapMotion(from: p[axis], velocity: velocity[axis], to: target[axis], time: time,
                                                    range: geometry.range(axis))
            }
        } else {
            for axis in ScrollAxis.allCases where geometry.axes.contains(axis) {
                let r = geometry.range(axis)
                if velocity[axis] == 0, r.contains(p[axis]) { motions[axis.rawValue] = .rest(p[axis]); continue }
                let b = BouncingScrollSimulation(position: p[axis], velocity: velocity[axis], minOffset: r.lowerBound,
                                                 maxOffset: r.upperBound, rate: decelerationRate)
                motions[axis.rawValue] = .moving(simulation: b, start: time, rawTarget: nil)
            }
        }
        isAnimating = isMoving(at: time)
    }

    /// A motion from `x` with `v` that ends exactly on `target` (points) with no jump: friction with a solved
    /// deceleration rate when the velocity already heads there at a sensible rate, else a critically damped spring.
    func snapMotion(from x: Double, velocity v: Double, to target: Double, time: Double,
                    range: ClosedRange<Double>) -> AxisMotion {
        if abs(target - x) < 0.5, abs(v) < Self.minimumFlingVelocity { return .rest(target) }
        if range.contains(x), let f = FrictionSimulation(position: x, velocity: v, restingAt: target) {
            return .moving(simulation: f, start: time, rawTarget: nil)
        }
        let s = SpringSimulation(parameters: Self.nonOvershootingSpring(from: x, velocity: v, to: target),
                                 from: x, velocity: v, to: target)
        return .moving(simulation: s, start: time, rawTarget: nil)
    }

    /// A critically damped spring (mass 1) that reaches `target` from `x` with start velocity `v` without
    /// passing it. The standard spring (ω = 10 rad/s) overshoots when `v` heads to the target faster than
    /// ω·|target − x| (for example a fast fling limited to one page); then ω is raised to |v| / |target − x|,
    /// which makes the approach a pure exponential that still starts with exactly `v`.
    static func nonOvershootingSpring(from x: Double, velocity v: Double, to target: Double) -> SpringSimulation.Parameters {
        let standard = SpringSimulation.Parameters.criticallyDamped
        let distance = target - x
        guard abs(distance) > 1e-6, v * distance > 0 else { return standard }
        let omega = (standard.stiffness / standard.mass).squareRoot()
        let needed = abs(v) / abs(distance)
        guard needed > omega else { return standard }
        return SpringSimulation.Parameters(mass: 1, stiffness: needed * needed, dampingRatio: 1)
    }

    /// The page boundary (multiple of the viewport extent from the minimum offset) nearest `proposed`,
    /// at most one page away from the page of `from`, in points.
    func pagedTarget(_ axis: ScrollAxis, proposed: Double, from: Double) -> Double {
        let r = geometry.range(axis), extent = max(1, geometry.viewportSize[axis])
        let origin = ((from - r.lowerBound) / extent).rounded()
        let page = min(origin + 1, max(origin - 1, ((proposed - r.lowerBound) / extent).rounded()))
        return min(r.upperBound, max(r.lowerBound, r.lowerBound + page * extent))
    }
}
