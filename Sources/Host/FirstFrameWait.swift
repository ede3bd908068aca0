/// What a host does before a window's first frame: loop turns without drawing — background results, then an update
/// (which asks for what the frame needs) — until the client is ready to show (`WindowClient.isReadyToShow`) or a
/// deadline passes. The window then maps with a frame that shows what the client set out to show (a warm launch into
/// an album: its thumbnails) rather than placeholders replaced a moment later.
///
/// Turns are at least `minTurnInterval` apart: a warm launch delivers its thumbnails and cards one by one, a few
/// hundred microseconds apart, and an update per delivery (every visible cell prepared again) kept the UI thread
/// busy for ~30 ms of CPU on the two cores the loaders and card builders need. Results that arrive within the
/// interval are taken together at its end.
public enum FirstFrameWait {
    /// Least time between two turns, seconds (4 ms: a quarter of a frame at 60 Hz).
    public static let minTurnInterval = 0.004

    /// Runs the turns until `client` is ready to show, wants to quit, or the clock reaches `deadline` (seconds).
    /// `sleep(seconds)` blocks until background work wakes the host or the time passes (the window is not mapped yet:
    /// there is no input to read). Turns are at least `interval` seconds apart (the first may come at once: the
    /// caller's own update came just before). Returns whether the client was ready.
    @discardableResult
    public static func run(_ client: WindowClient, clock: Clock, until deadline: Double,
                           minTurnInterval interval: Double = minTurnInterval, sleep: (Double) -> Void) -> Bool {
        var now = clock.now
        var lastTurn = now
        while !client.isReadyToShow && now < deadline && !client.shouldQuit {
            sleep(deadline - now)
            now = clock.now
            // Woken: let the results that follow within the interval join this turn.
            let turnAt = min(lastTurn + interval, deadline)
            while now < turnAt {
                sleep(turnAt - now)
                now = clock.now
            }
            client.takeBackgroundResults(at: now)
            client.update(at: now)
            lastTurn = now
        }
        return client.isReadyToShow
    }
}
