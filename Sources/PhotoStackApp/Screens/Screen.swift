import Canvas
import StackEngine
import X11Host

/// One screen of the app (the album grid, an album, a photo, a demo). The `App` owns the current screen,
/// forwards events and asks it to draw. All sizes in points; times in seconds on the app's clock.
public protocol Screen: AnyObject {
    /// The name written to the state JSON's `screen` field ("albums", "album", "photo", "placeholder").
    var name: String { get }
    /// The window title while this screen is shown.
    var title: String { get }
    /// The cursor to show (hand over clickable things).
    var cursor: CursorShape { get }
    /// Sets the viewport: `width` × `height` points at `scale` device pixels per point.
    func resize(width: Double, height: Double, scale: Double, at time: Double)
    /// Handles an input event. Returns true when something visible changed (a redraw is needed).
    func handle(_ event: HostEvent, at time: Double) -> Bool
    /// Advances animations and physics to `time`; called before every draw.
    func update(at time: Double)
    /// True while something moves: the host keeps drawing frames.
    var isAnimating: Bool { get }
    /// True while something on screen is in motion (an animation or a scroll) — what the state JSON calls
    /// `animating`. Unlike `isAnimating` it leaves out a redraw asked for only because background results
    /// (photos, scanned albums) arrived. Defaults to `isAnimating`.
    var isMoving: Bool { get }
    /// True when a snapshot would show the final picture (visible photos loaded or failed).
    var isReadyForSnapshot: Bool { get }
    /// Draws the whole viewport; the context's user units are points (already scaled by `scale`).
    func draw(in context: CairoContext, width: Double, height: Double, scale: Double)
    /// This screen's part of the state JSON.
    func state() -> ScreenState
    /// What the last `draw` showed, for the frame log: the content offset drawn (points) and the share of
    /// pixels redrawn. Cheap; defaults to no offset and a whole frame.
    var lastFrame: (offset: Point, redrawn: Double) { get }
}

extension Screen {
    public var isMoving: Bool { isAnimating }
    public var lastFrame: (offset: Point, redrawn: Double) { (.zero, 1) }
}
