import Glibc
import StackEngine

/// The app's clock: monotonic seconds (CLOCK_MONOTONIC), never affected by wall-clock changes.
public final class FrameClock: Clock {
    public init() {}

    /// Seconds since an arbitrary fixed point (boot).
    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
