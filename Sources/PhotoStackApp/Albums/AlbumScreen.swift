import Canvas
import Foundation
import PhotoPipeline
import StackEngine
import X11Host

/// One album's photos in a grid (`AlbumGridLayout`, square cards filling the width). Opened from a stack,
/// it starts with every photo at the stack's on-screen frame and rotation and switches to the grid with
/// an animated layout transition — the photos fly out of the stack; `close(to:…)` flies them back.
public final class AlbumScreen: CollectionScreen, CollectionViewDelegate {
    static let photoReuseID = "photo"
    /// Space above the grid for the album's name, points.
    static let headerHeight = 64.0

    public let album: Album
    public let images: ImageService
    let gridLayout: StackOrderedGridLayout
    var dataSource: DiffableDataSource<Int, PhotoPath>!
    /// Called when a photo is clicked or Enter is pressed on the keyboard selection (item index).
    public var onOpenPhoto: ((Int) -> Void)?
    /// The keyboard-selected photo, if any.
    public internal(set) var selectedItem: Int?
    /// True while the photos fly back into the stack (input is ignored).
    public private(set) var isClosing = false
    var flyOutPending: Bool
    /// The fly-out or fly-back in progress: start time (s), duration (s), direction.
    var flight: (start: Double, duration: Double, outward: Bool)?
    var needsImageRequests = true
    /// Cells that stopped being displayed: their loads are cancelled unless still prefetched.
    var endedCells: [(StackEngine.IndexPath, PhotoPath)] = []
    let background = try? BackgroundTexture()
    private var headerLayout: TextLayout?

    /// - Parameters:
    ///   - origin: where each photo starts (viewport points) and its rotation, radians — the stack on the
    ///     albums screen; nil shows the grid at once.
    public init(album: Album, images: ImageService, clock: Clock, origin: (frames: [Rect], rotations: [Double])? = nil) {
        self.album = album
        self.images = images
        gridLayout = StackOrderedGridLayout(targetCellSide: 180, spacing: 22,
                                            inset: EdgeInsets(top: Self.headerHeight, left: 28, bottom: 28, right: 28))
        let initial: CollectionViewLayout
        if let origin, !origin.frames.isEmpty {
            initial = StackedPhotosLayout(frames: origin.frames, rotations: origin.rotations, contentSize: .zero)
            flyOutPending = true
        } else {
            initial = gridLayout
            flyOutPending = false
        }
        super.init(name: "album", title: "\(album.title) — PhotoStack", layout: initial, clock: clock)
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: Self.photoReuseID)
        let photos = Dictionary(album.photos.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        dataSource = DiffableDataSource(collectionView: collectionView) { [unowned self] cv, indexPath, id in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: Self.photoReuseID, for: indexPath) as! PhotoCell
            cell.photo = photos[id]
            cell.images = self.images
            cell.pixelSize = self.pixelSize
            return cell
        }
        collectionView.delegate = self
        collectionView.animationOptions = AnimationOptions(duration: 0.45, curve: .standardEaseInOut)
        var snapshot = CollectionSnapshot<Int, PhotoPath>()
        snapshot.appendSections([0])
        var seen = Set<PhotoPath>()
        snapshot.appendItems(album.photos.map(\.id).filter { seen.insert($0).inserted }, toSection: 0)
        dataSource.apply(snapshot, animated: false)
        backgroundColor = RGBA(0.16, 0.18, 0.22)
    }

    /// Longest side to load for a grid photo, device pixels.
    var pixelSize: Int { Int((max(gridLayout.grid.preparedItemSize.width, 120) * deviceScale).rounded(.up)) }

    /// The grid's column count.
    public var columns: Int { gridLayout.columns }

    /// Flies the photos back to `frames` (albums-screen viewport points) with `rotations`, then calls `completion`.
    public func close(to frames: [Rect], rotations: [Double], completion: @escaping () -> Void) {
        guard !isClosing else { return }
        isClosing = true
        let offset = collectionView.contentOffset
        scroller.setOffset(offset)
        let shifted = frames.map { $0.offsetBy(dx: offset.x, dy: offset.y) }
        let home = StackedPhotosLayout(frames: shifted, rotations: rotations,
                                       contentSize: Size(width: viewportWidth, height: offset.y + viewportHeight))
        hoveredKey = nil
        flight = (clock.now, collectionView.animationOptions.duration, false)
        collectionView.setCollectionViewLayout(home, animated: true, completion: completion)
    }

    // MARK: Screen

    public override func resize(width: Double, height: Double, scale: Double, at time: Double) {
        // Thumbnails grow with the window: about 4 columns on a desktop window, 160…320 pt each.
        gridLayout.grid.targetCellSide = max(160, min(320, width / 4.2))
        super.resize(width: width, height: height, scale: scale, at: time)
        collectionView.animatesSizeChanges = true   // later resizes reflow the grid with an animation
        if flyOutPending {
            flyOutPending = false
            flight = (time, collectionView.animationOptions.duration, true)
            collectionView.setCollectionViewLayout(gridLayout, animated: true) { [weak self] in self?.flight = nil }
        }
        needsImageRequests = true
    }

    public override func update(at time: Double) {
        super.update(at: time)
        if !endedCells.isEmpty {
            let prefetched = collectionView.prefetchedIndexPaths, visible = Set(collectionView.indexPathsForVisibleItems)
            for (p, id) in endedCells where !prefetched.contains(p) && !visible.contains(p) { images.cancel(id, pixelSize: pixelSize) }
            endedCells.removeAll()
        }
        let animating = collectionView.isAnimating
        let px = pixelSize
        for item in collectionView.displayList {
            guard let cell = item.view as? PhotoCell else { continue }
            cell.mayRerender = !animating
            cell.showsFocusRing = !isClosing && selectedItem == item.attributes.indexPath.item
            if cell.pixelSize != px { cell.pixelSize = px }
            cell.markImageInUse()
        }
        if needsImageRequests && !animating { requestVisibleImages() }
    }

    /// Also while closing: frames continue until the fly-back completes and the browser pops this screen.
    public override var isAnimating: Bool { super.isAnimating || isClosing }

    public override var isReadyForSnapshot: Bool {
        !collectionView.isAnimating && visiblePhotoStates().allSatisfy { $0.status != PhotoLoadStatus.loading.name }
    }

    public override func didClick(_ key: ElementKey?, at point: Point, clickCount: Int, time: Double) {
        guard let key, key.category == .cell, !isClosing else { return }
        selectedItem = key.indexPath.item
        onOpenPhoto?(key.indexPath.item)
    }

    public override func handleKey(_ key: KeyEvent) -> Bool {
        let n = collectionView.numberOfItems(inSection: 0)
        guard n > 0 else { return false }
        switch key.key {
        case .enter:
            if let s = selectedItem { onOpenPhoto?(s) } else { select(0) }
            return true
        case .left, .right, .up, .down:
            guard let s = selectedItem else { select(0); return true }
            let c = max(1, columns)
            let step = key.key == .left ? -1 : key.key == .right ? 1 : key.key == .up ? -c : c
            select(min(n - 1, max(0, s + step)))
            return true
        default:
            return false
        }
    }

    /// Selects photo `item` and scrolls it into view.
    func select(_ item: Int) {
        selectedItem = item
        let target = collectionView.contentOffset(forRevealing: StackEngine.IndexPath(item: item, section: 0), position: .nearest)
        if target != collectionView.contentOffset { scroller.scroll(to: target, animated: true, time: clock.now) }
    }

    /// True while the photos fly out of their stack or back into it (the albums screen shows beneath).
    public var isFlying: Bool { flight != nil }

    /// Opacity of this screen's background: fades in while the photos fly out, out while they fly back.
    var backgroundAlpha: Double {
        guard let f = flight else { return 1 }
        let e = TimingCurve.easeInOut.progress(at: (clock.now - f.start) / max(0.001, f.duration))
        return f.outward ? e : 1 - e
    }

    public override func drawBackground(in ctx: CairoContext) {
        let alpha = backgroundAlpha
        guard alpha < 0.999 else { drawOpaqueBackground(in: ctx); return }
        guard alpha > 0.001 else { return }
        ctx.pushGroup()
        drawOpaqueBackground(in: ctx)
        ctx.popGroupAndPaint(alpha: alpha)
    }

    func drawOpaqueBackground(in ctx: CairoContext) {
        ctx.clear(to: backgroundColor)
        let y = -collectionView.contentOffset.y
        background?.fill(CanvasRect(x: 0, y: 0, width: viewportWidth, height: viewportHeight), in: ctx,
                         deviceScale: deviceScale, originX: 0, originY: y)
        // The album's name above the grid, scrolling with it.
        let width = max(10, viewportWidth - 56)
        if headerLayout == nil || headerLayout!.width != width {
            headerLayout = TextLayout(text: "\(album.title)  ·  \(album.photos.count) photos", font: "Sans Bold 18",
                                      width: width, alignment: .center, ellipsize: true)
        }
        if let h = headerLayout {
            h.draw(in: ctx, x: 28, y: y + (Self.headerHeight - h.size.height) / 2, color: RGBA(1, 1, 1, 0.95),
                   shadowColor: RGBA(0, 0, 0, 0.45))
        }
    }

    public override func layoutState() -> [String: StateValue] {
        var out: [String: StateValue] = ["album": .string(album.title), "columns": .int(columns),
                                         "photoCount": .int(album.photos.count), "closing": .bool(isClosing)]
        if let s = selectedItem { out["selected"] = .int(s) }
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
            return PhotoState(section: p.section, item: p.item, file: photo.displayName, status: images.status(of: photo.id))
        }.sorted { $0.item < $1.item }
    }

    func requestVisibleImages() {
        needsImageRequests = false
        let px = pixelSize
        for (indexPath, view) in collectionView.visibleCells {
            guard let cell = view as? PhotoCell, let photo = cell.photo else { continue }
            images.want(photo, pixelSize: px, priority: .visible, order: indexPath.item)
        }
    }

    // MARK: CollectionViewDelegate

    public func collectionView(_ collectionView: CollectionView, willDisplay cell: ReusableView, forItemAt indexPath: StackEngine.IndexPath) {
        needsImageRequests = true
    }

    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: ReusableView, forItemAt indexPath: StackEngine.IndexPath) {
        if let id = (cell as? PhotoCell)?.photo?.id { endedCells.append((indexPath, id)) }
    }

    public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [StackEngine.IndexPath]) {
        let px = pixelSize
        for (rank, p) in indexPaths.enumerated() {
            guard let id = dataSource.itemIdentifier(for: p), let photo = album.photos.first(where: { $0.id == id }) else { continue }
            images.want(photo, pixelSize: px, priority: .prefetch, order: rank)
        }
    }

    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [StackEngine.IndexPath]) {
        let px = pixelSize
        for p in indexPaths {
            if let id = dataSource.itemIdentifier(for: p) { images.cancel(id, pixelSize: px) }
        }
    }
}
