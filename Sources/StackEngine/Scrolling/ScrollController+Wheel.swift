extension ScrollController {
    /// Start slope of an ease that begins from rest, as a multiple of the average speed (0 = ease-in-out,
    /// 3 = cubic ease-out).
    static let wheelImpulse = 1.5

    /// Core wheel notches (buttons 4/5 vertical, 6/7 horizontal) at `time` (seconds). Positive `notches` scroll
    /// down/right (button 5/7: the offset grows). Each notch moves `lineStep` points, eased over 0.1–0.2 s; a notch
    /// arriving during an ease retargets it (new target = old target + step) keeping position and velocity
    /// continuous. Targets are clamped to the resting range: the wheel never rubber-bands. A vertical wheel on a
    /// view that only scrolls horizontally scrolls horizontally. Ignored while a drag is in progress.
    public func wheel(notches: Double, axis: ScrollAxis, time: Double) {
        guard notches != 0, !isTracking, let axis = effectiveAxis(axis) else { return }
        drag = nil
        scrollAnimated(axis, by: notches * lineStep, time: time)
    }

    /// XInput2 smooth-scroll (touchpad) deltas at `time` (seconds), applied 1:1 to the offset: `delta` in points,
    /// positive = offset grows (host: valuator delta / increment × `lineStep`). Past an edge the rubber band resists.
    public func smoothScroll(delta: Point, time: Double) {
        guard drag == nil else { return }
        var delta = delta
        if geometry.axes == .horizontal, abs(delta.y) > abs(delta.x) { delta = Point(x: delta.y, y: 0) }
        if touchpad == nil {
            let p = offset(at: time)
            stopMotions(at: time)
            touchpad = TouchpadState(raw: unconstrained(p))
        }
        touchpad!.raw = touchpad!.raw + axisMask(delta)
        touchpad!.tracker.add(touchpad!.raw, time: time)
        apply(raw: touchpad!.raw, time: time)
    }

    /// The touchpad sequence ended at `time` (XI2 scroll stop / fingers lifted): coast with the tracked velocity
    /// exactly like a drag release (bouncing, snapping). `sampledAt`: when the fingers are known to have left (the
    /// last event, when the end is only noticed by a pause in the events), the velocity is the one at that time.
    public func smoothScrollEnded(time: Double, sampledAt sampleTime: Double? = nil) {
        guard let tp = touchpad else { return }
        touchpad = nil
        settle(at: time, velocity: releaseVelocity(pointer: tp.tracker.velocity(at: min(time, sampleTime ?? time)), time: time))
    }

    /// Keyboard scrolling at `time` (seconds), animated like the wheel (repeated keys accumulate).
    public func scroll(by command: ScrollCommand, time: Double) {
        guard !isTracking else { return }
        let line = lineStep
        func page(_ axis: ScrollAxis) -> Double { max(line, geometry.viewportSize[axis] - line) }
        let main: ScrollAxis = geometry.axes.contains(.vertical) ? .vertical : .horizontal
        switch command {
        case .lineUp: if let a = effectiveAxis(.vertical) { scrollAnimated(a, by: -line, time: time) }
        case .lineDown: if let a = effectiveAxis(.vertical) { scrollAnimated(a, by: line, time: time) }
        case .lineLeft: if geometry.axes.contains(.horizontal) { scrollAnimated(.horizontal, by: -line, time: time) }
        case .lineRight: if geometry.axes.contains(.horizontal) { scrollAnimated(.horizontal, by: line, time: time) }
        case .pageUp: if let a = effectiveAxis(.vertical) { scrollAnimated(a, by: -page(a), time: time) }
        case .pageDown: if let a = effectiveAxis(.vertical) { scrollAnimated(a, by: page(a), time: time) }
        case .pageLeft: if geometry.axes.contains(.horizontal) { scrollAnimated(.horizontal, by: -page(.horizontal), time: time) }
        case .pageRight: if geometry.axes.contains(.horizontal) { scrollAnimated(.horizontal, by: page(.horizontal), time: time) }
        case .home: if geometry.axes.contains(main) { scrollAnimated(main, toRaw: geometry.range(main).lowerBound, snaps: false, time: time) }
        case .end: if geometry.axes.contains(main) { scrollAnimated(main, toRaw: geometry.range(main).upperBound, snaps: false, time: time) }
        }
    }

    /// Scrolls to `offset` (points, clamped into the resting range) at `time` (seconds): instantly, or eased over
    /// `programmaticDuration` starting from the current velocity. Not snapped. Cancels a drag or touchpad sequence.
    public func scroll(to offset: Point, animated: Bool, time: Double) {
        drag = nil
        touchpad = nil
        lastMovementTime = time
        guard animated else { setOffset(offset); return }
        let target = geometry.clamped(offset), p = self.offset(at: time), v = velocity(at: time)
        for axis in ScrollAxis.allCases where geometry.axes.contains(axis) {
            let ease = EasedScrollAnimation(from: p[axis], velocity: v[axis], to: target[axis], duration: Self.programmaticDuration)
            motions[axis.rawValue] = .moving(simulation: ease, start: time, rawTarget: target[axis])
        }
        isAnimating = isMoving(at: time)
    }

    /// `axis` if it scrolls, else the other axis when it is the only one that does.
    func effectiveAxis(_ axis: ScrollAxis) -> ScrollAxis? {
        if geometry.axes.contains(axis) { return axis }
        return geometry.axes.contains(axis.other) ? axis.other : nil
    }

    /// Eases `axis` by `delta` points from the running ease's unsnapped target (or the current offset).
    func scrollAnimated(_ axis: ScrollAxis, by delta: Double, time: Double) {
        let base = motions[axis.rawValue].rawTarget(at: time) ?? offset(at: time)[axis]
        scrollAnimated(axis, toRaw: base + delta, time: time)
    }

    /// Eases `axis` towards `raw` (clamped; then, if `snaps`, moved by the target provider) from the current position
    /// and velocity at `time`. The provider sees the velocity the ease implies and, as its start, the target of the
    /// running ease (or the offset now), so a paging layout turns each notch of a burst into one page.
    func scrollAnimated(_ axis: ScrollAxis, toRaw rawValue: Double, snaps: Bool = true, time: Double) {
        let r = geometry.range(axis)
        let p = offset(at: time), v = velocity(at: time)[axis]
        let raw = min(r.upperBound, max(r.lowerBound, rawValue))
        var target = raw
        let runningRaw = motions[axis.rawValue].rawTarget(at: time)
        let direction = raw - (runningRaw ?? p[axis])
        if snaps, let provider = targetProvider {
            var proposed = p, start = p
            proposed[axis] = raw
            proposed[axis.other] = motions[axis.other.rawValue].finalPosition
            if runningRaw != nil { start[axis] = motions[axis.rawValue].finalPosition }
            var hint = Point.zero
            hint[axis] = direction / EasedScrollAnimation.duration(forDistance: direction)
            target = provider.targetContentOffset(forProposed: proposed, velocity: hint, from: start)[axis]
            target = min(r.upperBound, max(r.lowerBound, target))
        }
        let duration = EasedScrollAnimation.duration(forDistance: target - p[axis])
        var startVelocity = v
        if !motions[axis.rawValue].isMoving(at: time) {
            // A fresh notch starts with an impulse (ease-out feel) instead of easing in from rest.
            startVelocity = Self.wheelImpulse * (target - p[axis]) / duration
        }
        let ease = EasedScrollAnimation(from: p[axis], velocity: startVelocity, to: target, duration: duration)
        motions[axis.rawValue] = .moving(simulation: ease, start: time, rawTarget: raw)
        lastMovementTime = time
        isAnimating = isMoving(at: time)
    }
}
