extension ScrollController {
    /// Moves to `offset` (points, clamped into the resting range) with the timing of a layout transition that
    /// started at `time` (seconds): `options`' progress, starting from the offset and velocity at `time`. The
    /// collection view uses it so that the offset and the elements of a transition move as one (reflow, zoom).
    /// Not snapped; cancels a drag or touchpad sequence. A later notch or key extends it like an ease.
    public func scroll(to offset: Point, following options: AnimationOptions, time: Double) {
        drag = nil
        touchpad = nil
        lastMovementTime = time
        guard options.duration > 0 else { setOffset(offset); return }
        let target = geometry.clamped(offset), p = self.offset(at: time), v = velocity(at: time)
        for axis in ScrollAxis.allCases where geometry.axes.contains(axis) {
            if p[axis] == target[axis] && v[axis] == 0 { motions[axis.rawValue] = .rest(target[axis]); continue }
            let motion = TransitionScrollAnimation(from: p[axis], velocity: v[axis], to: target[axis], options: options)
            motions[axis.rawValue] = .moving(simulation: motion, start: time, rawTarget: target[axis])
        }
        isAnimating = isMoving(at: time)
    }
}
