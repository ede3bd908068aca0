import Canvas
import Foundation
import PhotoPipeline
import StackEngine
import Host

/// One photo fitted to the window, decoded at the size shown (HiDPI included) through the image service.
/// Left/Right and the wheel go to the previous/next photo; Ctrl+wheel and +/− zoom about the pointer
/// (the window centre for keys); a drag pans when zoomed; a double click toggles fit / 100 % (one image
/// pixel per device pixel).
public final class PhotoScreen: Screen {
    /// Margin around the fitted photo, points.
    static let margin = 24.0
    /// Zoom step per wheel notch or key press.
    static let zoomStep = 1.25

    public let name = "photo"
    /// The album whose photos Left/Right go through (replaced by `update(album:)` when its folder changes).
    public private(set) var album: Album
    /// The album's section on the albums screen (for the state JSON).
    public let section: Int
    public private(set) var index: Int
    public let photos: PhotoService
    /// Called when Left/Right/wheel moved to another photo (the album grid follows the selection).
    public var onIndexChange: ((Int) -> Void)?
    /// Magnification relative to the fitted size (1 = fitted).
    public private(set) var zoom = 1.0
    /// Offset of the photo's centre from the window's centre, points.
    public private(set) var pan = Point.zero

    var width = 0.0, height = 0.0, scale = 1.0
    var drag: (pointer: Point, pan: Point, moved: Bool)?
    var lastPointer: Point?
    let background = try? BackgroundTexture()
    /// Quarter turns (clockwise) a photo is shown with: the rotation of formats turned in the view only.
    var quarterTurns: (PhotoPath) -> Int = { _ in 0 }
    /// The shown photo's quarter turns, 0…3.
    var turns: Int { ((quarterTurns(photo.id) % 4) + 4) % 4 }

    public init(album: Album, section: Int, index: Int, photos: PhotoService) {
        self.album = album
        self.section = section
        self.index = min(max(0, index), max(0, album.photos.count - 1))
        self.photos = photos
    }

    public var photo: Photo { album.photos[index] }
    public var title: String { "\(TextLayout.isolated(photo.displayName)) — \(TextLayout.isolated(album.title)) — PhotoStack" }
    public var cursor: CursorShape { zoom > 1.001 ? .hand : .arrow }

    // MARK: Geometry (points)

    /// Width / height of the photo as displayed (from the loaded image; 3:2 until one is there).
    var aspect: Double {
        var a = 1.5
        if let s = photos.image(for: photo.id, pixelSize: 1)?.surface { a = Double(s.pixelWidth) / Double(max(1, s.pixelHeight)) }
        return turns % 2 == 0 ? a : 1 / a
    }

    /// Room kept free under the photo for the caption, points.
    static let captionHeight = 52.0

    /// The fitted size: as large as fits inside the window minus the margins and the caption (small photos
    /// are enlarged too, so every photo fills the view).
    var fittedSize: Size {
        let a = aspect
        let w = max(1, width - 2 * Self.margin), h = max(1, height - Self.margin - Self.captionHeight)
        return w / h > a ? Size(width: h * a, height: h) : Size(width: w, height: w / a)
    }

    /// The photo's rectangle in the window, points.
    public var imageRect: Rect {
        let f = fittedSize
        let w = f.width * zoom, h = f.height * zoom
        let cy = (Self.margin + height - Self.captionHeight) / 2
        return Rect(x: width / 2 + pan.x - w / 2, y: cy + pan.y - h / 2, width: w, height: h)
    }

    /// Device pixels needed for the longest displayed side (capped at 4096).
    var neededPixels: Int {
        let r = imageRect
        return min(4096, Int((max(r.width, r.height) * scale).rounded(.up)))
    }

    /// The zoom at which one image pixel covers one device pixel.
    var actualSizeZoom: Double {
        let original = originalSize(of: photo)
        let f = fittedSize
        guard original.width > 0, f.width > 0 else { return 1 }
        return original.width / scale / f.width
    }

    /// The photo's size as displayed (orientation applied), pixels, as the decoder reported it; the loaded
    /// image's size until then (the UI thread never reads the file itself).
    func originalSize(of photo: Photo) -> Size {
        var size = Size.zero
        if let s = photos.originalSize(of: photo.id) { size = Size(width: Double(s.width), height: Double(s.height)) }
        else if let s = photos.image(for: photo.id, pixelSize: 1 << 20)?.surface { size = Size(width: Double(s.pixelWidth), height: Double(s.pixelHeight)) }
        return turns % 2 == 0 ? size : Size(width: size.height, height: size.width)
    }

    /// Keeps the photo covering the window where it is larger than it, centred where it is smaller.
    func clampPan() {
        let f = fittedSize
        let w = f.width * zoom, h = f.height * zoom
        let mx = max(0, (w - width) / 2 + Self.margin), my = max(0, (h - height) / 2 + Self.margin)
        pan = Point(x: w <= width ? 0 : min(mx, max(-mx, pan.x)), y: h <= height ? 0 : min(my, max(-my, pan.y)))
    }

    /// Zooms to `newZoom` keeping the image point under `anchor` (window points) in place.
    public func setZoom(_ newZoom: Double, about anchor: Point) {
        let actual = actualSizeZoom
        let maxZoom = max(8, actual * 2), minZoom = min(1, actual)
        var z = min(maxZoom, max(minZoom, newZoom))
        if abs(z - 1) < 1e-4 { z = 1 }
        // The fitted photo's centre (pan zero): the image point under `anchor` stays under it.
        let c = Point(x: width / 2, y: (Self.margin + height - Self.captionHeight) / 2)
        let k = z / zoom
        pan = Point(x: (anchor.x - c.x) - (anchor.x - c.x - pan.x) * k, y: (anchor.y - c.y) - (anchor.y - c.y - pan.y) * k)
        zoom = z
        if zoom <= 1 { pan = .zero }
        clampPan()
        requestImages()
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
        if i != index { index = i; onIndexChange?(i) }
        if changedPhoto { zoom = 1; pan = .zero }
        requestImages()
        return true
    }

    /// Shows photo `i` (clamped) fitted.
    public func show(_ i: Int) {
        let j = min(max(0, i), album.photos.count - 1)
        guard j != index else { return }
        index = j
        zoom = 1
        pan = .zero
        onIndexChange?(j)
        requestImages()
    }

    func requestImages() {
        guard width > 0 else { return }
        photos.want(photo, pixelSize: neededPixels, priority: .topOfVisibleStack)
        let fit = Int((max(fittedSize.width, fittedSize.height) * scale).rounded(.up))
        for (rank, j) in [index + 1, index - 1].enumerated() where j >= 0 && j < album.photos.count {
            photos.want(album.photos[j], pixelSize: fit, priority: .prefetch, order: rank)
        }
    }

    // MARK: Screen

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.width = width; self.height = height; self.scale = scale
        clampPan()
        requestImages()
    }

    public func update(at time: Double) {}

    public var isAnimating: Bool { false }

    public var lastFrame: (offset: Point, redrawn: Double) { (pan, 1) }

    public var isReadyForSnapshot: Bool {
        switch photos.status(of: photo.id) {
        case .failed: return true
        case .loading: return false
        case .loaded: return !photos.isLoading(photo.id, pixelSize: neededPixels)
        }
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        switch event {
        case .key(let k):
            switch k.key {
            case .left, .pageUp: show(index - 1); return true
            case .right, .pageDown, .space: show(index + 1); return true
            case .home: show(0); return true
            case .end: show(album.photos.count - 1); return true
            case .plus, .character("="): setZoom(zoom * Self.zoomStep, about: Point(x: width / 2, y: height / 2)); return true
            case .minus: setZoom(zoom / Self.zoomStep, about: Point(x: width / 2, y: height / 2)); return true
            case .character("0"): setZoom(1, about: .zero); return true
            case .character("1"): setZoom(actualSizeZoom, about: Point(x: width / 2, y: height / 2)); return true
            default: return false
            }
        case .wheel(let w):
            if w.modifiers.contains(.control) {
                setZoom(zoom * pow(Self.zoomStep, -w.deltaY), about: Point(x: w.x, y: w.y))
            } else if !w.isPrecise || abs(w.deltaY) >= 1 {
                if w.deltaY > 0 || w.deltaX > 0 { show(index + 1) } else if w.deltaY < 0 || w.deltaX < 0 { show(index - 1) }
            }
            return true
        case .pointerDown(let p) where p.button == .left:
            if p.clickCount == 2 {
                let anchor = Point(x: p.x, y: p.y)
                if zoom != 1 { setZoom(1, about: anchor) } else { setZoom(actualSizeZoom, about: anchor) }
                drag = nil
                return true
            }
            drag = (Point(x: p.x, y: p.y), pan, false)
            return false
        case .pointerUp(let p) where p.button == .left:
            drag = nil
            _ = p
            return false
        case let .pointerMoved(x, y, _, _):
            lastPointer = Point(x: x, y: y)
            guard var d = drag, zoom > 1.001 else { return false }
            d.moved = true
            drag = d
            pan = d.pan + (Point(x: x, y: y) - d.pointer)
            clampPan()
            return true
        default:
            return false
        }
    }

    public func draw(in ctx: CairoContext, width: Double, height: Double, scale: Double) {
        ctx.clear(to: RGBA(0.07, 0.075, 0.085))
        let r = imageRect
        let canvas = CanvasRect(x: r.minX, y: r.minY, width: r.width, height: r.height)
        switch photos.status(of: photo.id) {
        case .loaded:
            if let s = photos.image(for: photo.id, pixelSize: neededPixels)?.surface {
                ctx.drawSoftShadow(of: canvas, radius: 8, dx: 0, dy: 4, color: RGBA(0, 0, 0, 0.6))
                ctx.withSavedState {
                    ctx.newPath()
                    ctx.rectangle(canvas)
                    ctx.clip()
                    ctx.translate(r.minX, r.minY)
                    // A view-only rotation turns the image about the rectangle's centre (sides swapped).
                    let t = turns, w = t % 2 == 0 ? r.width : r.height, h = t % 2 == 0 ? r.height : r.width
                    ctx.translate(r.width / 2, r.height / 2)
                    ctx.rotate(Double(t) * Double.pi / 2)
                    ctx.translate(-w / 2, -h / 2)
                    let k = w / Double(s.pixelWidth)
                    ctx.scale(k, h / Double(s.pixelHeight))
                    ctx.setSource(s, filter: k * scale < 0.75 ? .good : .bilinear)
                    ctx.paint()
                }
            }
        case .loading:
            let side = min(r.width, r.height, 240)
            PhotoCardRenderer().draw(.loading, in: ctx, centerX: width / 2, centerY: height / 2, side: side)
        case .failed(let reason):
            let side = min(r.width, r.height, 240)
            PhotoCardRenderer().draw(.broken, in: ctx, centerX: width / 2, centerY: height / 2, side: side)
            NoteDrawing.pill("\(TextLayout.isolated(photo.displayName)) cannot be shown: \(reason)", in: ctx, centerX: width / 2,
                             centerY: height / 2 + side / 2 + 40, maxWidth: min(width - 40, 520))
        }
        NoteDrawing.pill(caption, in: ctx, centerX: width / 2, centerY: height - 26, maxWidth: min(width - 40, 640),
                         font: "Sans 12", alpha: 0.9)
    }

    /// The line under the photo: its name (direction isolated: an Arabic or Hebrew name keeps the line's
    /// order), its place in the album, an incomplete-file mark, the zoom when not fitted.
    var caption: String {
        var caption = "\(TextLayout.isolated(photo.displayName))   ·   \(index + 1) / \(album.photos.count)"
        if photos.isIncomplete(photo.id) { caption += "   ·   incomplete file" }
        if zoom != 1 { caption += "   ·   \(Int((zoom / max(actualSizeZoom, 0.0001) * 100).rounded())) %" }
        return caption
    }

    public func state() -> ScreenState {
        let r = imageRect
        let element = VisibleElementState(category: "cell", section: section, item: index,
                                          frame: [r.minX, r.minY, r.width, r.height], scale: zoom, zIndex: 0)
        return ScreenState(contentOffset: StatePoint(x: pan.x, y: pan.y), contentSize: StateSize(width: r.width, height: r.height),
                           visible: [element],
                           layout: ["photo": .string(photo.displayName), "album": .string(album.title),
                                    "index": .int(index), "count": .int(album.photos.count), "zoom": .double(zoom)],
                           photos: [PhotoState(section: section, item: index, file: photo.displayName,
                                               status: photos.status(of: photo.id), bytes: photo.fileSize,
                                               incomplete: photos.isIncomplete(photo.id))])
    }
}
