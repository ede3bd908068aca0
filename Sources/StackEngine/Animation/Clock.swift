/// A source of the current time, in seconds from an arbitrary fixed origin.
/// Animations and physics never read the system time themselves: the host injects a clock
/// (monotonic in the app, hand-driven in tests).
public protocol Clock: AnyObject {
    /// The current time, in seconds. Never decreases.
    var now: Double { get }
}

/// A clock whose time moves only when a test (or the headless renderer) sets it.
public final class ManualClock: Clock {
    public var now: Double

    public init(now: Double = 0) {
        self.now = now
    }

    /// Moves time forward by `seconds`.
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "a clock never runs backwards")
        now += seconds
    }
}
