/// The kinetic content-offset model of one scroll view (2-D; the axes come from the layout).
///
/// Every input carries its own timestamp and every query names its time, in seconds on one monotonic time
/// base shared by input events and frames. The trajectory depends only on those timestamps, never on how
/// often `tick(now:)` is called. Offsets are in points, velocities in points per second.
///
/// Drag: `pointerDown` / `pointerMoved` / `pointerUp`. Wheel: `wheel(notches:axis:time:)`. Touchpad:
/// `smoothScroll(delta:time:)` / `smoothScrollEnded(time:)`. Keys: `scroll(by:time:)`. Programmatic:
/// `scroll(to:animated:time:)`, `setOffset(_:)`. Frames: `tick(now:)`.
public final class ScrollController {
    /// Movement, in points, before a press becomes a drag (smaller is a click).
    public static let dragThreshold = 3.5
    /// Release speeds under this, in points per second, do not coast.
    public static let minimumFlingVelocity = 50.0
    /// Release speeds are capped at this, in points per second.
    public static let maximumFlingVelocity = 8000.0
    /// Duration, in seconds, of an animated `scroll(to:animated:time:)`.
    public static let programmaticDuration = 0.3

    /// Viewport, content, insets and axes. Change with `setGeometry(_:time:)`.
    public internal(set) var geometry: ScrollGeometry
    /// Deceleration of coasting.
    public var decelerationRate: DecelerationRate = .normal
    /// One wheel notch, arrow key or line, in points (53 as in Chromium and GTK3; multiply by the UI scale if any).
    public var lineStep: Double = 53
    /// Moves the resting point of a fling, drag release, wheel/key scroll: the layout of the collection view
    /// that owns this scroller (its target content offset: snapping and paging), if any.
    public var targetProvider: ScrollTargetProviding?
    /// The time, in seconds, the offset last changed (an input or a running motion seen by `tick`).
    public internal(set) var lastMovementTime: Double?
    /// Whether a motion was running as of the last `tick(now:)` or input.
    public internal(set) var isAnimating = false

    var motions: [AxisMotion]
    var drag: DragState?
    var touchpad: TouchpadState?

    /// State of a pointer press (times in seconds, positions in viewport points).
    struct DragState {
        var downPoint: Point
        var lastPoint: Point
        var caughtMotion: Bool
        /// The press stopped some motion (even one that does not swallow the click).
        var stoppedMotion = false
        /// Set once the pointer moved past the threshold: the pointer position and unconstrained offset then.
        var anchor: Point?
        var rawAtAnchor: Point = .zero
        var tracker = VelocityTracker()
    }

    /// State of a touchpad smooth-scroll sequence.
    struct TouchpadState {
        var raw: Point
        var tracker = VelocityTracker()
    }

    public init(geometry: ScrollGeometry, offset: Point? = nil) {
        self.geometry = geometry
        let start = geometry.clamped(offset ?? geometry.minOffset)
        motions = [.rest(start.x), .rest(start.y)]
    }

    // MARK: Queries

    /// The content offset at `time`, in points.
    public func offset(at time: Double) -> Point {
        Point(x: motions[0].position(at: time), y: motions[1].position(at: time))
    }

    /// The content velocity at `time`, in points per second (zero while dragging).
    public func velocity(at time: Double) -> Point {
        Point(x: motions[0].velocity(at: time), y: motions[1].velocity(at: time))
    }

    /// Where the offset comes to rest if nothing else happens (the closed-form end of a fling or ease), points.
    public var projectedRestOffset: Point { Point(x: motions[0].finalPosition, y: motions[1].finalPosition) }

    /// True when a motion is still running at `time`.
    public func isMoving(at time: Double) -> Bool { motions.contains { $0.isMoving(at: time) } }

    /// True while a pointer drag or touchpad sequence is in progress.
    public var isTracking: Bool { drag?.anchor != nil || touchpad != nil }

    /// Advances to `now`: finished motions come to rest exactly at their final position.
    /// Returns the offset to show and whether to keep requesting frames.
    @discardableResult
    public func tick(now: Double) -> ScrollFrame {
        let moving = isMoving(at: now)
        if moving || isAnimating { lastMovementTime = now }
        motions = motions.map { $0.settled(at: now) }
        isAnimating = moving
        return ScrollFrame(offset: offset(at: now), isAnimating: moving)
    }

    /// Seconds since the offset last moved (0 while moving or tracking), for the indicators' fade.
    public func timeSinceLastMovement(at time: Double) -> Double {
        if isMoving(at: time) || isTracking { return 0 }
        guard let last = lastMovementTime else { return .infinity }
        return max(0, time - last)
    }

    // MARK: Direct changes

    /// Jumps to `offset` (clamped into the resting range), cancelling any motion. A drag in progress
    /// continues from there.
    public func setOffset(_ offset: Point) {
        let p = geometry.clamped(offset)
        motions = [.rest(p.x), .rest(p.y)]
        if var d = drag, let anchor = d.anchor {
            d.rawAtAnchor = p - (anchor - d.lastPoint)
            drag = d
        }
        touchpad?.raw = p
        isAnimating = false
    }

    /// Changes viewport/content/insets/axes at `time` (seconds). A resting offset is clamped into the new range;
    /// an ease keeps going to its (clamped) target from the current position and velocity; a transition's offset
    /// keeps its timing while its target stays in range; a coast or snap settles again from the current position
    /// and velocity with the new edges (and the layout's target for them); a drag keeps its pointer mapping.
    public func setGeometry(_ newGeometry: ScrollGeometry, time: Double) {
        let p = offset(at: time), v = velocity(at: time)
        let old = motions.map { $0.settled(at: time) }
        geometry = newGeometry
        if let d = drag, d.anchor != nil { apply(raw: d.rawAtAnchor + axisMask(d.anchor! - d.lastPoint), time: time); return }
        if let tp = touchpad { apply(raw: tp.raw, time: time); return }
        var coasting: [ScrollAxis] = []
        for axis in ScrollAxis.allCases {
            let i = axis.rawValue, range = geometry.range(axis)
            guard geometry.axes.contains(axis) else { motions[i] = .rest(range.lowerBound); continue }
            switch old[i] {
            case .rest(let x):
                motions[i] = .rest(min(range.upperBound, max(range.lowerBound, x)))
            case let .moving(s, start, raw):
                if let t = s as? TransitionScrollAnimation, range.contains(t.to) {
                    // A transition's offset keeps the transition's timing while its target stays reachable.
                    motions[i] = .moving(simulation: t, start: start, rawTarget: raw)
                } else if let raw {
                    let target = min(range.upperBound, max(range.lowerBound, s.finalPosition))
                    let ease = EasedScrollAnimation(from: p[axis], velocity: v[axis], to: target,
                                                    duration: EasedScrollAnimation.duration(forDistance: target - p[axis]))
                    motions[i] = .moving(simulation: ease, start: time, rawTarget: min(range.upperBound, max(range.lowerBound, raw)))
                } else {
                    coasting.append(axis)
                }
            }
        }
        if !coasting.isEmpty {
            let last = lastMovementTime
            settle(at: time, velocity: v, only: coasting)
            lastMovementTime = last ?? time
        }
    }

    // MARK: Helpers shared by the input extensions

    /// `p` with the coordinates of non-scrolling axes set to zero.
    func axisMask(_ p: Point) -> Point {
        Point(x: geometry.axes.contains(.horizontal) ? p.x : 0, y: geometry.axes.contains(.vertical) ? p.y : 0)
    }

    /// Shows the unconstrained offset `raw` with rubber-band resistance past the edges (tracking input).
    func apply(raw: Point, time: Double) {
        var shown = geometry.clamped(raw)
        for axis in ScrollAxis.allCases where geometry.axes.contains(axis) {
            let r = geometry.range(axis)
            shown[axis] = geometry.rubberBand(axis).constrain(raw[axis], lower: r.lowerBound, upper: r.upperBound)
        }
        if shown != offset(at: time) { lastMovementTime = time }
        motions = [.rest(shown.x), .rest(shown.y)]
    }

    /// The unconstrained offset that shows `shown` (inverse rubber band per axis).
    func unconstrained(_ shown: Point) -> Point {
        var raw = shown
        for axis in ScrollAxis.allCases where geometry.axes.contains(axis) {
            let r = geometry.range(axis)
            raw[axis] = geometry.rubberBand(axis).unconstrain(shown[axis], lower: r.lowerBound, upper: r.upperBound)
        }
        return raw
    }

    /// Stops every motion at its position at `time`.
    func stopMotions(at time: Double) {
        let p = offset(at: time)
        motions = [.rest(p.x), .rest(p.y)]
        isAnimating = false
    }
}
