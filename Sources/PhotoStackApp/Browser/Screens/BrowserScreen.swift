import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine

/// The album browser: a small navigation stack of screens — the albums (stacks), an album (grid), a photo —
/// shown one at a time. It owns the library (scanned in the background), the one `PhotoService`, routes the
/// background results to them, and forwards everything else to the top screen. Escape, Backspace or the mouse
/// back button go back one level (the album's photos fly back into their stack first).
public final class BrowserScreen: Screen, UsesHostServices {
    public let library: LibraryModel
    public let photos: PhotoService
    public let albums: AlbumsScreen
    public internal(set) var stack: [Screen]
    var width = 0.0, height = 0.0, scale = 1.0
    /// The time of the last turn that reached this screen, seconds.
    var time = 0.0
    /// Album (and photo) to open as soon as it exists (`--open-album`, `--open-photo`; a flat folder, one photo,
    /// several files), and whether it flies out of its stack.
    var pendingOpen: (album: Int, photo: Int?, animated: Bool)?
    /// The photo to open once the scan has found it (`photostack PHOTO`).
    var pendingPhotoPath: PhotoPath?
    /// Actions beyond looking: menu, shortcuts, selection, trash, copy, rotate, slideshow, overlays (issue 17).
    var actions: ActionController!
    /// A slideshow to start once the library (and the album or photo to open) is there (`--slideshow`).
    var pendingSlideshow: Double?
    /// Paces the reloads of the albums screen while the first scan streams in.
    var scanPacer = ScanReloadPacer()
    /// Shows the Places screen (Ctrl+O, the menu's "Open folder…"); nil where there is none (demos, tests).
    var onShowPlaces: (() -> Void)?

    /// - Parameters:
    ///   - titleNote: what the window title says about the library when the user did not name it ("Pictures",
    ///     "sample library — no photos in ~/Pictures").
    public init(library: LibraryModel, photos: PhotoService, titleNote: String? = nil, post: @escaping Post = { _ in }) {
        self.library = library
        self.photos = photos
        albums = AlbumsScreen(library: library, photos: photos, titleNote: titleNote)
        stack = [albums]
        albums.onOpenAlbum = { [unowned self] section, time in self.openAlbum(section, at: time) }
        actions = ActionController(browser: self, post: post)
        connectZoomToSettings()
    }

    /// A browser on `source` with a fresh photo service; the library is scanned and then watched in the
    /// background, and everything finished off the UI thread is posted with `post` (the app's inbox). A source
    /// that is one album (a flat folder, one photo, several files) opens on its grid or its photo.
    public static func make(source: LibrarySource, post: @escaping Post, pipeline: ThumbnailPipeline = ThumbnailPipeline(),
                            titleNote: String? = nil) -> BrowserScreen {
        let photos = PhotoService(pipeline: pipeline, post: post)
        let library = LibraryModel(source: source)
        library.start(post: post)
        let browser = BrowserScreen(library: library, photos: photos, titleNote: titleNote, post: post)
        if source.opensAlbumDirectly {
            browser.pendingOpen = (0, nil, false)
            browser.pendingPhotoPath = source.openedPhoto
        }
        return browser
    }

    /// A browser on the folder tree at `root`.
    public static func make(root: PhotoPath, post: @escaping Post, pipeline: ThumbnailPipeline = ThumbnailPipeline()) -> BrowserScreen {
        make(source: .folder(root), post: post, pipeline: pipeline)
    }

    /// The screen on display.
    public var top: Screen { stack[stack.count - 1] }

    /// Opens album `album` (and photo `photo` in it) once the library has it; `animated`: its photos fly out of
    /// the stack (the launch options open it at once: there is no stack on screen the user saw to fly from).
    public func open(album: Int, photo: Int? = nil, animated: Bool = true) {
        pendingOpen = (album, photo, animated)
        pendingPhotoPath = nil
        openPendingIfPossible(at: time)
    }

    // MARK: Navigation

    /// Where stack `section` is on the albums screen now (viewport points) and its photos' rotations (radians).
    /// The photos deeper than the stack shows lie exactly under its deepest drawn card (same rotation): the pile the
    /// photos fly out of (and back into) looks like the stack, and they come out from under it.
    func stackOrigin(section: Int) -> AlbumScreen.Origin {
        let frame = albums.stackLayout.frameForStack(section: section)
        let offset = albums.collectionView.contentOffset
        let layout = albums.stackLayout
        return AlbumScreen.Origin(frame: frame.offsetBy(dx: -offset.x, dy: -offset.y),
                                  rotation: { layout.rotation(section: section, item: min($0, AlbumsScreen.drawnDepth - 1)) })
    }

    func openAlbum(_ section: Int, animated: Bool = true, at time: Double) {
        guard stack.count == 1, let album = albums.album(at: section), !album.photos.isEmpty else { return }
        albums.selectedSection = section
        let screen = AlbumScreen(album: album, photos: photos, origin: animated ? stackOrigin(section: section) : nil)
        configureZoom(of: screen)
        screen.onOpenPhoto = { [unowned self, unowned screen] item, time in self.openPhoto(item, in: screen, section: section, at: time) }
        push(screen, at: time)
    }

    func openPhoto(_ item: Int, in albumScreen: AlbumScreen, section: Int, animated: Bool = true, at time: Double) {
        guard top === albumScreen, !albumScreen.isClosing else { return }
        albumScreen.selectedItem = item
        let screen = PhotoScreen(album: albumScreen.album, section: section, index: item, photos: photos)
        screen.quarterTurns = { [unowned self] in self.actions.viewRotations[$0] ?? 0 }
        screen.onIndexChange = { [unowned albumScreen] i in albumScreen.selectedItem = i }
        attach(screen, to: albumScreen, animated: animated)
        push(screen, at: time)
    }

    func push(_ screen: Screen, at time: Double) {
        stack.append(screen)
        if width > 0 { screen.resize(width: width, height: height, scale: scale, at: time) }
    }

    /// Goes back one level at `time`: photo → album grid (the photo goes back into its cell), album → albums (photos
    /// fly back into the stack).
    public func goBack(at time: Double) {
        guard stack.count > 1 else { return }
        if let albumScreen = top as? AlbumScreen {
            guard !albumScreen.isClosing else { return }
            albums.resize(width: width, height: height, scale: scale, at: time)
            let origin = stackOrigin(section: albums.selectedSection ?? 0)
            albumScreen.close(to: origin, at: time) { [weak self, weak albumScreen] in
                guard let self, let albumScreen, self.top === albumScreen else { return }
                self.stack.removeLast()
            }
        } else if let photoScreen = top as? PhotoScreen, let grid = stack[stack.count - 2] as? AlbumScreen {
            closePhoto(photoScreen, into: grid, at: time)
        } else {
            let shown = (top as? SlideshowScreen)?.current
            stack.removeLast()
            let t = top
            t.resize(width: width, height: height, scale: scale, at: time)
            // Leaving a slideshow shows the photo that was on screen (or its album), not the one it started from.
            if let shown { land(on: shown.photo.path, inAlbum: shown.album.key, at: time) }
            if let albumScreen = t as? AlbumScreen, let i = albumScreen.selectedItem { albumScreen.select(i, at: time) }
        }
    }

    /// Shows the photo at `path` of the album `album` on the screen now on top, as it presents that album: the
    /// photo view goes to it, the grid focuses it, the albums screen focuses the album (another album's photo: the
    /// albums screen only).
    func land(on path: PhotoPath, inAlbum album: FolderKey, at time: Double) {
        if let section = albums.section(ofAlbum: album) { albums.selectedSection = section }
        switch top {
        case let photoScreen as PhotoScreen where photoScreen.album.key == album:
            if let i = photoScreen.album.index(ofPhotoAt: path) { photoScreen.show(index: i, at: time) }
        case let grid as AlbumScreen where grid.album.key == album:
            if let i = grid.album.index(ofPhotoAt: path) { grid.selectedItem = i }
        default:
            break
        }
    }

    func openPendingIfPossible(at time: Double) {
        guard var p = pendingOpen, width > 0, stack.count == 1 else { return }
        if let path = pendingPhotoPath {
            // `photostack PHOTO`: its album and index once the scan is done.
            guard !library.isScanning else { return }
            pendingPhotoPath = nil
            if let at = library.presentedLocation(ofPhotoAt: path) { p = (at.album, at.photo, false) }
        }
        guard p.album < albums.albumCount else {
            if !library.isScanning { pendingOpen = nil }
            return
        }
        pendingOpen = nil
        albums.collectionView.layoutIfNeeded(at: time)
        openAlbum(p.album, animated: p.animated, at: time)
        if let photo = p.photo, let albumScreen = top as? AlbumScreen {
            openPhoto(photo, in: albumScreen, section: p.album, animated: p.animated, at: time)
        }
    }

    /// The watcher's update, applied at once to every screen: edited photos are forgotten by the photo service
    /// (their new version loads), the stacks and the open album's grid change with one animated batch update
    /// each, and the photo view keeps its photo (or moves to its neighbour when it was deleted). An album that is
    /// gone takes its screens with it.
    func apply(_ changes: LibraryChanges, at time: Double) {
        let lib = library.library
        var byKey: [PhotoKey: Photo] = [:]
        var reloading = changes.modifiedPhotos
        if !changes.modifiedPhotos.isEmpty {
            for album in lib.albums { for p in album.photos { byKey[p.key] = p } }
            // A photo this app rewrote itself (rotation) was reloaded then: the watcher's report is that change.
            reloading.removeAll { key in byKey[key].map { actions.absorbsModification(of: $0.path) } ?? false }
            for key in reloading { if let p = byKey[key] { photos.forget(p.path) } }
        }
        actions.libraryChanged()
        showPresentedLibrary(reloading: reloading, at: time)
    }

    /// The presentation changed (sort order, the app's own trash or undo, dates read): every screen shows it with
    /// one animated batch update (`reloading`: photos whose images changed get new cards).
    func presentationChanged(at time: Double, reloading: [PhotoKey] = []) {
        library.refreshPresentation(at: time, force: true)
        showPresentedLibrary(reloading: reloading, at: time)
    }

    /// Shows the presented library on the albums screen, the open album's grid and the photo view.
    func showPresentedLibrary(reloading: [PhotoKey], at time: Double) {
        albums.reloadAlbums(animated: true, at: time, reloading: reloading)
        guard stack.count > 1, let albumScreen = stack[1] as? AlbumScreen else { return }
        guard let album = library.presentedAlbum(albumScreen.album.key), !album.photos.isEmpty else {
            // The open album is gone (its folder deleted or moved out, or emptied). Said in the window unless the app's
            // own trash emptied it (its message stays).
            let ownTrash = library.library.albums.contains { $0.key == albumScreen.album.key && !$0.photos.isEmpty }
            if !ownTrash { actions.say("“\(albumScreen.album.title)” is no longer there: its folder was deleted, moved or emptied") }
            while stack.count > 2 { stack.removeLast() }
            stack.removeLast()
            albums.selectedSection = nil
            albums.resize(width: width, height: height, scale: scale, at: time)
            return
        }
        albumScreen.update(album: album, reloading: reloading, at: time)
        if let section = albums.section(ofAlbum: album.key) { albums.selectedSection = section }
        if stack.count > 2, let photoScreen = stack[2] as? PhotoScreen { photoScreen.update(album: album) }
    }

    // MARK: Screen

    public var name: String { top.name }
    public var title: String { top.title }
    public var cursor: CursorShape { top.cursor }

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.time = max(self.time, time)
        self.width = width; self.height = height; self.scale = scale
        top.resize(width: width, height: height, scale: scale, at: self.time)
        openPendingIfPossible(at: self.time)
    }

    /// Library events go to the library (albums the scan finds join the albums screen; the watcher's updates of
    /// this turn are applied as one), decoded images and built cards to the photo service.
    public func receive(_ messages: [AppMessage], at time: Double) -> Bool {
        self.time = max(self.time, time)
        var changed = false, albumsChanged = false
        for m in messages {
            switch m {
            case .library(let event):
                switch library.receive(event) {
                case .scanned: albumsChanged = true
                case .limited:
                    albums.updatesWhenWatchNoteWasShown = library.updatesApplied
                    changed = true
                case .none: break
                }
            case .image, .card, .rendering:
                if photos.receive(m) { changed = true }
            case .action(let result):
                if actions.receive(result, at: self.time) { changed = true }
            case .releaseMemory:
                photos.releaseIdleMemory()
                changed = true   // a frame redraws what the caches still hold
            case .places:
                break
            }
        }
        let update = library.takeUpdate()
        if update == nil, albumsChanged, library.isScanning, !scanPacer.mayReload(at: self.time) {
            return true   // the albums found wait for the paced reload (`update(at:)`); the progress note redraws
        }
        library.refreshPresentation(at: self.time)
        if let changes = update {
            apply(changes, at: self.time)
            openPendingIfPossible(at: self.time)
            return true
        }
        if albumsChanged { reloadScannedAlbums() }
        return changed || albumsChanged
    }

    /// Shows the albums the scan found so far (paced by `scanPacer` while it runs).
    func reloadScannedAlbums() {
        let start = DispatchTime.now().uptimeNanoseconds
        library.refreshPresentation(at: time)
        let appended = albums.reloadAlbums(animated: true, at: time)
        actions.libraryChanged()
        openPendingIfPossible(at: time)
        scanPacer.didReload(at: time, cost: ScanReloadPacer.seconds(since: start), appended: appended)
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        self.time = max(self.time, time)
        if case .displayProfileChanged(let icc) = event {
            guard photos.setDisplayProfile(icc) else { return false }
            // Grids ask for their images at every update; the photo view and the slideshow when they change photo.
            for screen in stack { (screen as? RequestsImages)?.requestImages() }
            return true
        }
        if let a = top as? AlbumScreen, a.isClosing, !event.isHostAnswer { return false }
        if actions.handle(event, at: self.time) { return true }
        switch event {
        case .key(let k) where k.key == .escape || k.key == .backspace:
            guard stack.count > 1 else { return false }
            goBack(at: self.time)
            return true
        case .pointerDown(let p) where p.button == .back:
            goBack(at: self.time)
            return true
        case .pointerUp(let p) where p.button == .back:
            return false
        case .key(let k) where k.key == .function(5):
            library.rescan()   // the update that follows shows what changed
            return false
        case .focusChanged(let focused):
            // Changes made while watching is limited are found when the user comes back to the window.
            if focused, library.watchLimit != nil { library.rescan() }
            return false
        default:
            return top.handle(event, at: self.time)
        }
    }

    public func update(at time: Double) {
        self.time = max(self.time, time)
        actions.update(at: self.time)
        if let due = scanPacer.due, self.time >= due { reloadScannedAlbums() }
        // A frame starts with its update: surfaces and cards the screens neither marked in it nor in the last
        // frame may go; the marks made by this update keep theirs.
        photos.beginFrame()
        let t = top
        // The albums screen beneath keeps its cards (it shows under flying photos and when the user comes back);
        // hidden, it asks for them without hurry.
        albums.isCovered = t !== albums && !((t as? AlbumScreen)?.isFlying ?? false)
        if t !== albums { albums.update(at: self.time) }
        if let (_, grid) = photoOverGrid { grid.update(at: self.time) }   // the grid shows beneath the photo
        t.update(at: self.time)
        if top !== t { top.update(at: self.time) }   // a fly-back just ended: the albums screen shows this frame
        photos.endUpdate()   // every card this frame draws is marked: the rest are kept within the budget only
    }

    public var isAnimating: Bool { top.isAnimating }

    /// 1 once the library's initial scan is done (the state says `scanning: false` as soon as a frame shows it).
    public var stateMilestone: Int { library.isScanning ? 0 : 1 }
    public var isReadyForSnapshot: Bool { pendingOpen == nil && !library.isScanning && top.isReadyForSnapshot }

    /// Slow once a photo had to be decoded (its thumbnail was not in the disk cache): the others most likely too. Slow
    /// also while the library is still being scanned once the albums screen shows a complete window (the first stacks
    /// with their thumbnails): the scan's end — seconds for 10^5 photos — is not worth keeping the window waiting for.
    public var isSlowToSettle: Bool {
        photos.decodedCount > 0 || (library.isScanning && pendingOpen == nil && top === albums && albums.showsCompleteWindow)
    }

    public var lastFrame: (offset: Point, redrawn: Double) { top.lastFrame }

    /// Card work: rotated and unrotated cards built on the UI thread, waits for a running build, quick draws.
    public var workCounters: [String: Int] {
        let c = photos.builders.counters
        return ["uiCards": c.builtOnUIThread, "uiUnrotatedCards": c.unrotatedOnUIThread, "cardWaits": c.waits, "quickCards": c.quickDraws,
                "transformedCards": c.transformedDraws, "liftedCopies": c.liftedCopies]
    }

    /// Memory held by the photo path (frame log with `PHOTOSTACK_MEMORY_TRACE`): card renderings (KiB, count), finished
    /// builds not yet delivered, queued builds, photo surfaces (KiB).
    public var heldCounters: [String: Int] {
        let b = photos.builders
        return ["cardKB": photos.cards.totalBytes >> 10, "cards": photos.cards.count, "buildsFinished": b.finishedCount,
                "buildsQueued": b.queuedCount, "surfaceKB": photos.surfaces.totalBytes >> 10]
    }

    public func draw(in context: CairoContext, width: Double, height: Double, scale: Double) {
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
        let beneath = drawGridBeneathPhoto(in: context, width: width, height: height, scale: scale)
        top.draw(in: context, width: width, height: height, scale: scale)
        actions.drawOverlays(in: context, width: width, height: height)
        // A frame with something over a collection screen's pixels is not one it can move next time.
        if beneath || actions.drawsOverOverlay { context.setTargetStamp(0) }
    }

    public func state() -> ScreenState {
        var s = top.state()
        actions.addState(to: &s)
        // The display profile every photo is converted to ("sRGB" without one).
        s.layout["displayProfile"] = .string(photos.display.profile.name)
        return s
    }

    public var nextDeadline: Double? { [actions.nextDeadline, top.nextDeadline, scanPacer.due].compactMap { $0 }.min() }

    public var services: HostServices? {
        get { actions.services }
        set { if let newValue { actions.services = newValue } }
    }
}
