import Canvas
import Foundation
import PhotoPipeline
import StackEngine
import Host

/// The main screen: one photo stack per album (sub-folder), titles under the stacks, 2 columns in a
/// portrait window and 3 in a landscape one, reflowing with an animation on resize.
///
/// Desktop sizing: the layout runs in `.scaledToWindow` mode — the reference configuration (125 pt stacks
/// on a 320 pt wide portrait screen, 480 pt landscape) is scaled by width / reference width, so any window
/// shows the reference proportions with stacks that grow with it up to `maximumStackSide`; the title font grows
/// more gently. Zoom (`AlbumsScreen+Zoom.swift`) multiplies the columns.
public final class AlbumsScreen: CollectionScreen, CollectionViewDelegate {
    static let photoReuseID = "photo"
    static let titleReuseID = "title"
    /// Cards drawn per stack: the ones under the third are practically hidden and are skipped
    /// (not drawn, not loaded).
    public static let drawnDepth = 3

    public let library: LibraryModel
    public let photos: PhotoService
    public let stackLayout: PhotoStackLayout
    /// Called when a stack is clicked or Enter is pressed on the keyboard selection (section index, time).
    public var onOpenAlbum: ((Int, Double) -> Void)?
    /// The keyboard-selected stack (arrow keys), by its album's identity: it stays on the album when albums are
    /// added, removed or re-sorted before it.
    var focusedAlbum: FolderKey?
    /// The keyboard-selected stack's section now, if any (setting it focuses the album at that section).
    public internal(set) var selectedSection: Int? {
        get { focusedAlbum.flatMap { dataSource?.index(ofSection: $0) } }
        set { focusedAlbum = newValue.flatMap { dataSource?.sectionIdentifier(for: $0) } }
    }
    /// The stack a context menu open over this screen acts on (lifted while it is open).
    var menuTargetSection: Int?

    /// Stacks by album folder, photos by their key in the folder: a renamed album keeps its stack (it moves),
    /// an edited photo keeps its card (reloaded). Only the photos a stack draws are items (`AlbumsScreen+Snapshot`).
    var dataSource: DiffableDataSource<FolderKey, PhotoKey>!
    /// The photos that are items and the albums that are stacks, by key; `shownAlbums`: the albums in stack order.
    var photosByKey: [PhotoKey: Photo] = [:]
    var albumsByKey: [FolderKey: Album] = [:]
    var shownAlbums: [Album] = []
    var lifts: [Int: LiftAnimation] = [:]
    /// Stacks lifting or dropping are drawn from their resting cards scaled (`PhotoCell.scalesRestingCardWhileLifting`).
    var liftsFromRestingCards = true
    var needsImageRequests = true
    /// True while another screen hides this one completely (an album open at rest, a photo over it): its photos are
    /// then asked for after everything that shows (prefetch priority) and its cards are built in the background,
    /// never on the UI thread, yet kept for when it shows again. A launch into an album decoded the stack's photos
    /// first and built its 3 rotated cards in the album's first frame.
    var isCovered = false {
        didSet { if isCovered != oldValue { needsImageRequests = true } }
    }
    /// Cells that stopped being displayed this frame: their loads are cancelled unless still prefetched.
    var endedCells: [(StackEngine.IndexPath, PhotoPath)] = []
    var hasBeenSized = false
    /// `library.updatesApplied` when the limited-watching note appeared (it goes once an update was applied).
    var updatesWhenWatchNoteWasShown = 0
    /// The note last measured and its pill (points): `noteDeviceRects` lays a note out once, not in every frame.
    var measuredNote: (note: Note, pill: CanvasRect)?
    /// The stack kept at the top across resizes and the content offset the last reflow moved to (points): kept
    /// while the offset stays there, so any number of resizes keeps the same album in view.
    var resizeAnchor: (section: Int, offset: Double)?
    /// The content offset at the last `update` and its time, for the speed while dragging (points, seconds).
    var lastUpdate: (offset: Double, time: Double)?
    let background = try? BackgroundTexture()
    /// The zoom level and its input (`AlbumsScreen+Zoom.swift`).
    var zoom = ScreenZoom()

    /// - Parameter titleNote: what the window title says about the library when the user did not name it.
    public init(library: LibraryModel, photos: PhotoService, titleNote: String? = nil) {
        self.library = library
        self.photos = photos
        stackLayout = PhotoStackLayout(emblemRenderer: EmblemView.self)
        stackLayout.sizing = .scaledToWindow
        // Cards under the third of a stack are practically hidden: not made live at all (an album of 10,000
        // photos costs three cards on this screen).
        stackLayout.maximumVisibleItemsPerStack = Self.drawnDepth
        // Desktop emblem: 64 pt with an 8 pt gap at scale 1 (160 pt and 20 pt in an 800 pt window), so an
        // ordinary pull (about 180 pt of rubber band) reveals all of it; the reference 100/30 scaled by 2.5
        // would sit 325 pt above the content, out of reach of a comfortable drag.
        stackLayout.emblemSize = 64
        stackLayout.emblemGap = 8
        // Bounded stacks (two full rows at 1920 × 1080) and room for a title in the densest zoom.
        stackLayout.maximumItemSide = Self.maximumStackSide
        stackLayout.minimumTitleHeight = Self.minimumTitleHeight
        super.init(name: "albums", title: WindowTitle.make(titleNote ?? library.root.lastComponent), layout: stackLayout)
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: Self.photoReuseID)
        collectionView.register(AlbumTitleView.self, forSupplementaryViewOfKind: PhotoStackLayout.titleKind,
                                withReuseIdentifier: Self.titleReuseID)
        dataSource = DiffableDataSource(collectionView: collectionView) { [unowned self] cv, indexPath, id in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: Self.photoReuseID, for: indexPath) as! PhotoCell
            cell.photo = self.photosByKey[id]
            cell.service = self.photos
            cell.isDrawn = indexPath.item < Self.drawnDepth
            cell.pixelSize = self.pixelSize(forItem: indexPath.item)
            return cell
        }
        dataSource.supplementaryViewProvider = { [unowned self] cv, kind, indexPath in
            let view = cv.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.titleReuseID,
                                                           for: indexPath) as! AlbumTitleView
            view.text = self.album(at: indexPath.section)?.title ?? ""
            view.fontSize = self.titleFontSize
            return view
        }
        collectionView.delegate = self
        // Cards and titles up to 300 pt beyond the window are live; their cards are built ahead in the background
        // (`configureVisibleRenderers`), their titles' text laid out a few per frame.
        collectionView.displayMargin = 300
        elementsWarmedPerFrame = 12
        // Photos are prefetched one window ahead and half a window behind: the surface cache's budget holds
        // about one window of 512 px photos beside the ones shown, so loading farther ahead would only evict
        // what was loaded first (the nearest); their disk thumbnails make anything farther quick anyway.
        collectionView.prefetchViewportsAhead = 1
        collectionView.prefetchViewportsBehind = 0.5
        backgroundColor = RGBA(0.16, 0.18, 0.22)
        reloadAlbums(animated: false, at: 0)
    }

    /// The album shown by stack `section`.
    public func album(at section: Int) -> Album? {
        dataSource.sectionIdentifier(for: section).flatMap { albumsByKey[$0] }
    }

    /// The stack showing the album with folder `key`, if any.
    public func section(ofAlbum key: FolderKey) -> Int? { dataSource.snapshot().indexOfSection(key) }

    /// The number of stacks shown.
    public var albumCount: Int { dataSource.snapshot().numberOfSections }

    /// Longest side to load for a stack photo: the stack side × device scale, a little more for the lift.
    var pixelSize: Int { Int((stackLayout.effectiveItemSize.width * 1.05 * deviceScale).rounded(.up)) }

    /// Longest side to load for photo `item` of a stack: the top photo at `pixelSize`; the cards beneath it
    /// show only slivers around the top card, so they load at half that (a quarter of the pixels: 256 px
    /// images instead of 512 px at 1920 px wide), which saves memory and decode time without a visible change.
    public func pixelSize(forItem item: Int) -> Int { item == 0 ? pixelSize : max(64, pixelSize / 2) }

    /// Title font size, points: the reference 13 pt, grown gently with the layout scale.
    var titleFontSize: Double { 13 + max(0, stackLayout.scale - 1) * 5 }

    // MARK: Screen

    public override func resize(width: Double, height: Double, scale: Double, at time: Double) {
        // Keep the album the user was looking at (at the top of the window when the first of a series of resizes
        // began) at the top across the reflow; the offset moves with the stacks (one timing, see
        // `CollectionView.setContentOffset(_:animated:at:)`), so that stack moves monotonically on screen.
        let sizeChanged = width != viewportWidth || height != viewportHeight
        var anchorSection: Int?
        if hasBeenSized, sizeChanged {
            if let a = resizeAnchor, abs(scroller.projectedRestOffset.y - a.offset) < 0.5 {
                anchorSection = a.section   // not scrolled since the last reflow: the same album
            } else if collectionView.contentOffset.y > 0 {
                anchorSection = albumAtTop
            }
        }
        collectionView.animatesSizeChanges = hasBeenSized
        super.resize(width: width, height: height, scale: scale, at: time)
        hasBeenSized = true
        resizeAnchor = nil
        if let s = anchorSection {
            let target = stackLayout.frameForStack(section: s).minY - stackLayout.effectiveInsets.top
            collectionView.setContentOffset(Point(x: 0, y: target), animated: true, at: self.time)
            resizeAnchor = (s, scroller.projectedRestOffset.y)
        }
        needsImageRequests = true
    }

    /// The album the user is looking at the top of the window: the first whose stack is at least half below the top
    /// edge (so the offset that puts it at the top, `stackLayout.frameForStack(section:).minY − insets.top`, names it
    /// again: anchoring is idempotent).
    public var albumAtTop: Int? {
        let top = collectionView.contentOffset.y
        return (0..<collectionView.numberOfSections).first { stackLayout.frameForStack(section: $0).midY > top }
    }

    public override func update(at time: Double) {
        extendDisplayMarginAhead(at: time)
        super.update(at: time)
        cancelLoadsOfEndedCells()
        configureVisibleRenderers(at: self.time)
        if needsImageRequests && !collectionView.elementsAreAnimating { requestVisibleImages() }
    }

    /// Also while a stack's hover lift moves.
    public override var isAnimating: Bool {
        super.isAnimating || lifts.values.contains { !$0.isFinished(at: time) }
    }

    /// Ready when the scan is done and every drawn card in the window has loaded or failed.
    public override var isReadyForSnapshot: Bool {
        if library.isScanning { return false }
        return visiblePhotosAreSettled()
    }

    public override var cursor: CursorShape {
        guard let key = hoveredKey, isClickable(key) else { return .arrow }
        return .hand
    }

    public override func isClickable(_ key: ElementKey) -> Bool {
        key.category == .cell || (key.category == .supplementary && key.kind == PhotoStackLayout.titleKind)
    }

    /// Scroll-copy (the last frame moved, only what scrolled in or changed redrawn), also under a note (scanning, empty
    /// folder, limited watching): the pixels under it are put back before the frame moves (`overlayDeviceRects`).
    public override var supportsScrollCopy: Bool { true }
    override func overlayDeviceRects(scale: Double) -> [DeviceRect] { noteDeviceRects(scale: scale) }
    public override func didClick(_ key: ElementKey?, at point: Point, clickCount: Int, time: Double) { clicked(key, at: time) }
    public override func handleKey(_ key: KeyEvent) -> Bool { handleZoom(.key(key), at: time) || handleSelectionKey(key) }
    public override func handleWheel(_ event: WheelEvent) -> Bool { handleZoom(.wheel(event), at: time) }
    public override func handleOtherEvent(_ event: HostEvent, at time: Double) -> Bool { handleZoom(event, at: time) }
    public override func drawBackground(in ctx: CairoContext) { drawTexture(in: ctx) }
    public override func drawOverlay(in ctx: CairoContext) { drawNotes(in: ctx) }
    public override func layoutState() -> [String: StateValue] { albumsLayoutState() }
    public override func photoStates() -> [PhotoState]? { visiblePhotoStates() }

    // MARK: Per-frame renderer state

    /// The stack under the pointer (a photo or its title) while the pointer is the target (`pointerIsTarget`: not
    /// after the keyboard moved the ring), if any.
    var hoveredSection: Int? {
        guard let key = pointerTarget, isClickable(key) else { return nil }
        return key.indexPath.section
    }

    func lift(section: Int, at time: Double) -> Double { lifts[section]?.value(at: time) ?? 0 }

    /// While the content scrolls (a drag past the slop, a touchpad swipe, a fling, the wheel) no stack lifts: the stacks pass under a pointer that is
    /// not pointing at them (and a lifted card is resampled in every frame). When the content comes to rest the
    /// element under the pointer is hit-tested again and lifts.
    ///
    /// A stack lifted (or lifting, or dropping) when the content starts to move drops at once, not over the lift's 0.16 s:
    /// the stack is carried away from the pointer with the content, as a touch screen cancels a cell's highlight the
    /// moment a pan is recognised, and its drop would be drawn while it scrolls (the screen's costliest frames: the
    /// stack and the one the pointer pressed on, resampled in every frame besides the scroll).
    func updateLifts(at time: Double) {
        let scrolling = scroller.isTracking || scroller.isMoving(at: time)
        if scrolling {
            lifts.removeAll()
            return
        }
        updateHover()
        let hovered = menuTargetSection ?? hoveredSection
        var sections = Set(lifts.keys)
        if let hovered { sections.insert(hovered) }
        for s in sections {
            let target = s == hovered ? 1.0 : 0.0
            let current = lift(section: s, at: time)
            if let l = lifts[s], l.to == target {
                if target == 0, l.isFinished(at: time) { lifts[s] = nil }
                continue
            }
            lifts[s] = LiftAnimation(from: current, to: target, start: time)
        }
    }

    /// Configures every live renderer for this frame and asks for the cards they will draw: the ones on screen
    /// first (built now at rest, urgently while scrolling), then the ones in the display margin, nearest first
    /// (built ahead in the background).
    func configureVisibleRenderers(at time: Double) {
        updateLifts(at: time)
        let animating = collectionView.elementsAreAnimating
        let scrolling = scroller.isTracking || scroller.isMoving(at: time)
        let font = titleFontSize
        let offset = collectionView.contentOffset
        let viewport = Rect(x: offset.x, y: offset.y, width: viewportWidth, height: viewportHeight)
        var ahead: [(distance: Double, cell: PhotoCell)] = []
        let focused = selectedSection   // a lookup of the focused album's section: once a frame, not once a card
        for item in collectionView.displayList {
            let p = item.attributes.indexPath
            if let cell = item.view as? PhotoCell {
                let count = collectionView.numberOfItems(inSection: p.section)
                cell.lift = lift(section: p.section, at: time)
                cell.castsLiftShadow = p.item == min(count, Self.drawnDepth) - 1
                cell.scalesRestingCardWhileLifting = liftsFromRestingCards
                cell.showsFocusRing = focused == p.section && p.item == 0
                cell.mayRerender = !animating
                cell.mayDrawQuick = scrolling
                // The top card (opaque, same centre) covers the middle of the two drawn beneath it.
                cell.coveringRotation = p.item > 0 && !animating ? stackLayout.rotation(section: p.section, item: 0) : nil
                // A lifted stack's cards are resampled with their transform: the top card's opaque square is not resampled
                // in the cards beneath it.
                cell.occlusionGroup = cell.lift > 0 && !animating ? p.section : nil
                // Reflowing: the card of the rest to come is built in the background (`PhotoCell+Reflow.swift`).
                cell.reflowRest = animating ? ReflowRest(side: stackLayout.effectiveItemSize.width,
                                                         coveringRotation: p.item > 0 ? stackLayout.rotation(section: p.section, item: 0) : nil)
                    : nil
                let itemPixels = pixelSize(forItem: p.item)
                if cell.pixelSize != itemPixels { cell.pixelSize = itemPixels }
                let box = item.attributes.boundingBox
                if box.intersects(viewport) && !isCovered {
                    cell.prepare(deviceScale: deviceScale, onScreen: true)
                } else {
                    ahead.append((max(box.minY - viewport.maxY, viewport.minY - box.maxY, 0), cell))
                }
            } else if let title = item.view as? AlbumTitleView {
                // Titles keep the resting size's layout and are drawn scaled while stacks change size.
                title.fontSize = font
                let rest = stackLayout.effectiveItemSize.width
                title.drawScale = animating && rest > 0 ? item.attributes.frame.width / rest : 1
            }
        }
        for (_, cell) in ahead.sorted(by: { $0.distance < $1.distance }) { cell.prepare(deviceScale: deviceScale, onScreen: false) }
    }

    /// Asks for the images of every drawn card near the window: the top photo of each stack first.
    func requestVisibleImages() {
        needsImageRequests = false
        for (indexPath, view) in collectionView.visibleCells where indexPath.item < Self.drawnDepth {
            guard let cell = view as? PhotoCell, let photo = cell.photo else { continue }
            let priority: LoadPriority = isCovered ? .prefetch : indexPath.item == 0 ? .topOfVisibleStack : .visible
            photos.want(photo, pixelSize: pixelSize(forItem: indexPath.item), priority: priority, order: indexPath.section)
        }
    }

    /// Cancels the loads of photos whose cells left the window and are not in the prefetch range.
    func cancelLoadsOfEndedCells() {
        guard !endedCells.isEmpty else { return }
        let prefetched = collectionView.prefetchedIndexPaths
        let visible = Set(collectionView.indexPathsForVisibleItems)
        for (p, id) in endedCells where !prefetched.contains(p) && !visible.contains(p) {
            photos.cancel(id, pixelSize: pixelSize(forItem: p.item))
        }
        endedCells.removeAll()
    }

    // MARK: CollectionViewDelegate

    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: ReusableView, forItemAt indexPath: StackEngine.IndexPath) {
        if let id = (cell as? PhotoCell)?.photo?.id { endedCells.append((indexPath, id)) }
    }

    public func collectionView(_ collectionView: CollectionView, willDisplay cell: ReusableView, forItemAt indexPath: StackEngine.IndexPath) {
        needsImageRequests = true
    }

    public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [StackEngine.IndexPath]) {
        for (rank, p) in indexPaths.enumerated() where p.item < Self.drawnDepth {
            guard let id = dataSource.itemIdentifier(for: p), let photo = photosByKey[id] else { continue }
            photos.want(photo, pixelSize: pixelSize(forItem: p.item), priority: .prefetch, order: rank)
        }
    }

    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [StackEngine.IndexPath]) {
        for p in indexPaths {
            guard let id = dataSource.itemIdentifier(for: p), let photo = photosByKey[id] else { continue }
            photos.cancel(photo.id, pixelSize: pixelSize(forItem: p.item))
        }
    }
}

extension AlbumsScreen: RequestsImages {
    /// The visible cells' images are asked for again at the next update.
    func requestImages() { needsImageRequests = true }
}
