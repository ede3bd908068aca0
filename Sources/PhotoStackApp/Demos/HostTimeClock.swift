import StackEngine

/// The clock of demo screens inside a `DemoHostScreen`: it follows the times the app passes to the screen
/// (`resize`, `handle`, `update`), so the demos run on the app's own time base — the X11 frame clock in a
/// window, the hand-driven clock of `--snapshot` — without the launcher handing its clock over. Seconds;
/// never decreases.
public final class HostTimeClock: Clock {
    public private(set) var now: Double

    public init(now: Double = 0) { self.now = now }

    /// Moves the clock to `time` (seconds) if that is later than now.
    public func follow(_ time: Double) {
        if time > now { now = time }
    }
}
