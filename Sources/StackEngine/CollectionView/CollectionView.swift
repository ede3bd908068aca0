/// The collection view engine (the architecture of UICollectionView, headless): it asks its layout
/// where elements go, asks its data source for renderers, recycles them through a reuse pool, animates
/// updates and layout changes, scrolls with its own kinetic `scroller` (like UIScrollView, which
/// UICollectionView is), and hands the app a `displayList` to draw.
///
/// Time is a parameter: the app calls `layoutIfNeeded(at:)` once per frame with the frame's time (seconds
/// on the app's clock), and every animation of that frame reads that one time. Commands that start an
/// animation (batch updates, layout switches, animated scrolls) take the time they happen at, by default the
/// time of the last frame. Queries (`isAnimating`, hit tests, attributes) answer from what the last frame
/// computed and change nothing. Coordinates are content points; `bounds.origin` is the content offset.
public final class CollectionView: LayoutHost {
    /// The visible area in content coordinates: origin = `contentOffset`, size = viewport size (points).
    public internal(set) var bounds: Rect
    /// The time of the last `layoutIfNeeded(at:)`, seconds: the frame being shown.
    public internal(set) var time: Double = 0
    /// The kinetic content offset: drags, wheel, touchpad, keys and programmatic scrolls. The collection view
    /// keeps its geometry (viewport, content size, `contentInset`, `scrollAxes`) in step and asks the layout
    /// where flings and eases come to rest (`targetContentOffset(forProposed:velocity:)`).
    public let scroller: ScrollController
    /// Which axes scroll (follow the layout: horizontal layouts set `.horizontal`).
    public var scrollAxes: ScrollAxes = .vertical { didSet { syncScrollGeometry(at: time) } }
    /// Extra room around the content that pulling past an edge reveals, points.
    public var contentInset: EdgeInsets = .zero { didSet { syncScrollGeometry(at: time) } }

    public weak var dataSource: CollectionViewDataSource? {
        didSet { needsReload = true }
    }
    public weak var delegate: CollectionViewDelegate?

    public internal(set) var collectionViewLayout: CollectionViewLayout

    /// Extra distance around the viewport, in points, inside which renderers are kept (and made) so
    /// they are ready before they scroll in. Renderers farther away go back to the reuse pool.
    public var displayMargin: Double = 64
    /// Room added to `displayMargin` on each side, points (e.g. further ahead in the direction of a fast
    /// scroll, so renderers there are made and can build their caches early). Zero by default.
    public var extraDisplayMargin: EdgeInsets = .zero
    /// Timing of animated updates, layout switches and animated invalidation.
    public var animationOptions = AnimationOptions.standard
    /// When true, a viewport size change that invalidates the layout is animated (reflow on resize).
    public var animatesSizeChanges = false
    /// Timing of the reflow on a size change: a critically damped spring by default (`AnimationOptions.reflow`), so
    /// that resizes in quick succession retarget it smoothly. An animated scroll commanded in the same frame moves
    /// with it (`setContentOffset(_:animated:at:)`).
    public var reflowAnimationOptions = AnimationOptions.reflow
    public var allowsSelection = true
    public var allowsMultipleSelection = false {
        didSet {
            if !allowsMultipleSelection, selectedPaths.count > 1 {
                for p in selectedPaths.dropFirst() { deselectItem(at: p) }
            }
        }
    }
    public var isPrefetchingEnabled = true
    /// How far ahead of the viewport (in the scroll direction) items are prefetched, in viewports (2 unless
    /// set; a screen whose prefetched items are expensive to hold keeps it smaller).
    public var prefetchViewportsAhead = 2.0 { didSet { prefetchNeedsUpdate = true } }
    /// How far behind the viewport items stay prefetched, in viewports (1 unless set).
    public var prefetchViewportsBehind = 1.0 { didSet { prefetchNeedsUpdate = true } }

    // MARK: internal state
    var sectionCounts: [Int] = []
    var needsReload = true
    var cellRegistrations: [String: CellRegistration] = [:]
    var supplementaryRegistrations: [String: ReusableView.Type] = [:]
    var pool: [String: [ReusableView]] = [:]
    var live: [ElementKey: LiveElement] = [:]
    var disappearing: [LiveElement] = []
    var nextOrder = 0
    var selectedPaths: [IndexPath] = []
    var pendingAnimatedInvalidation: AnimationOptions?
    /// The transition that began in the current frame, while the frame lasts (see `joinTransition`).
    var currentTransition: TransitionRecord?
    var completions: [(time: Double, body: () -> Void)] = []
    var lastReportedOffset: Point?
    var scrollDirection = Point(x: 0, y: 1)
    var prefetched = Set<IndexPath>()
    var prefetchBounds: Rect?
    var prefetchNeedsUpdate = true

    /// Renderers made so far (not recycled), across all kinds — for diagnostics and tests.
    public internal(set) var renderersCreated = 0

    /// - Parameters:
    ///   - size: the viewport size, in points.
    ///   - layout: the initial layout.
    public init(size: Size = .zero, layout: CollectionViewLayout) {
        self.bounds = Rect(origin: .zero, size: size)
        self.collectionViewLayout = layout
        scroller = ScrollController(geometry: ScrollGeometry(viewportSize: size, contentSize: .zero, axes: .vertical))
        scroller.targetProvider = layout
        layout.host = self
        layout.invalidate()
    }

    /// The viewport size, in points. Changing it asks the layout whether it must be invalidated.
    public var size: Size {
        get { bounds.size }
        set { setBounds(Rect(origin: bounds.origin, size: newValue)) }
    }

    /// The content point shown at the viewport's top-left corner (points), as of the last frame. Setting it
    /// jumps there (clamped into the scroll range) and stops any scrolling.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            syncScrollGeometry(at: time)
            scroller.setOffset(newValue)
            setBounds(Rect(origin: scroller.offset(at: time), size: bounds.size))
        }
    }

    /// The layout's content size, in points (prepares the layout if needed).
    public var contentSize: Size {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.contentSize
    }

    func setBounds(_ newBounds: Rect) {
        guard newBounds != bounds else { return }
        if collectionViewLayout.shouldInvalidate(forBoundsChange: newBounds) {
            collectionViewLayout.invalidate()
            if animatesSizeChanges, newBounds.size != bounds.size, !needsReload {
                pendingAnimatedInvalidation = reflowAnimationOptions
            }
        }
        bounds = newBounds
        prefetchNeedsUpdate = true
    }

    /// True while an element animation runs or the content scrolls by itself, as of the last frame (or the
    /// command since): the next frame will differ. An animation that ended at the last frame has been drawn
    /// at its end, so this turns false only once the final attributes are on screen.
    public var isAnimating: Bool { elementsAreAnimating || scroller.isAnimating }

    /// True while an element (cell, supplementary or decoration view) is animating, as of the last frame.
    public var elementsAreAnimating: Bool {
        !disappearing.isEmpty || !completions.isEmpty || live.values.contains { $0.animation != nil }
    }

    // MARK: LayoutHost

    /// Section count as of the last reload or batch update.
    public var numberOfSections: Int {
        if needsReload { loadCounts() }
        return sectionCounts.count
    }

    /// Item count as of the last reload or batch update.
    public func numberOfItems(inSection section: Int) -> Int {
        if needsReload { loadCounts() }
        return section >= 0 && section < sectionCounts.count ? sectionCounts[section] : 0
    }

    public func layoutDidInvalidate(_ layout: CollectionViewLayout) {
        prefetchNeedsUpdate = true
    }

    func loadCounts() {
        guard let ds = dataSource else { sectionCounts = []; return }
        let n = ds.numberOfSections(in: self)
        sectionCounts = (0..<n).map { ds.collectionView(self, numberOfItemsInSection: $0) }
    }

    /// Invalidates the layout; with `animated`, the next `layoutIfNeeded(at:)` animates every element from
    /// its current attributes (and velocity, when one is running) to the re-prepared layout's, with `options`
    /// (default `animationOptions`) — for example a column change, or a zoom step: `.reflow` retargets smoothly
    /// when steps come faster than it settles. To keep a point in place (the item under the pointer), call
    /// `layoutIfNeeded(at:)` and then `setContentOffset(_:animated: true, at:)` with the same time: the offset
    /// joins the transition.
    public func invalidateLayout(animated: Bool = false, options: AnimationOptions? = nil) {
        collectionViewLayout.invalidate()
        if animated { pendingAnimatedInvalidation = options ?? animationOptions }
    }
}

extension CollectionViewLayout: ScrollTargetProviding {}
