/// What a host does before a window's first frame: loop turns without drawing — background results, then an update
/// (which asks for what the frame needs) — until the client is ready to show (`WindowClient.isReadyToShow`) or a
/// deadline passes. The window then maps with a frame that shows what the client set out to show (a warm launch into
/// an album: its thumbnails) rather than placeholders replaced a moment later.
public enum FirstFrameWait {
    /// Runs the turns until `client` is ready to show, wants to quit, or the clock reaches `deadline` (seconds).
    /// `sleep(seconds)` blocks until background work wakes the host or the time passes (the window is not mapped yet:
    /// there is no input to read). Returns whether the client was ready.
    @discardableResult
    public static func run(_ client: WindowClient, clock: Clock, until deadline: Double, sleep: (Double) -> Void) -> Bool {
        var now = clock.now
        while !client.isReadyToShow && now < deadline && !client.shouldQuit {
            sleep(deadline - now)
            now = clock.now
            client.takeBackgroundResults(at: now)
            client.update(at: now)
        }
        return client.isReadyToShow
    }
}
