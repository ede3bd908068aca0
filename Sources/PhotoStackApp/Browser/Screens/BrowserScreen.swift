import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine

/// The album browser: a small navigation stack of screens — the albums (stacks), an album (grid), a photo —
/// shown one at a time. It owns the library (scanned in the background), the one `PhotoService`, routes the
/// background results to them, and forwards everything else to the top screen. Escape, Backspace or the mouse
/// back button go back one level (the album's photos fly back into their stack first).
public final class BrowserScreen: Screen {
    public let library: LibraryModel
    public let photos: PhotoService
    public let albums: AlbumsScreen
    public private(set) var stack: [Screen]
    var width = 0.0, height = 0.0, scale = 1.0
    /// The time of the last turn that reached this screen, seconds.
    var time = 0.0
    /// Album (and photo) to open as soon as it exists (`--open-album`, `--open-photo`).
    var pendingOpen: (album: Int, photo: Int?)?

    public init(library: LibraryModel, photos: PhotoService) {
        self.library = library
        self.photos = photos
        albums = AlbumsScreen(library: library, photos: photos)
        stack = [albums]
        albums.onOpenAlbum = { [unowned self] section, time in self.openAlbum(section, at: time) }
    }

    /// A browser on `root` with a fresh photo service; the library is scanned in the background and everything
    /// finished off the UI thread is posted with `post` (the app's inbox).
    public static func make(root: PhotoPath, post: @escaping Post,
                            pipeline: ThumbnailPipeline = ThumbnailPipeline()) -> BrowserScreen {
        let photos = PhotoService(pipeline: pipeline, post: post)
        let library = LibraryModel(root: root)
        library.startScan(post: post)
        return BrowserScreen(library: library, photos: photos)
    }

    /// The screen on display.
    public var top: Screen { stack[stack.count - 1] }

    /// Opens album `album` (and photo `photo` in it) once the library has it.
    public func open(album: Int, photo: Int? = nil) {
        pendingOpen = (album, photo)
        openPendingIfPossible(at: time)
    }

    // MARK: Navigation

    /// Where stack `section` is on the albums screen now (viewport points) and its photos' rotations (radians).
    func stackOrigin(section: Int) -> AlbumScreen.Origin {
        let frame = albums.stackLayout.frameForStack(section: section)
        let offset = albums.collectionView.contentOffset
        let layout = albums.stackLayout
        return AlbumScreen.Origin(frame: frame.offsetBy(dx: -offset.x, dy: -offset.y),
                                  rotation: { layout.rotation(section: section, item: $0) })
    }

    func openAlbum(_ section: Int, animated: Bool = true, at time: Double) {
        guard stack.count == 1, let album = albums.album(at: section), !album.photos.isEmpty else { return }
        albums.selectedSection = section
        let screen = AlbumScreen(album: album, photos: photos, origin: animated ? stackOrigin(section: section) : nil)
        screen.onOpenPhoto = { [unowned self, unowned screen] item, time in self.openPhoto(item, in: screen, section: section, at: time) }
        push(screen, at: time)
    }

    func openPhoto(_ item: Int, in albumScreen: AlbumScreen, section: Int, at time: Double) {
        guard top === albumScreen, !albumScreen.isClosing else { return }
        albumScreen.selectedItem = item
        let screen = PhotoScreen(album: albumScreen.album, section: section, index: item, photos: photos)
        screen.onIndexChange = { [unowned albumScreen] i in albumScreen.selectedItem = i }
        push(screen, at: time)
    }

    func push(_ screen: Screen, at time: Double) {
        stack.append(screen)
        if width > 0 { screen.resize(width: width, height: height, scale: scale, at: time) }
    }

    /// Goes back one level at `time`: photo → album grid (at once), album → albums (photos fly back into the stack).
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
        } else {
            stack.removeLast()
            let t = top
            t.resize(width: width, height: height, scale: scale, at: time)
            if let albumScreen = t as? AlbumScreen, let i = albumScreen.selectedItem { albumScreen.select(i, at: time) }
        }
    }

    func openPendingIfPossible(at time: Double) {
        guard let p = pendingOpen, width > 0, stack.count == 1 else { return }
        guard p.album < albums.albumCount else {
            if !library.isScanning { pendingOpen = nil }
            return
        }
        pendingOpen = nil
        albums.collectionView.layoutIfNeeded(at: time)
        openAlbum(p.album, at: time)
        if let photo = p.photo, let albumScreen = top as? AlbumScreen {
            openPhoto(photo, in: albumScreen, section: p.album, at: time)
        }
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

    /// Scan events go to the library (new albums join the albums screen), decoded images and built cards to the
    /// photo service.
    public func receive(_ messages: [AppMessage], at time: Double) -> Bool {
        self.time = max(self.time, time)
        var changed = false, albumsChanged = false
        for m in messages {
            switch m {
            case .scan(let event): if library.receive(event) { albumsChanged = true }
            case .image, .card: if photos.receive(m) { changed = true }
            }
        }
        if albumsChanged {
            albums.reloadAlbums(animated: true, at: self.time)
            openPendingIfPossible(at: self.time)
        }
        return changed || albumsChanged
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        self.time = max(self.time, time)
        if let a = top as? AlbumScreen, a.isClosing { return false }
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
        default:
            return top.handle(event, at: self.time)
        }
    }

    public func update(at time: Double) {
        self.time = max(self.time, time)
        // A frame starts with its update: surfaces and cards the screens neither marked in it nor in the last
        // frame may go; the marks made by this update keep theirs.
        photos.beginFrame()
        let t = top
        // The albums screen beneath keeps its cards (it shows under flying photos and when the user comes back).
        if t !== albums { albums.update(at: self.time) }
        t.update(at: self.time)
        if top !== t { top.update(at: self.time) }   // a fly-back just ended: the albums screen shows this frame
    }

    public var isAnimating: Bool { top.isAnimating }

    public var isReadyForSnapshot: Bool { pendingOpen == nil && !library.isScanning && top.isReadyForSnapshot }

    public var lastFrame: (offset: Point, redrawn: Double) { top.lastFrame }

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
        top.draw(in: context, width: width, height: height, scale: scale)
    }

    public func state() -> ScreenState { top.state() }
}
