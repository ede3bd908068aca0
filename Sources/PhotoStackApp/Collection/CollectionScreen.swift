import Canvas
import Host
import StackEngine

/// A screen that shows a `CollectionView` (the counterpart of UICollectionViewController): it owns the
/// collection view (which owns its kinetic scroller), turns pointer, wheel and key events into scrolling,
/// clicks and hover, draws the display list with Cairo, the scroll indicators, and reports its state.
///
/// Concrete screens (the album browser, the demos) subclass it, install a layout and data source and
/// override the hooks (`didClick`, `handleKey`, `drawBackground`, `drawOverlay`, `layoutState`).
open class CollectionScreen: Screen {
    /// The name written to the state JSON's `screen` field.
    public let name: String
    /// The window title while the screen is shown.
    open var title: String
    public let collectionView: CollectionView
    /// The collection view's scroller (drags, wheel, touchpad, keys, programmatic scrolls).
    public var scroller: ScrollController { collectionView.scroller }
    public var indicators = ScrollIndicators()
    /// The element under the pointer, if any (content coordinates were hit-tested).
    public internal(set) var hoveredKey: ElementKey?
    /// Whether the pointer says what actions apply to: true from a pointer motion until the keyboard moves its focus
    /// (then the focus ring is the target, even with the pointer resting on another element).
    public internal(set) var pointerIsTarget = true
    /// The element under the pointer while the pointer is the target (`pointerIsTarget`).
    public var pointerTarget: ElementKey? { pointerIsTarget ? hoveredKey : nil }
    /// Background colour drawn before `drawBackground` (override that for textures).
    public var backgroundColor = RGBA(white: 0.12)
    /// Viewport, points, and device pixels per point.
    public internal(set) var viewportWidth = 0.0, viewportHeight = 0.0, deviceScale = 1.0
    /// Live renderers outside the viewport whose caches are built per frame before they scroll in
    /// (`DrawableView.needsWarming`); 0 turns it off. Pair it with a larger `collectionView.displayMargin`.
    public var elementsWarmedPerFrame = 0
    /// The time of the last update (or event), seconds.
    public internal(set) var time = 0.0

    var pointerIsDown = false
    var thumbDrag: (axis: ScrollAxis, start: Point, pointer: Point)?
    var lastPointer: Point?
    var lastPreciseScrollTime: Double?
    /// The scroll indicators' opacity in the last frame drawn (0…1): while above 0 one more frame is needed,
    /// so the fade ends with a frame that shows none of them (not the last faint one).
    var drawnIndicatorAlpha = 0.0
    /// What the last frame drew, for scroll-copy (nil: draw the next frame whole).
    var scrollCopyRecord: ScrollCopyRecord?
    /// The last stamp left on a target surface by any collection screen.
    nonisolated(unsafe) static var lastStamp = 0
    /// The content offset the last frame was drawn at (snapped to device pixels with scroll-copy), points.
    public internal(set) var drawnContentOffset = Point.zero
    /// The share of the target's pixels the last frame redrew (1: all of them; less with scroll-copy).
    public internal(set) var lastFrameRedrawnFraction = 1.0

    /// True when frames may be made by moving the previous frame and redrawing only what changed
    /// (see `draw(in:width:height:scale:)`): the screen's elements draw only inside their bounding boxes
    /// grown by `ScrollCopyRecord.inkOutset`, their views report `appearanceSignature`, and the background
    /// and overlay scroll with the content or draw nothing. Default false.
    open var supportsScrollCopy: Bool { false }
    /// True: before drawing, each element is told which opaque elements drawn after it cover it
    /// (`DrawableView.occluders`), so a pile of cards resamples only what shows. Default false.
    open var occludesHiddenElements: Bool { false }
    /// False: no element is told what covers it, even when `occludesHiddenElements` (tests compare the two).
    public var allowsOcclusion = true
    /// False: frames are always drawn whole even when `supportsScrollCopy` (benchmarks compare the two).
    public var allowsScrollCopy = true

    /// - Parameters:
    ///   - name: the state JSON's screen name.
    ///   - layout: the initial layout.
    ///   - axes: which axes scroll (follow the layout).
    public init(name: String, title: String, layout: CollectionViewLayout, axes: ScrollAxes = .vertical) {
        self.name = name
        self.title = title
        collectionView = CollectionView(layout: layout)
        collectionView.scrollAxes = axes
    }

    open var cursor: CursorShape {
        hoveredKey.map { isClickable($0) } == true ? .hand : .arrow
    }

    /// Whether hovering the element shows a hand and clicking it does something. Default: cells.
    open func isClickable(_ key: ElementKey) -> Bool { key.category == .cell }

    // MARK: Screen

    open func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.time = max(self.time, time)
        viewportWidth = width
        viewportHeight = height
        deviceScale = scale
        collectionView.size = Size(width: width, height: height)
        collectionView.layoutIfNeeded(at: self.time)
    }

    open func update(at time: Double) {
        self.time = max(self.time, time)
        if let last = lastPreciseScrollTime, self.time - last > 0.08 {
            // No touchpad event for 80 ms: the fingers are off the pad (XInput 2 sends no explicit end). The velocity
            // is the one at the last event: 80 ms later the tracker sees a pause and would read a stop.
            if scroller.isTracking { scroller.smoothScrollEnded(time: last + 0.08, sampledAt: last) }
            lastPreciseScrollTime = nil
        }
        collectionView.layoutIfNeeded(at: self.time)
    }

    /// True while the collection view animates or scrolls, a touchpad sequence may still end, or the
    /// indicators fade, as of the last update.
    open var isAnimating: Bool {
        collectionView.isAnimating || lastPreciseScrollTime != nil || indicatorsAreFading(at: time)
    }

    open var isReadyForSnapshot: Bool { true }

    public var lastFrame: (offset: Point, redrawn: Double) { (drawnContentOffset, lastFrameRedrawnFraction) }

    /// True while the indicators' opacity changes with time (not while a drag holds them steady at full opacity).
    func indicatorsAreFading(at now: Double) -> Bool {
        guard scroller.lastMovementTime != nil else { return drawnIndicatorAlpha > 0 }
        if scroller.isTracking { return false }   // held still: nothing fades until the release
        return indicators.alpha(timeSinceLastMovement: scroller.timeSinceLastMovement(at: now)) > 0 || drawnIndicatorAlpha > 0
    }

    // MARK: Hooks for subclasses

    /// A click (press and release without a drag) on an element, or on empty space (`key` nil).
    /// `point` is in content points. The default selects the clicked cell.
    open func didClick(_ key: ElementKey?, at point: Point, clickCount: Int, time: Double) {
        guard let key, key.category == .cell else { return }
        _ = collectionView.handleTap(at: point)
    }

    /// A key press the screen may claim before the default scrolling keys; return true when handled.
    open func handleKey(_ key: KeyEvent) -> Bool { false }

    /// A wheel or touchpad event the screen may claim before the default kinetic wheel scrolling; true when handled.
    open func handleWheel(_ event: WheelEvent) -> Bool { false }

    /// Any event the screen does not use itself (other mouse buttons, close, enter); true when handled.
    open func handleOtherEvent(_ event: HostEvent, at time: Double) -> Bool { false }

    /// Background results; true when something visible changed. The default takes none.
    open func receive(_ messages: [AppMessage], at time: Double) -> Bool { false }

    /// Draws behind the content (viewport points). The default fills `backgroundColor`.
    open func drawBackground(in ctx: CairoContext) {
        ctx.clear(to: backgroundColor)
    }

    /// Draws above the content and the scroll indicators (viewport points).
    open func drawOverlay(in ctx: CairoContext) {}

    /// Device rectangles `drawOverlay` may cover this frame. With scroll-copy their pixels are kept before it draws and
    /// put back before the next frame is moved or partly redrawn, as the scroll indicators' are: a note over the
    /// content does not make every frame a whole one. The default: none.
    func overlayDeviceRects(scale: Double) -> [DeviceRect] { [] }

    /// Layout facts for the state JSON's `layout` object.
    open func layoutState() -> [String: StateValue] { [:] }

    /// Per-photo load states for the state JSON's `photos` array; nil (the default) omits it.
    open func photoStates() -> [PhotoState]? { nil }
}
