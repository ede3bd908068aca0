/// A one-dimensional motion of a scroll offset, in closed form.
///
/// Time `t` is in seconds since the simulation started; positions are in points and velocities in
/// points per second (px/s at scale 1). Implementations are value types and pure: querying does not
/// change them, and any non-decreasing (or arbitrary) sequence of times gives the same answers.
public protocol ScrollSimulation: Sendable {
    /// The position, in points, `t` seconds after the start.
    func position(at t: Double) -> Double
    /// The velocity, in points per second, `t` seconds after the start.
    func velocity(at t: Double) -> Double
    /// True once the motion is visually over (within half a point of its end and slow).
    func isDone(at t: Double) -> Bool
    /// Where the motion comes to rest, in points. A controller adopts this exact value once
    /// `isDone` is true, so the resting point never depends on how often the motion was sampled.
    var finalPosition: Double { get }
}
