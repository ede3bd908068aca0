import Canvas

/// What the host drives: the app. All calls come on the event-loop thread.
public protocol WindowClient: AnyObject {
    /// Handles one event (already coalesced).
    func handle(_ event: HostEvent)
    /// True when something changed and a new frame should be drawn.
    var needsDisplay: Bool { get }
    /// True while an animation runs: the host then draws about 60 frames a second.
    var isAnimating: Bool { get }
    /// Draws the whole window: `width` × `height` points; the context is already scaled by `scale`.
    /// Drawing clears `needsDisplay`.
    func draw(in context: CairoContext, width: Double, height: Double, scale: Double)
    /// Called once after a frame when the client has stopped animating and needs nothing more.
    func didBecomeIdle()
    /// A time (FrameClock seconds) at which the host should wake the client even without events, or nil.
    var nextDeadline: Double? { get }
    /// Called when `nextDeadline` has passed.
    func deadlineReached(at time: Double)
    /// The window title (UTF-8); the host updates the window when it changes.
    var windowTitle: String { get }
    /// The cursor to show.
    var cursor: CursorShape { get }
    /// When true the loop ends and `run` returns.
    var shouldQuit: Bool { get }
}
