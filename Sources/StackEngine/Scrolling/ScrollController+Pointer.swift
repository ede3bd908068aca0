extension ScrollController {
    /// A button press at `point` (viewport points) at `time` (seconds). Stops (catches) a running motion;
    /// an overscrolled offset stays where it is until the drag moves it or the press ends. Catching a coast or
    /// spring faster than `minimumFlingVelocity` swallows the click (`.stoppedScrolling`); stopping a wheel/key
    /// ease or an imperceptible creep does not.
    public func pointerDown(at point: Point, time: Double) {
        let p = offset(at: time)
        let v = velocity(at: time)
        let caught = motions.contains { $0.isMoving(at: time) && $0.rawTarget(at: time) == nil }
            && (v.x * v.x + v.y * v.y).squareRoot() > Self.minimumFlingVelocity
        let stopped = isMoving(at: time)
        if stopped { lastMovementTime = time }
        stopMotions(at: time)
        touchpad = nil
        var d = DragState(downPoint: point, lastPoint: point, caughtMotion: caught)
        d.stoppedMotion = stopped
        d.tracker.add(point, time: time)
        drag = d
    }

    /// The pointer moved to `point` (viewport points) at `time` (seconds) while pressed. The content follows
    /// 1:1 once the pointer has moved more than `dragThreshold` points, with rubber-band resistance past an edge.
    public func pointerMoved(to point: Point, time: Double) {
        guard var d = drag else { return }
        d.tracker.add(point, time: time)
        drag = d
        follow(point, time: time)
    }

    /// Moves the content with the pointer at `point` (no velocity sample).
    func follow(_ point: Point, time: Double) {
        guard var d = drag else { return }
        d.lastPoint = point
        if d.anchor == nil {
            guard point.distance(to: d.downPoint) > Self.dragThreshold else { drag = d; return }
            d.anchor = point
            d.rawAtAnchor = unconstrained(offset(at: time))
        }
        drag = d
        apply(raw: d.rawAtAnchor + axisMask(d.anchor! - point), time: time)
    }

    /// The button was released at `point` at `time` (seconds). A drag coasts with the tracked velocity when it is
    /// at least `minimumFlingVelocity` (capped at `maximumFlingVelocity`), bouncing at edges, else stops (springing
    /// back if overscrolled); a snapping provider may move the resting point. The release is not a movement sample:
    /// a pointer held still for `VelocityTracker.maximumGap` (40 ms) before it releases at zero velocity.
    /// Returns what the press meant.
    @discardableResult
    public func pointerUp(at point: Point, time: Double) -> PointerRelease {
        guard drag != nil else { return .none }
        follow(point, time: time)
        let d = drag!
        drag = nil
        guard d.anchor != nil else {
            let p = offset(at: time)
            let snaps = d.stoppedMotion && targetProvider != nil
            if d.caughtMotion || snaps || geometry.clamped(p) != p { settle(at: time, velocity: .zero) }
            return d.caughtMotion ? .stoppedScrolling : .click
        }
        let v = releaseVelocity(pointer: d.tracker.velocity(at: time) * -1, time: time)
        settle(at: time, velocity: v)
        return .dragEnded(velocity: v)
    }

    /// Turns a tracked content velocity into a release velocity: non-scrolling axes dropped, outward speed past an
    /// edge slowed by the rubber band's slope, capped at `maximumFlingVelocity`, and zero under `minimumFlingVelocity`.
    func releaseVelocity(pointer raw: Point, time: Double) -> Point {
        var v = axisMask(raw)
        let p = offset(at: time), rawOffset = unconstrained(p)
        for axis in ScrollAxis.allCases where geometry.axes.contains(axis) {
            let r = geometry.range(axis), band = geometry.rubberBand(axis)
            if rawOffset[axis] > r.upperBound, v[axis] > 0 { v[axis] *= band.slope(atDragged: rawOffset[axis] - r.upperBound) }
            if rawOffset[axis] < r.lowerBound, v[axis] < 0 { v[axis] *= band.slope(atDragged: r.lowerBound - rawOffset[axis]) }
        }
        let speed = (v.x * v.x + v.y * v.y).squareRoot()
        if speed < Self.minimumFlingVelocity { return .zero }
        if speed > Self.maximumFlingVelocity { v = v * (Self.maximumFlingVelocity / speed) }
        return v
    }
}
