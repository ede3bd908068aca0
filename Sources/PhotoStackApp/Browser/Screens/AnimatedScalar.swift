import StackEngine

/// One number at rest or moving along a transition (`TransitionScrollAnimation`: an `AnimationOptions` timing from
/// a start value and velocity to a target), retargeted from where and how fast it is: the photo view's zoom and the
/// pan that moves with it. A pure function of the time passed in (seconds); units are the caller's (per second for
/// velocities).
struct AnimatedScalar: Sendable {
    private var motion: TransitionScrollAnimation?
    private var start = 0.0
    private var restValue: Double

    init(_ value: Double) { restValue = value }

    /// The value at `time`.
    func value(at time: Double) -> Double {
        guard let m = motion else { return restValue }
        return m.isDone(at: time - start) ? m.finalPosition : m.position(at: max(0, time - start))
    }

    /// Its rate of change at `time`, per second.
    func velocity(at time: Double) -> Double {
        guard let m = motion, !m.isDone(at: time - start) else { return 0 }
        return m.velocity(at: max(0, time - start))
    }

    /// Where it ends up.
    var target: Double { motion?.finalPosition ?? restValue }

    /// True while it moves at `time`.
    func isMoving(at time: Double) -> Bool { motion.map { !$0.isDone(at: time - start) } ?? false }

    /// Moves to `target` from `time` with `options`, starting from the value and velocity at `time`.
    mutating func animate(to target: Double, options: AnimationOptions, at time: Double) {
        let v = value(at: time), dv = velocity(at: time)
        guard options.duration > 0, v != target || dv != 0 else { set(target); return }
        motion = TransitionScrollAnimation(from: v, velocity: dv, to: target, options: options)
        start = time
    }

    /// Moves from `value` with `velocity` to `target` from `time` (a motion handed over from elsewhere).
    mutating func animate(from value: Double, velocity: Double, to target: Double, options: AnimationOptions, at time: Double) {
        motion = TransitionScrollAnimation(from: value, velocity: velocity, to: target, options: options)
        start = time
    }

    /// Rests at `value` at once.
    mutating func set(_ value: Double) {
        motion = nil
        restValue = value
    }

    /// Rests at its value at `time` when its motion has ended by then.
    mutating func settle(at time: Double) {
        if motion != nil, !isMoving(at: time) { set(target) }
    }
}
