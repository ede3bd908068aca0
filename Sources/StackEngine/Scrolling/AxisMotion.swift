/// What one axis of a `ScrollController` is doing: resting at an offset, or following a simulation that
/// started at an absolute time. Positions in points, times in seconds.
enum AxisMotion: Sendable {
    case rest(Double)
    /// `rawTarget` is the unsnapped target of a wheel/key/programmatic ease (so further notches accumulate);
    /// `nil` for coasting and springs.
    case moving(simulation: any ScrollSimulation, start: Double, rawTarget: Double?)

    func position(at t: Double) -> Double {
        switch self {
        case .rest(let x): return x
        case let .moving(s, start, _):
            return s.isDone(at: t - start) ? s.finalPosition : s.position(at: t - start)
        }
    }

    func velocity(at t: Double) -> Double {
        switch self {
        case .rest: return 0
        case let .moving(s, start, _): return s.isDone(at: t - start) ? 0 : s.velocity(at: t - start)
        }
    }

    func isMoving(at t: Double) -> Bool {
        if case let .moving(s, start, _) = self { return !s.isDone(at: t - start) }
        return false
    }

    /// Where the axis ends up if nothing else happens, in points.
    var finalPosition: Double {
        switch self {
        case .rest(let x): return x
        case let .moving(s, _, _): return s.finalPosition
        }
    }

    /// The unsnapped target of a running ease at `t`, if any.
    func rawTarget(at t: Double) -> Double? {
        if case let .moving(s, start, raw) = self, !s.isDone(at: t - start) { return raw }
        return nil
    }

    /// The motion with a finished simulation replaced by rest at its final position.
    func settled(at t: Double) -> AxisMotion {
        isMoving(at: t) ? self : .rest(position(at: t))
    }
}
