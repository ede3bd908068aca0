import Canvas
import Foundation
import PhotoPipeline
import StackEngine
import X11Host

/// The album browser: a small navigation stack of screens — the albums (stacks), an album (grid), a photo —
/// shown one at a time. It owns the library (scanned in the background), the one image service, and
/// forwards everything to the top screen. Escape, Backspace or the mouse back button go back one level
/// (the album's photos fly back into their stack first).
public final class BrowserScreen: Screen, WakeUpReceiver {
    public let library: LibraryModel
    public let images: ImageService
    public let albums: AlbumsScreen
    public private(set) var stack: [Screen]
    let clock: Clock
    let wakeSignal: WakeSignal
    var width = 0.0, height = 0.0, scale = 1.0
    /// Album (and photo) to open as soon as it exists (`--open-album`, `--open-photo`).
    var pendingOpen: (album: Int, photo: Int?)?
    /// Background results were taken since the last frame.
    var redrawPending = false

    /// - Parameters:
    ///   - wakeSignal: shared by the library scan and the image loader (both must have been made with it).
    public init(library: LibraryModel, images: ImageService, clock: Clock) {
        self.library = library
        self.images = images
        self.clock = clock
        wakeSignal = images.wakeSignal
        albums = AlbumsScreen(library: library, images: images, clock: clock)
        stack = [albums]
        albums.onOpenAlbum = { [unowned self] section in self.openAlbum(section) }
    }

    /// The pipeline's own cache of decoded images in the app, bytes: none. The app keeps what it shows as
    /// surfaces (`SurfaceCache`); a second copy of the same pixels as `PixelImage`s only cost memory, and a
    /// photo evicted from both comes back from its disk thumbnail in about a millisecond.
    public static let pipelineMemoryCacheBytes = 0

    /// A browser on `root` with a fresh image service; the scan runs in the background unless `synchronousScan`.
    public static func make(root: PhotoPath, clock: Clock, synchronousScan: Bool,
                            pipeline: ThumbnailPipeline = ThumbnailPipeline(memoryCache: MemoryImageCache(capacity: BrowserScreen.pipelineMemoryCacheBytes))) -> BrowserScreen {
        let signal = WakeSignal()
        let images = ImageService(pipeline: pipeline, wakeSignal: signal)
        let library = LibraryModel(root: root, wakeSignal: signal)
        library.startScan(synchronously: synchronousScan)
        return BrowserScreen(library: library, images: images, clock: clock)
    }

    /// The screen on display.
    public var top: Screen { stack[stack.count - 1] }

    public func connectWakeUp(_ wake: @escaping @Sendable () -> Void) { wakeSignal.connect(wake) }

    /// Opens album `album` (and photo `photo` in it) once the library has it.
    public func open(album: Int, photo: Int? = nil) {
        pendingOpen = (album, photo)
        openPendingIfPossible()
    }

    // MARK: Navigation

    /// The frames (viewport points) and rotations of stack `section`'s photos on the albums screen.
    func stackOrigin(section: Int) -> (frames: [Rect], rotations: [Double]) {
        let cv = albums.collectionView
        let offset = cv.contentOffset
        var frames: [Rect] = [], rotations: [Double] = []
        for item in 0..<cv.numberOfItems(inSection: section) {
            let p = StackEngine.IndexPath(item: item, section: section)
            guard let a = cv.presentedAttributes(for: .cell(p)) ?? albums.stackLayout.layoutAttributesForItem(at: p) else { continue }
            frames.append(a.frame.offsetBy(dx: -offset.x, dy: -offset.y))
            rotations.append(a.transform.rotation)
        }
        return (frames, rotations)
    }

    func openAlbum(_ section: Int, animated: Bool = true) {
        guard stack.count == 1, let album = albums.album(at: section), !album.photos.isEmpty else { return }
        albums.selectedSection = section
        let screen = AlbumScreen(album: album, images: images, clock: clock, origin: animated ? stackOrigin(section: section) : nil)
        screen.onOpenPhoto = { [unowned self, unowned screen] item in self.openPhoto(item, in: screen, section: section) }
        push(screen)
    }

    func openPhoto(_ item: Int, in albumScreen: AlbumScreen, section: Int) {
        guard top === albumScreen, !albumScreen.isClosing else { return }
        albumScreen.selectedItem = item
        let screen = PhotoScreen(album: albumScreen.album, section: section, index: item, images: images, clock: clock)
        screen.onIndexChange = { [unowned albumScreen] i in albumScreen.selectedItem = i }
        push(screen)
    }

    func push(_ screen: Screen) {
        stack.append(screen)
        if width > 0 { screen.resize(width: width, height: height, scale: scale, at: clock.now) }
    }

    /// Goes back one level: photo → album grid (at once), album → albums (photos fly back into the stack).
    public func goBack() {
        guard stack.count > 1 else { return }
        let now = clock.now
        if let albumScreen = top as? AlbumScreen {
            guard !albumScreen.isClosing else { return }
            albums.resize(width: width, height: height, scale: scale, at: now)
            albums.update(at: now)
            let section = albums.selectedSection ?? 0
            let origin = stackOrigin(section: section)
            albumScreen.close(to: origin.frames, rotations: origin.rotations) { [weak self, weak albumScreen] in
                guard let self, let albumScreen, self.top === albumScreen else { return }
                self.stack.removeLast()
            }
        } else {
            stack.removeLast()
            let t = top
            t.resize(width: width, height: height, scale: scale, at: now)
            if let albumScreen = t as? AlbumScreen, let i = albumScreen.selectedItem { albumScreen.select(i) }
        }
    }

    func openPendingIfPossible() {
        guard let p = pendingOpen, width > 0, stack.count == 1 else { return }
        guard p.album < albums.albumCount else {
            if !library.isScanning { pendingOpen = nil }
            return
        }
        pendingOpen = nil
        albums.update(at: clock.now)
        openAlbum(p.album)
        if let photo = p.photo, let albumScreen = top as? AlbumScreen {
            openPhoto(photo, in: albumScreen, section: p.album)
        }
    }

    /// Takes what the background threads produced; true when something visible changed.
    @discardableResult
    func pump() -> Bool {
        var changed = false
        if library.drainScanEvents() {
            albums.reloadAlbums(animated: true)
            changed = true
            openPendingIfPossible()
        }
        if !images.drain().isEmpty { changed = true }
        return changed
    }

    // MARK: Screen

    public var name: String { top.name }
    public var title: String { top.title }
    public var cursor: CursorShape { top.cursor }

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.width = width; self.height = height; self.scale = scale
        top.resize(width: width, height: height, scale: scale, at: time)
        openPendingIfPossible()
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        pump()
        if let a = top as? AlbumScreen, a.isClosing { return false }
        switch event {
        case .key(let k) where k.key == .escape || k.key == .backspace:
            guard stack.count > 1 else { return false }
            goBack()
            return true
        case .pointerDown(let p) where p.button == .back:
            goBack()
            return true
        case .pointerUp(let p) where p.button == .back:
            return false
        default:
            return top.handle(event, at: time)
        }
    }

    public func update(at time: Double) {
        // A frame starts with its update: surfaces the screens neither marked (live cards) nor drew in the last
        // frame may go; draws of this frame (one or more, e.g. with scroll-copy only changed cards repaint)
        // and the marks made by this update keep theirs.
        images.beginFrame()
        pump()
        // Results taken so far are applied by this update: the frame it belongs to shows them.
        redrawPending = false
        let t = top
        t.update(at: time)
        if top !== t { top.update(at: time) }   // a fly-back just ended: the albums screen shows this frame
    }

    /// Animating while the top screen moves, and until the next frame after background results arrived
    /// (they are taken here, so the host's wake-up leads to exactly one redraw).
    public var isAnimating: Bool {
        if pump() { redrawPending = true }
        return top.isAnimating || redrawPending
    }

    /// In motion: the top screen animates (results waiting to be drawn do not count).
    public var isMoving: Bool {
        if pump() { redrawPending = true }
        return top.isAnimating
    }

    public var lastFrame: (offset: Point, redrawn: Double) { top.lastFrame }

    public var isReadyForSnapshot: Bool {
        pump()
        if pendingOpen != nil { return false }
        top.update(at: clock.now)
        return top.isReadyForSnapshot
    }

    public func draw(in context: CairoContext, width: Double, height: Double, scale: Double) {
        redrawPending = false
        if let albumScreen = top as? AlbumScreen, albumScreen.isFlying {
            // The albums screen shows beneath the flying photos, their stack left empty.
            let section = albums.selectedSection
            var hidden: [PhotoCell] = []
            for (p, view) in albums.collectionView.visibleCells where p.section == section {
                if let cell = view as? PhotoCell, cell.isDrawn { cell.isDrawn = false; hidden.append(cell) }
            }
            albums.draw(in: context, width: width, height: height, scale: scale)
            for cell in hidden { cell.isDrawn = true }
        }
        top.draw(in: context, width: width, height: height, scale: scale)
    }

    /// The top screen's state, brought up to date first (an animation may have ended since the last frame).
    public func state() -> ScreenState {
        top.update(at: clock.now)
        return top.state()
    }
}
