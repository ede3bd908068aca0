import Canvas
import StackEngine
import X11Host

/// A screen that shows a `CollectionView` (the counterpart of UICollectionViewController): it owns the
/// collection view and its kinetic scroll controller, turns pointer, wheel and key events into scrolling,
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
    public let scroller: ScrollController
    public var indicators = ScrollIndicators()
    /// The time source shared with the collection view's animations, seconds.
    public let clock: Clock
    /// Which axes scroll (follows the layout: set it when installing a horizontal layout).
    public var axes: ScrollAxes { didSet { syncGeometry(at: clock.now) } }
    /// Extra room above/left of the content that pulling past the edge reveals, points.
    public var contentInset: EdgeInsets = .zero { didSet { syncGeometry(at: clock.now) } }
    /// The element under the pointer, if any (content coordinates were hit-tested).
    public internal(set) var hoveredKey: ElementKey?
    /// Background colour drawn before `drawBackground` (override that for textures).
    public var backgroundColor = RGBA(white: 0.12)
    /// Viewport, points, and device pixels per point.
    public internal(set) var viewportWidth = 0.0, viewportHeight = 0.0, deviceScale = 1.0
    /// Live renderers outside the viewport whose caches are built per frame before they scroll in
    /// (`DrawableView.needsWarming`); 0 turns it off. Pair it with a larger `collectionView.displayMargin`.
    public var elementsWarmedPerFrame = 0

    var pointerIsDown = false
    var thumbDrag: (axis: ScrollAxis, start: Point, pointer: Point)?
    var lastPointer: Point?
    var lastPreciseScrollTime: Double?
    var lastContentSize = Size.zero
    var elementsWereAnimating = false
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
    /// False: frames are always drawn whole even when `supportsScrollCopy` (benchmarks compare the two).
    public var allowsScrollCopy = true

    /// - Parameters:
    ///   - name: the state JSON's screen name.
    ///   - layout: the initial layout.
    ///   - clock: the app clock (seconds).
    public init(name: String, title: String, layout: CollectionViewLayout, clock: Clock, axes: ScrollAxes = .vertical) {
        self.name = name
        self.title = title
        self.clock = clock
        self.axes = axes
        collectionView = CollectionView(layout: layout, clock: clock)
        scroller = ScrollController(geometry: ScrollGeometry(viewportSize: .zero, contentSize: .zero, axes: axes))
        collectionView.scrollAnimationHandler = { [unowned self] target in
            self.scroller.scroll(to: target, animated: true, time: self.clock.now)
        }
        scroller.targetOffsetProvider = { [unowned self] proposed, velocity in
            self.collectionView.collectionViewLayout.targetContentOffset(forProposed: proposed, velocity: velocity)
        }
    }

    open var cursor: CursorShape {
        hoveredKey.map { isClickable($0) } == true ? .hand : .arrow
    }

    /// Whether hovering the element shows a hand and clicking it does something. Default: cells.
    open func isClickable(_ key: ElementKey) -> Bool { key.category == .cell }

    // MARK: Screen

    open func resize(width: Double, height: Double, scale: Double, at time: Double) {
        viewportWidth = width
        viewportHeight = height
        deviceScale = scale
        collectionView.size = Size(width: width, height: height)
        collectionView.layoutIfNeeded()
        syncGeometry(at: time)
    }

    open func update(at time: Double) {
        if let last = lastPreciseScrollTime, time - last > 0.08, scroller.isTracking {
            scroller.smoothScrollEnded(time: last + 0.08)
            lastPreciseScrollTime = nil
        }
        let frame = scroller.tick(now: time)
        collectionView.contentOffset = frame.offset
        collectionView.layoutIfNeeded()
        if collectionView.contentSize != lastContentSize { syncGeometry(at: time) }
        elementsWereAnimating = collectionView.isAnimating
    }

    open var isAnimating: Bool {
        let now = clock.now
        // `elementsWereAnimating`: one more frame after an element animation ends, so the final
        // attributes are drawn (and completions run) even if the last frame fell just before the end.
        return scroller.isAnimating || scroller.isMoving(at: now) || collectionView.isAnimating || elementsWereAnimating
            || indicatorsAreFading(at: now) || lastPreciseScrollTime != nil
    }

    open var isReadyForSnapshot: Bool { true }

    public var lastFrame: (offset: Point, redrawn: Double) { (drawnContentOffset, lastFrameRedrawnFraction) }

    /// Keeps the scroll range in step with the layout's content size and the viewport.
    func syncGeometry(at time: Double) {
        let content = collectionView.contentSize
        lastContentSize = content
        let g = ScrollGeometry(viewportSize: Size(width: viewportWidth, height: viewportHeight),
                               contentSize: content, contentInset: contentInset, axes: axes)
        if g != scroller.geometry { scroller.setGeometry(g, time: time) }
    }

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

    /// Draws behind the content (viewport points). The default fills `backgroundColor`.
    open func drawBackground(in ctx: CairoContext) {
        ctx.clear(to: backgroundColor)
    }

    /// Draws above the content and the scroll indicators (viewport points).
    open func drawOverlay(in ctx: CairoContext) {}

    /// Layout facts for the state JSON's `layout` object.
    open func layoutState() -> [String: StateValue] { [:] }

    /// Per-photo load states for the state JSON's `photos` array; nil (the default) omits it.
    open func photoStates() -> [PhotoState]? { nil }
}
