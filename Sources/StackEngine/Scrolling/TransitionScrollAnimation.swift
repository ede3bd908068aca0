/// The content offset moving with a layout transition: the same `AnimationOptions` as the elements (progress from
/// `from` to `to`, plus the start velocity carried over), so an element the layout keeps in place on screen stays
/// in place, and an element that moves on screen moves monotonically, while both the elements and the offset move.
///
/// Positions in points, velocities in points per second, time in seconds since the transition began.
public struct TransitionScrollAnimation: ScrollSimulation, Hashable {
    public let from: Double
    public let to: Double
    public let initialVelocity: Double
    public let options: AnimationOptions

    public init(from: Double, velocity: Double, to: Double, options: AnimationOptions) {
        self.from = from
        self.initialVelocity = velocity
        self.to = to
        self.options = options
    }

    public var finalPosition: Double { to }

    public func position(at t: Double) -> Double {
        options.value(from: from, to: to, velocity: initialVelocity, at: t)
    }

    public func velocity(at t: Double) -> Double {
        t >= options.duration ? 0 : options.velocity(from: from, to: to, velocity: initialVelocity, at: t)
    }

    public func isDone(at t: Double) -> Bool { t >= options.duration }
}
