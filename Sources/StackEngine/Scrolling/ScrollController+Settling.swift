extension ScrollController {
    /// Starts the motion that follows a release at `time` with `velocity` (points per second).
    ///
    /// Per axis: the natural resting point of friction from the release (`proposed`, clamped into the range) goes to
    /// the target provider (the layout), which may move it to a snap point. Where the layout keeps it — also when the
    /// proposal is an edge the fling runs past, and the edge is a snap point — the offset coasts with
    /// `BouncingScrollSimulation`: friction until the edge, then a spring that overshoots and comes back. Where the
    /// layout moves it, a `SnapScrollAnimation` carries the release velocity to the snap point within 0.8 s.
    /// `only`: settle just these axes (the others keep their motions; the provider sees where they are going).
    func settle(at time: Double, velocity: Point, only: [ScrollAxis]? = nil) {
        let p = offset(at: time)
        lastMovementTime = time
        let axes = ScrollAxis.allCases.filter { geometry.axes.contains($0) && (only?.contains($0) ?? true) }
        var natural = p
        for axis in ScrollAxis.allCases where !axes.contains(axis) { natural[axis] = motions[axis.rawValue].finalPosition }
        for axis in axes where velocity[axis] != 0 {
            natural[axis] = FrictionSimulation(position: p[axis], velocity: velocity[axis], rate: decelerationRate).restingPosition
        }
        let proposed = geometry.clamped(natural)
        let target = targetProvider.map { geometry.clamped($0.targetContentOffset(forProposed: proposed, velocity: velocity, from: p)) }
            ?? proposed
        for axis in axes {
            motions[axis.rawValue] = settleMotion(axis, from: p[axis], velocity: velocity[axis], natural: natural[axis],
                                                  proposed: proposed[axis], target: target[axis], time: time)
        }
        isAnimating = isMoving(at: time)
    }

    /// The motion of one axis after a release (see `settle`); positions in points, velocity in points per second.
    func settleMotion(_ axis: ScrollAxis, from x: Double, velocity v: Double, natural: Double, proposed: Double,
                      target: Double, time: Double) -> AxisMotion {
        let r = geometry.range(axis)
        let inside = r.contains(x)
        let runsPastEdge = inside && !r.contains(natural)
        // The layout keeps the proposal (to rounding, when the proposal is the edge the fling runs past): coast.
        if target == proposed || (runsPastEdge && abs(target - proposed) < 0.5) {
            if v == 0, inside, target == x { return .rest(x) }
            let b = BouncingScrollSimulation(position: x, velocity: v, minOffset: r.lowerBound, maxOffset: r.upperBound,
                                             rate: decelerationRate, restingAt: runsPastEdge ? target : nil)
            return .moving(simulation: b, start: time, rawTarget: nil)
        }
        if abs(target - x) < 0.5, abs(v) < Self.minimumFlingVelocity { return .rest(target) }
        return .moving(simulation: SnapScrollAnimation(from: x, velocity: v, to: target), start: time, rawTarget: nil)
    }
}
