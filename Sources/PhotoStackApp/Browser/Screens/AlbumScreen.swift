import Canvas
import Foundation
import PhotoPipeline
import StackEngine
import Host

/// One album's photos in a grid (`AlbumGridLayout`, square cards filling the width, stacked first-on-top).
/// Opened from a stack, it starts with the photos of the grid's first screenful piled at the stack's on-screen
/// frame and rotations and switches to the grid with an animated layout transition — the photos fly out of the
/// stack; `close(to:…)` flies the ones on screen back. Only those take part: opening an album of 10,000 photos
/// costs what its first screenful costs.
public final class AlbumScreen: CollectionScreen, CollectionViewDelegate {
    static let photoReuseID = "photo"
    /// Space above the grid for the album's name, points.
    static let headerHeight = 64.0

    /// Where the album's stack is on the albums screen: its frame (viewport points) and the rotation of photo i
    /// in it (radians).
    public struct Origin {
        public var frame: Rect
        public var rotation: (Int) -> Double
    }

    /// The album shown (replaced by `update(album:reloading:at:)` when its folder changes).
    public private(set) var album: Album
    public let photos: PhotoService
    let gridLayout: AlbumGridLayout
    /// Whole photos in justified rows, the other grid style (`AlbumScreen+Justified.swift`).
    let justifiedLayout: JustifiedLayout
    /// Square cards or justified rows; `setGridStyle` changes it.
    public internal(set) var gridStyle = AlbumGridStyle.square
    /// With justified rows: each photo's file name under it.
    public internal(set) var showsFileNames = false
    /// The photos' proportions by item, for the justified rows.
    var proportions = PhotoProportions()
    /// True while the photos glide from justified rows to the square grid: they keep their proportions until they rest.
    var proportionalUntilRest = false
    var dataSource: DiffableDataSource<Int, PhotoKey>!
    /// The album's photos by their key in the folder.
    var photosByKey: [PhotoKey: Photo] = [:]
    /// Called when a photo is clicked or Enter is pressed on the keyboard selection (item index, time).
    public var onOpenPhoto: ((Int, Double) -> Void)?
    /// The keyboard-focused photo, by identity: it stays on the photo through inserts, deletes, renames and sorts.
    var focusedKey: PhotoKey?
    /// The keyboard-focused photo's index now, if any (setting it focuses the photo at that index).
    public internal(set) var selectedItem: Int? {
        get { focusedKey.flatMap { dataSource?.indexPath(for: $0)?.item } }
        set { focusedKey = newValue.flatMap { dataSource?.itemIdentifier(for: StackEngine.IndexPath(item: $0, section: 0)) } }
    }
    /// The photos a context menu open over the grid acts on (marked while it is open).
    var menuTargets: Set<PhotoPath> = []
    /// True while the photos fly back into the stack (input is ignored).
    public private(set) var isClosing = false
    /// The stack to fly out of, until the screen has a size.
    var pendingOrigin: Origin?
    /// The fly-out or fly-back in progress: start time (s), duration (s), direction.
    var flight: (start: Double, duration: Double, outward: Bool)?
    var needsImageRequests = true
    /// Cells that stopped being displayed: their loads are cancelled unless still prefetched.
    var endedCells: [(StackEngine.IndexPath, PhotoPath)] = []
    let background = try? BackgroundTexture()
    private var headerLayout: TextLayout?
    /// The device scale the header's fonts were last prepared at (`prepareHeader`).
    private var headerPreparedAt: Double?
    /// The grid's zoom level and its input (`AlbumScreen+Zoom.swift`).
    var zoom = ScreenZoom()

    /// - Parameters:
    ///   - origin: the stack on the albums screen the photos fly out of; nil shows the grid at once.
    public init(album: Album, photos: PhotoService, origin: Origin? = nil) {
        self.album = album
        self.photos = photos
        gridLayout = AlbumGridLayout(targetCellSide: Self.cellSide(level: 0, viewWidth: 0), spacing: 22,
                                     inset: EdgeInsets(top: Self.headerHeight, left: 28, bottom: 28, right: 28))
        gridLayout.ordersItemsAsStack = true
        justifiedLayout = JustifiedLayout(targetRowHeight: Self.cellSide(level: 0, viewWidth: 0), spacing: 22,
                                          inset: EdgeInsets(top: Self.headerHeight, left: 28, bottom: 28, right: 28))
        justifiedLayout.defaultAspectRatio = Self.defaultAspectRatio
        pendingOrigin = origin
        // Until the screen is sized the grid is not known: start empty-handed (the pile is made at the first resize).
        let initial: CollectionViewLayout = origin.map {
            StackedPhotosLayout(frame: $0.frame, items: 0..<0, rotation: $0.rotation, contentSize: .zero)
        } ?? gridLayout
        super.init(name: "album", title: WindowTitle.make(album.title), layout: initial)
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: Self.photoReuseID)
        dataSource = DiffableDataSource(collectionView: collectionView) { [unowned self] cv, indexPath, id in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: Self.photoReuseID, for: indexPath) as! PhotoCell
            cell.photo = self.photosByKey[id]
            cell.service = self.photos
            cell.pixelSize = self.pixelSize
            self.configureProportions(of: cell)
            return cell
        }
        collectionView.delegate = self
        justifiedLayout.aspectRatios = self
        collectionView.animationOptions = AnimationOptions(duration: 0.45, curve: .standardEaseInOut)
        apply(album, reloading: [], animated: false, at: 0)
        backgroundColor = RGBA(0.16, 0.18, 0.22)
    }

    /// The album's folder changed (photos added, deleted, edited; the folder renamed): the grid follows with an
    /// animated batch update from `time`; `reloading` photos (edited files) get new cards.
    public func update(album: Album, reloading: [PhotoKey], at time: Double) {
        let renamed = album.title != self.album.title
        self.album = album
        if renamed { title = WindowTitle.make(album.title) }
        headerLayout = nil
        let focusIndex = selectedItem
        apply(album, reloading: reloading, animated: true, at: time)
        // The focused photo was deleted: the one that took its place (or the new last one).
        if let i = focusIndex, selectedItem == nil { selectedItem = album.photos.isEmpty ? nil : min(i, album.photos.count - 1) }
    }

    private func apply(_ album: Album, reloading: [PhotoKey], animated: Bool, at time: Double) {
        photosByKey.removeAll(keepingCapacity: true)
        var keys: [PhotoKey] = []
        keys.reserveCapacity(album.photos.count)
        for p in album.photos where photosByKey[p.key] == nil {
            photosByKey[p.key] = p
            keys.append(p.key)
        }
        var snapshot = CollectionSnapshot<Int, PhotoKey>()
        snapshot.appendSections([0])
        snapshot.appendItems(keys, toSection: 0)
        let reload = reloading.filter { photosByKey[$0] != nil }
        if !reload.isEmpty { snapshot.reloadItems(reload) }
        proportions.reset(photos: keys.compactMap { photosByKey[$0] }, service: photos)   // by the new items, before the update lays them out
        dataSource.apply(snapshot, animated: animated, at: time)
        // Renderers that stay (same key) show the photo's current value (a renamed folder: a new path).
        for item in collectionView.displayList {
            guard let cell = item.view as? PhotoCell, let key = dataSource.itemIdentifier(for: item.attributes.indexPath),
                  let photo = photosByKey[key], cell.photo != photo else { continue }
            cell.photo = photo
        }
        needsImageRequests = true
    }

    /// The grid's column count.
    public var columns: Int { gridLayout.columns }

    /// The items of the grid that meet the window now (content offset as of the last frame).
    var itemsOnScreen: Range<Int> {
        let grid = activeGridLayout
        grid.prepareIfNeeded()
        let offset = collectionView.contentOffset
        let viewport = Rect(x: offset.x, y: offset.y, width: viewportWidth, height: viewportHeight)
        let items = grid.layoutAttributesForElements(in: viewport).filter { $0.category == .cell }.map(\.indexPath.item)
        guard let lo = items.min(), let hi = items.max() else { return 0..<0 }
        return lo..<(hi + 1)
    }

    /// Flies the photos on screen back into the stack at `origin` (albums-screen viewport points) from `time`,
    /// then calls `completion`.
    public func close(to origin: Origin, at time: Double, completion: @escaping () -> Void) {
        guard !isClosing else { return }
        isClosing = true
        let offset = collectionView.contentOffset
        collectionView.contentOffset = offset   // stops any scrolling
        let home = StackedPhotosLayout(frame: origin.frame.offsetBy(dx: offset.x, dy: offset.y), items: itemsOnScreen,
                                       rotation: origin.rotation,
                                       contentSize: Size(width: viewportWidth, height: offset.y + viewportHeight))
        hoveredKey = nil
        flight = (time, collectionView.animationOptions.duration, false)
        collectionView.setCollectionViewLayout(home, animated: true, at: time, completion: completion)
    }

    // MARK: Screen

    public override func resize(width: Double, height: Double, scale: Double, at time: Double) {
        // Thumbnails of the zoom level's size, as many columns as fit (`AlbumScreen+Zoom.swift`).
        let side = Self.cellSide(level: zoomLevel, viewWidth: width)
        // Justified rows keep the photo at the top left in place: it is found before the row height moves.
        let anchor = pendingOrigin == nil ? justifiedResizeAnchor(width: width, height: height, at: max(time, self.time)) : nil
        gridLayout.targetCellSide = side
        if anchor == nil { justifiedLayout.targetRowHeight = side }
        if let origin = pendingOrigin {
            // The pile: the photos of the grid's first screenful, at the stack.
            pendingOrigin = nil
            let grid = activeGridLayout
            grid.host = collectionView
            viewportWidth = width; viewportHeight = height
            collectionView.size = Size(width: width, height: height)
            let pile = StackedPhotosLayout(frame: origin.frame, items: itemsOnScreen, rotation: origin.rotation, contentSize: .zero)
            grid.host = nil
            collectionView.setCollectionViewLayout(pile, animated: false, at: time)
            super.resize(width: width, height: height, scale: scale, at: time)
            flight = (time, collectionView.animationOptions.duration, true)
            collectionView.setCollectionViewLayout(grid, animated: true, at: time) { [weak self] in self?.flight = nil }
        } else if let anchor {
            collectionView.zoomLayout(keeping: anchor.cell, under: anchor.point, at: max(time, self.time)) {
                justifiedLayout.targetRowHeight = side
                super.resize(width: width, height: height, scale: scale, at: time)
            }
        } else {
            super.resize(width: width, height: height, scale: scale, at: time)
        }
        collectionView.animatesSizeChanges = true   // later resizes reflow the grid with an animation
        needsImageRequests = true
    }

    public override func update(at time: Double) {
        super.update(at: time)
        if !endedCells.isEmpty {
            let prefetched = collectionView.prefetchedIndexPaths, visible = Set(collectionView.indexPathsForVisibleItems)
            for (p, id) in endedCells where !prefetched.contains(p) && !visible.contains(p) { photos.cancel(id, pixelSize: pixelSize(at: p)) }
            endedCells.removeAll()
        }
        let animating = collectionView.elementsAreAnimating
        let scrolling = scroller.isTracking || scroller.isMoving(at: self.time)
        let px = pixelSize
        let offset = collectionView.contentOffset
        let viewport = Rect(x: offset.x, y: offset.y, width: viewportWidth, height: viewportHeight)
        // Loads first: the loader threads read the thumbnails while this thread prepares the cards.
        if needsImageRequests && !animating { requestVisibleImages() }
        followAspectRatios()
        let focused = selectedItem
        let pointed = pointerTarget.flatMap { $0.category == .cell && !scrolling ? $0.indexPath.item : nil }
        for item in collectionView.displayList {
            guard let cell = item.view as? PhotoCell else { continue }
            cell.mayRerender = !animating && !isClosing   // the pile a fly-back ends on is gone the next frame
            cell.mayDrawQuick = scrolling
            cell.showsFocusRing = !isClosing && focused == item.attributes.indexPath.item
            cell.showsTargetHighlight = !isClosing && !cell.isSelected
                && (pointed == item.attributes.indexPath.item || cell.photo.map { menuTargets.contains($0.id) } == true)
            configureProportions(of: cell)
            let cellPixels = gridStyle == .justified ? pixelSize(at: item.attributes.indexPath) : px
            if cell.pixelSize != cellPixels {
                cell.pixelSize = cellPixels
                needsImageRequests = true   // asked for at its new size in the next update (a frame that grew)
            }
            cell.prepare(deviceScale: deviceScale, onScreen: item.attributes.boundingBox.intersects(viewport))
        }
        prepareHeader()
    }

    /// Last in the update, after the loads and cards were asked for: what the first frame would otherwise make — the
    /// header's fonts and glyphs (the first text drawn in the process loads them: ~5–15 ms) — made while a launch waits
    /// for its thumbnails (`FirstFrameWait`). Later updates find them made.
    private func prepareHeader() {
        if headerPreparedAt != deviceScale, let h = preparedHeaderLayout() {
            h.prepareForDrawing(deviceScale: deviceScale)
            headerPreparedAt = deviceScale
        }
    }

    /// Also while closing: frames continue until the fly-back completes and the browser pops this screen.
    public override var isAnimating: Bool { super.isAnimating || isClosing }
    /// Scroll-copy (the last frame moved, only what scrolled in or changed redrawn) while the grid is on its own:
    /// not while its photos fly out of their stack or back (the albums screen shows through).
    public override var supportsScrollCopy: Bool { !isFlying && !isClosing }

    public override var isReadyForSnapshot: Bool {
        !collectionView.elementsAreAnimating && visiblePhotosAreSettled()
    }

    public override func didClick(_ key: ElementKey?, at point: Point, clickCount: Int, time: Double) {
        guard let key, key.category == .cell, !isClosing else { return }
        selectedItem = key.indexPath.item
        onOpenPhoto?(key.indexPath.item, time)
    }

    public override func handleWheel(_ event: WheelEvent) -> Bool { handleZoom(.wheel(event), at: time) }
    public override func handleOtherEvent(_ event: HostEvent, at time: Double) -> Bool { handleZoom(event, at: time) }

    public override func handleKey(_ key: KeyEvent) -> Bool {
        if handleZoom(.key(key), at: time) { return true }
        let n = collectionView.numberOfItems(inSection: 0)
        guard n > 0 else { return false }
        switch key.key {
        case .enter:
            if let s = selectionOnScreen() { selectedItem = s; onOpenPhoto?(s, time) } else { select(0, at: time) }
            return true
        case .left, .right, .up, .down:
            guard let s = selectionOnScreen() else { select(0, at: time); return true }
            let c = max(1, columns)
            let step = key.key == .left ? -1 : key.key == .right ? 1 : key.key == .up ? -c : c
            if gridStyle == .justified, key.key == .up || key.key == .down {
                select(justifiedNeighbour(of: s, below: key.key == .down) ?? s, at: time)
                return true
            }
            select(min(n - 1, max(0, s + step)), at: time)
            return true
        default:
            return false
        }
    }

    /// The selected photo when it is on screen (where the scroll is going); after the grid was scrolled away
    /// from it (Page Down, the wheel) the photo on screen nearest to it, so Enter and the arrows act on what
    /// the user sees. Nil without a selection.
    func selectionOnScreen() -> Int? {
        guard let s = selectedItem, let layout = collectionView.collectionViewLayout.layoutAttributesForItem(
            at: StackEngine.IndexPath(item: s, section: 0)) else { return selectedItem }
        if isMostlyOnScreen(layout.frame) { return s }
        let onScreen = collectionView.collectionViewLayout.layoutAttributesForElements(in: destinationViewport)
            .filter { $0.category == .cell }
            .map { (id: $0.indexPath.item, frame: $0.frame) }
        return nearestOnScreen(to: layout.frame, among: onScreen) ?? s
    }

    /// Selects photo `item` and scrolls it into view from `time` (vertically only, and only when the scroll's
    /// destination does not show it: a step along a row never moves the grid).
    func select(_ item: Int, at time: Double) {
        selectedItem = item
        pointerIsTarget = false
        collectionView.scrollToItem(at: StackEngine.IndexPath(item: item, section: 0), position: .nearest, animated: true, at: time)
    }

    /// True while the photos fly out of their stack or back into it (the albums screen shows beneath).
    public var isFlying: Bool { flight != nil }

    /// While the photos fly, the cards of the pile hide one another: only what shows of each is resampled.
    public override var occludesHiddenElements: Bool { isFlying }

    /// Opacity of this screen's background: fades in while the photos fly out, out while they fly back.
    var backgroundAlpha: Double {
        guard let f = flight else { return 1 }
        let e = TimingCurve.easeInOut.progress(at: (time - f.start) / max(0.001, f.duration))
        return f.outward ? e : 1 - e
    }

    public override func drawBackground(in ctx: CairoContext) {
        let alpha = backgroundAlpha
        guard alpha > 0.001 else { return }
        drawOpaqueBackground(in: ctx, alpha: alpha)
    }

    /// The background with the album's name above the grid (scrolling with it) at opacity `alpha`: the texture
    /// is opaque, so laying each part over the albums screen at `alpha` looks like fading the whole (no
    /// window-sized group to allocate and composite in every frame of the fly-out).
    func drawOpaqueBackground(in ctx: CairoContext, alpha: Double = 1) {
        if alpha >= 0.999 {
            ctx.clear(to: backgroundColor)
        } else if background == nil {
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: 0, y: 0, width: viewportWidth, height: viewportHeight))
            ctx.setColor(RGBA(backgroundColor.red, backgroundColor.green, backgroundColor.blue, backgroundColor.alpha * alpha))
            ctx.fill()
        }
        let y = -collectionView.contentOffset.y
        background?.fill(CanvasRect(x: 0, y: 0, width: viewportWidth, height: viewportHeight), in: ctx,
                         deviceScale: deviceScale, originX: 0, originY: y, alpha: min(1, alpha))
        if let h = preparedHeaderLayout() {
            h.draw(in: ctx, x: 28, y: y + (Self.headerHeight - h.size.height) / 2, color: RGBA(1, 1, 1, 0.95 * alpha),
                   shadowColor: RGBA(0, 0, 0, 0.45 * alpha))
        }
    }

    /// The header's layout for the current width, made when missing or the width changed.
    private func preparedHeaderLayout() -> TextLayout? {
        let width = max(10, viewportWidth - 56)
        if headerLayout == nil || headerLayout!.width != width {
            headerLayout = TextLayout(text: headerText, font: "Sans Bold 18", width: width, alignment: .center, ellipsize: true,
                                      direction: .leftToRight)
        }
        return headerLayout
    }

    /// "Title  ·  12 photos  ·  3 files not shown" (videos, sidecars, unsupported or unreadable files are counted,
    /// not hidden).
    var headerText: String {
        let n = album.photos.count, hidden = album.notShown.total
        var text = "\(TextLayout.isolated(album.title))  ·  \(n) \(n == 1 ? "photo" : "photos")"
        if hidden > 0 { text += "  ·  \(hidden) \(hidden == 1 ? "file" : "files") not shown" }
        return text
    }

    public override func layoutState() -> [String: StateValue] {
        var out: [String: StateValue] = ["album": .string(album.title), "columns": .int(columns),
                                         "photoCount": .int(album.photos.count), "notShown": .int(album.notShown.total),
                                         "closing": .bool(isClosing)]
        if let s = selectedItem { out["selected"] = .int(s) }
        if let key = pointerTarget, key.category == .cell { out["pointerTarget"] = .int(key.indexPath.item) }
        out.merge(zoomState()) { $1 }
        out.merge(gridStyleState()) { $1 }
        return out
    }

    public override func photoStates() -> [PhotoState]? { visiblePhotoStates() }

    /// Load state of every photo meeting the window.
    func visiblePhotoStates() -> [PhotoState] {
        let offset = collectionView.contentOffset
        let viewport = Rect(x: offset.x, y: offset.y, width: viewportWidth, height: viewportHeight)
        return collectionView.displayList.compactMap { item -> PhotoState? in
            guard !item.isDisappearing, let cell = item.view as? PhotoCell, let photo = cell.photo,
                  item.attributes.boundingBox.intersects(viewport) else { return nil }
            let p = item.attributes.indexPath
            return PhotoState(section: p.section, item: p.item, file: photo.displayName, status: photos.status(of: photo.id),
                              bytes: photo.fileSize, incomplete: photos.isIncomplete(photo.id),
                              cardPending: cell.waitsForExactCard)
        }.sorted { $0.item < $1.item }
    }

    /// True when every photo meeting the window has its picture (or its failure) and its exact card. It stops at the
    /// first photo still waiting and builds no `PhotoState`s: it runs at every loop turn before the first frame.
    func visiblePhotosAreSettled() -> Bool {
        let offset = collectionView.contentOffset
        let viewport = Rect(x: offset.x, y: offset.y, width: viewportWidth, height: viewportHeight)
        for item in collectionView.displayList where !item.isDisappearing {
            guard let cell = item.view as? PhotoCell, let photo = cell.photo,
                  item.attributes.boundingBox.intersects(viewport) else { continue }
            if cell.waitsForExactCard || photos.status(of: photo.id) == .loading { return false }
        }
        return true
    }
}
