#if canImport(Glibc)
import Glibc
#endif

/// A source of the current time, in seconds from an arbitrary fixed origin. Only the host reads it: once per
/// loop turn, and that time is handed to the app and the engine as a parameter (GTK's frame clock, Flutter's
/// frame timestamp). Nothing inside a frame reads a clock itself.
public protocol Clock: AnyObject {
    /// The current time, in seconds. Never decreases.
    var now: Double { get }
}

/// The real clock: monotonic seconds (CLOCK_MONOTONIC, the clock a local X server stamps events with),
/// never affected by wall-clock changes.
public final class MonotonicClock: Clock {
    public init() {}

    /// Seconds since an arbitrary fixed point (boot).
    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A clock whose time moves only when a test (or the headless host) moves it.
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
