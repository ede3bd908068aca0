import Canvas
import Host
import StackEngine

/// One screen of the app (the album grid, an album, a photo, a demo). The `App` owns the current screen and
/// calls it in the order of the loop turn: `receive` (background results), `handle` (events), `update` (to the
/// frame time), `draw`. All sizes in points; times in seconds on the host's clock, always passed in.
/// Properties are queries: reading them changes nothing.
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
    /// Takes background results (scan batches, decoded images, built cards). True when something visible changed.
    func receive(_ messages: [AppMessage], at time: Double) -> Bool
    /// Advances animations and physics to `time`, the time of the frame about to be drawn.
    func update(at time: Double)
    /// True while something moves by itself, as of the last update (or command since): the next frame differs.
    var isAnimating: Bool { get }
    /// True when a snapshot would show the final picture (the visible photos loaded or failed).
    var isReadyForSnapshot: Bool { get }
    /// True when what the screen settles on is far off (its photos are decoded: a cold thumbnail cache), so the window
    /// should not wait for it before its first frame (`App.isReadyToShow`).
    var isSlowToSettle: Bool { get }
    /// Draws the whole viewport; the context's user units are points (already scaled by `scale`).
    func draw(in context: CairoContext, width: Double, height: Double, scale: Double)
    /// This screen's part of the state JSON.
    func state() -> ScreenState
    /// What the last `draw` showed, for the frame log: the content offset drawn (points) and the share of
    /// pixels redrawn. Defaults to no offset and a whole frame.
    var lastFrame: (offset: Point, redrawn: Double) { get }
    /// Running totals of costly work for the frame log (it records how much each grew in a frame), e.g. cards
    /// built on the UI thread. Default: none.
    var workCounters: [String: Int] { get }
    /// What the screen holds now, for the frame log (`PHOTOSTACK_MEMORY_TRACE`), e.g. card bytes. Default: none.
    var heldCounters: [String: Int] { get }
    /// A time (host-clock seconds) at which the screen needs a turn without input (a slideshow's next slide, a
    /// message that goes), or nil. A query; the update at or after that time does what is due.
    var nextDeadline: Double? { get }
    /// Changes when the state reaches a step that scripts and tests wait for (the library's scan ending): a frame
    /// that draws a new value writes the state file at once, not at the next `App.animatingStateInterval`.
    var stateMilestone: Int { get }
}

/// A screen that asks the platform for things (fullscreen, clipboard, popups…): the app gives it the host's services.
public protocol UsesHostServices: AnyObject {
    var services: HostServices? { get set }
}

extension Screen {
    public var lastFrame: (offset: Point, redrawn: Double) { (.zero, 1) }
    public var workCounters: [String: Int] { [:] }
    public var heldCounters: [String: Int] { [:] }
    public var nextDeadline: Double? { nil }
    public var stateMilestone: Int { 0 }
    public var isSlowToSettle: Bool { false }
    public func receive(_ messages: [AppMessage], at time: Double) -> Bool { false }
}
