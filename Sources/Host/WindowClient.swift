import Canvas

/// What a host drives: the app. Every call comes on the loop thread, in the order of one loop turn:
///
/// 1. `takeBackgroundResults(at:)` — what background work finished (the app's `Inbox`);
/// 2. `handle(_:at:)` — each input and window event, in order;
/// 3. when `needsFrame` and the frame interval has passed: `update(at:)` (animations and physics advance to
///    the frame time), then `draw(in:width:height:scale:)`, then the host presents the frame;
/// 4. `didBecomeIdle()` once after the last frame of a busy spell, when nothing more is needed;
/// 5. the host sleeps until an event, an inbox wake-up, the next frame (while `needsFrame`) or `nextDeadline`.
///
/// The time given is the host clock's, read once at the start of the turn (seconds). Properties are queries:
/// reading them never changes the client.
public protocol WindowClient: AnyObject {
    /// Takes the results background work delivered since the last turn.
    func takeBackgroundResults(at time: Double)
    /// Handles one event (already coalesced by the host).
    func handle(_ event: HostEvent, at time: Double)
    /// True when the next frame would differ from the last one drawn: something changed, or something moves.
    var needsFrame: Bool { get }
    /// Advances animations and physics to `time`, the time of the frame about to be drawn.
    func update(at time: Double)
    /// Draws the whole window: `width` × `height` points; the context is already scaled by `scale`.
    func draw(in context: CairoContext, width: Double, height: Double, scale: Double)
    /// Called once after a frame when the client no longer needs frames (it came to rest).
    func didBecomeIdle()
    /// A time (host clock seconds) at which to run a turn even without events, or nil.
    var nextDeadline: Double? { get }
    /// The window title (UTF-8); the host updates the window when it changes.
    var windowTitle: String { get }
    /// The cursor to show.
    var cursor: CursorShape { get }
    /// When true the loop ends and `run` returns.
    var shouldQuit: Bool { get }
    /// True when the first frame shows what the client set out to show (a launch that opens an album: its first
    /// screen loaded), so the window may map with it. A host waits for it a bounded time before the first frame
    /// (`X11RunLoop.firstFrameWait`), taking background results and updating meanwhile; then it shows what there is.
    var isReadyToShow: Bool { get }
}

extension WindowClient {
    /// Ready at once unless the client says otherwise.
    public var isReadyToShow: Bool { true }
}
