import Canvas
import Foundation
import PhotoPipeline
import StackEngine
import Host

/// One photo at a time, decoded at the size shown (HiDPI included) through the image service, and everything that
/// moves it (docs/motion.md, "The photo view"):
/// - opening grows the photo out of its grid cell and closing returns it into the cell of the photo shown
///   (`PhotoScreen+Transition.swift`);
/// - the album's photos lie side by side on a horizontal pager (a `ScrollController` with the paging rule):
///   Left/Right, the wheel and keys slide to the neighbour, a drag or touchpad swipe moves the photo with the finger
///   and a flick turns the page, with rubber bands at the first and last photo (`PhotoScreen+Paging.swift`);
/// - zoom (double click: default / 100 %, +/−, Ctrl+wheel) animates about the pointer (the centre for keys); a
///   zoomed photo pans with momentum and rubber-bands at its edges (`PhotoScreen+Zoom.swift`).
/// Photos smaller than the view are shown at 100 % (one image pixel per device pixel), larger ones fitted.
public final class PhotoScreen: Screen {
    /// Margin around the resting photo, points.
    static let margin = 24.0
    /// Zoom step per wheel notch or key press.
    static let zoomStep = 1.25
    /// Room kept free under the photo for the caption, points.
    static let captionHeight = 52.0

    public let name = "photo"
    /// The album whose photos Left/Right go through (replaced by `update(album:)` when its folder changes).
    public private(set) var album: Album
    /// The album's section on the albums screen (for the state JSON).
    public let section: Int
    /// The photo shown: the page the pager rests on or is going to (while a finger holds it, the nearest page).
    public internal(set) var index: Int
    public let photos: PhotoService
    /// Called when the photo shown changed (the album grid follows the selection).
    public var onIndexChange: ((Int) -> Void)?

    var width = 0.0, height = 0.0, scale = 1.0
    /// The time of the last update or event, seconds.
    var time = 0.0
    /// The zoom the shown photo was going to when a touchpad pinch began (nil: no pinch).
    var pinchStartZoom: Double?
    var lastPointer: Point?
    let background = try? BackgroundTexture()
    /// Quarter turns (clockwise) a photo is shown with: the rotation of formats turned in the view only.
    var quarterTurns: (PhotoPath) -> Int = { _ in 0 }
    /// Photo `p`'s quarter turns in the view, 0…3.
    func turns(of p: Photo) -> Int { ((quarterTurns(p.id) % 4) + 4) % 4 }

    /// The photos side by side, one window width each (x offset = page × width), with the paging rule.
    let pager: ScrollController
    let paging = PagingScrollTarget(snapping: PageSnapping(pageWidth: 0, pageCount: 0))
    /// The zoom of photo `zoomIndex` (1 = the default view: fitted, small photos at 100 %).
    var zoomValue = AnimatedScalar(1)
    /// The photo the zoom belongs to (the one shown, or the one sliding away while its zoom goes back).
    var zoomIndex: Int
    /// The zoomed photo's content offset (points, content = the photo at its zoom, viewport = `area`): drags, coasting
    /// and rubber bands at its edges.
    let panner = ScrollController(geometry: ScrollGeometry(viewportSize: .zero, contentSize: .zero, axes: [.horizontal, .vertical]))
    /// While the zoom animates: the content offset moving with it (same timing), then handed to `panner`.
    var panMotion: (x: AnimatedScalar, y: AnimatedScalar)?
    /// Which scroller the pointer drags and the touchpad moves.
    var dragging: DragTarget?
    var preciseTarget: DragTarget?
    var lastPreciseScrollTime: Double?
    /// The opening or closing transition, if any, and what it presents (computed in `update`).
    var transition: PhotoTransition?
    var presentedTransition: LayoutAttributes?
    /// The window frame of grid cell `i` now (the browser sets it): where opening starts and closing ends.
    public var gridCellFrame: ((Int) -> Rect?)?
    /// Called once a closing transition has ended (the browser pops the screen).
    public var onClosed: (() -> Void)?
    /// Called with the time when a click on the background outside the photo asks to close the view (the browser
    /// goes back: the photo flies into its cell).
    public var onCloseRequest: ((Double) -> Void)?
    /// True while a press that began on the background, with nothing moving, may still be a click that closes.
    var pressOnBackground = false
    /// The pixel size the resting geometry was computed for (the panner is re-sized when it changes).
    var restSizeInUse = Size.zero

    enum DragTarget { case page, pan }

    public init(album: Album, section: Int, index: Int, photos: PhotoService) {
        self.album = album
        self.section = section
        self.index = min(max(0, index), max(0, album.photos.count - 1))
        zoomIndex = self.index
        self.photos = photos
        pager = ScrollController(geometry: ScrollGeometry(viewportSize: .zero, contentSize: .zero, axes: .horizontal))
        pager.targetProvider = paging
    }

    public var photo: Photo { album.photos[index] }
    public var title: String { WindowTitle.make(photo.displayName, album.title) }
    public var cursor: CursorShape { zoom > 1.001 ? .hand : .arrow }

    /// Magnification of the photo shown relative to its default view (1), as presented now.
    public var zoom: Double { zoomIndex == index ? zoomValue.value(at: time) : 1 }

    /// Offset of the shown photo's centre from its resting centre, points, as presented now.
    public var pan: Point {
        let r = displayedRect(of: index, at: time)
        let a = area
        return Point(x: r.midX - a.midX - pageShift(of: index, at: time), y: r.midY - a.midY)
    }

    /// The shown photo's rectangle in the window, points, as presented now (during a transition: the transition's).
    public var imageRect: Rect {
        if let t = transition, t.index == index, let p = presentedTransition { return p.frame }
        return displayedRect(of: index, at: time)
    }

    /// The photo's size as displayed (orientation applied), pixels, as the decoder reported it; the loaded
    /// image's size until then (the UI thread never reads the file itself).
    func originalSize(of photo: Photo) -> Size {
        var size = Size.zero
        if let s = photos.originalSize(of: photo.id) { size = Size(width: Double(s.width), height: Double(s.height)) }
        else if let s = photos.image(for: photo.id, pixelSize: 1 << 20)?.surface { size = Size(width: Double(s.pixelWidth), height: Double(s.pixelHeight)) }
        return turns(of: photo) % 2 == 0 ? size : Size(width: size.height, height: size.width)
    }

    /// The album's folder changed: the same photo (by its key) stays shown, at its new index; when it was
    /// deleted the one that took its place (or the new last one). False when the album has no photo left.
    @discardableResult
    public func update(album newAlbum: Album) -> Bool {
        guard !newAlbum.photos.isEmpty else { album = newAlbum; return false }
        let key = photo.key
        let i = newAlbum.photos.firstIndex { $0.key == key } ?? min(index, newAlbum.photos.count - 1)
        let changedPhoto = newAlbum.photos[i] != photo
        album = newAlbum
        if changedPhoto { resetZoom() }
        resizePager(at: time, page: i)
        if i != index { index = i; zoomIndex = i; onIndexChange?(i) }
        requestImages()
        return true
    }

    // MARK: Screen

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.time = max(self.time, time)
        self.width = width; self.height = height; self.scale = scale
        resizePager(at: self.time, page: index)
        resizeZoom(at: self.time)
        requestImages()
    }

    public func update(at time: Double) {
        self.time = max(self.time, time)
        if let last = lastPreciseScrollTime, self.time - last > 0.08 {
            // No touchpad event for 80 ms: the fingers are off the pad (XInput 2 sends no explicit end).
            endPreciseScroll(at: last + 0.08, sampledAt: last)
        }
        pager.tick(now: self.time)
        panner.tick(now: self.time)
        updateZoom(at: self.time)
        syncIndex()
        updateTransition(at: self.time)
        prepareImages()
    }

    public var isAnimating: Bool {
        transition != nil || pager.isMoving(at: time) || panner.isMoving(at: time) || zoomValue.isMoving(at: time)
            || lastPreciseScrollTime != nil
    }

    public var lastFrame: (offset: Point, redrawn: Double) { (pager.offset(at: time), 1) }

    public var isReadyForSnapshot: Bool {
        guard !isAnimating else { return false }
        switch photos.status(of: photo.id) {
        case .failed: return true
        case .loading: return false
        case .loaded: return !photos.isLoading(photo.id, pixelSize: neededPixels) && !isRenderingPending(index)
        }
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        self.time = max(self.time, time)
        if transition?.phase == .closing { return false }
        switch event {
        case .key(let k):
            return handleKey(k, at: self.time)
        case .wheel(let w):
            return handleWheel(w, at: self.time)
        case .pointerDown(let p) where p.button == .left:
            return pointerDown(p, at: self.time)
        case .pointerUp(let p) where p.button == .left:
            return pointerUp(p, at: self.time)
        case let .pointerMoved(x, y, _, t):
            lastPointer = Point(x: x, y: y)
            return pointerMoved(Point(x: x, y: y), time: t)
        case .pinch(let p):
            return pinch(p, at: self.time)
        default:
            return false
        }
    }

    func handleKey(_ k: KeyEvent, at time: Double) -> Bool {
        let centre = Point(x: width / 2, y: height / 2)
        switch k.key {
        case .left, .pageUp: slide(by: -1, at: time); return true
        case .right, .pageDown, .space: slide(by: 1, at: time); return true
        case .home: slide(to: 0, at: time); return true
        case .end: slide(to: album.photos.count - 1, at: time); return true
        case .plus, .character("="): zoom(by: Self.zoomStep, about: centre, at: time); return true
        case .minus: zoom(by: 1 / Self.zoomStep, about: centre, at: time); return true
        case .character("0"): setZoom(1, about: centre, at: time); return true
        case .character("1"): setZoom(actualSizeZoom, about: centre, at: time); return true
        default: return false
        }
    }

    public func draw(in ctx: CairoContext, width: Double, height: Double, scale: Double) {
        drawPhotoView(in: ctx, scale: scale)
    }

    /// The line under the photo: its name (direction isolated: an Arabic or Hebrew name keeps the line's
    /// order), its place in the album, an incomplete-file mark, the zoom when not the default.
    var caption: String {
        var caption = "\(TextLayout.isolated(photo.displayName))   ·   \(index + 1) / \(album.photos.count)"
        if photos.isIncomplete(photo.id) { caption += "   ·   incomplete file" }
        let z = zoomIndex == index ? zoomValue.target : 1
        if abs(z - 1) > 1e-6 { caption += "   ·   \(Int((pixelScale(of: index, zoom: z) * 100).rounded())) %" }
        return caption
    }

    public func state() -> ScreenState { screenState() }
}
