import Foundation

/// How fast a coasting scroll slows down: the velocity is multiplied by `perMillisecond` every millisecond
/// (UIScrollView's `decelerationRate`).
public struct DecelerationRate: Hashable, Sendable {
    /// The factor applied to the velocity every millisecond, in (0, 1).
    public var perMillisecond: Double

    public init(perMillisecond: Double) {
        precondition(perMillisecond > 0 && perMillisecond < 1, "a deceleration rate lies strictly between 0 and 1")
        self.perMillisecond = perMillisecond
    }

    /// iOS normal rate: 0.998 per ms (a 2000 px/s fling travels about 999 points).
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// iOS fast rate: 0.99 per ms (a 2000 px/s fling travels about 199 points).
    public static let fast = DecelerationRate(perMillisecond: 0.99)

    /// The exponential decay constant k = 1000·ln(d), per second (negative).
    public var k: Double { 1000 * log(perMillisecond) }
}
