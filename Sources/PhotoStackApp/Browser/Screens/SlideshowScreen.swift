import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine

/// The slideshow (`s`, `--slideshow [SECONDS]`): photos one after another, fitted on black, cross-fading, from a
/// photo through its album — or, started on the albums screen, through every album — and round again. Any input
/// pauses it (pointer motion does not); Space pauses and resumes; Left/Right (or the wheel) step; Escape ends it.
///
/// Time is a parameter: the next slide is due at `nextDeadline` (the host wakes the loop then; nothing runs
/// between slides), the fade is a function of the frame time. A slide advances only once the next photo has
/// loaded at the size shown (or failed), so a fade never shows a placeholder.
public final class SlideshowScreen: Screen {
    public enum Scope: Equatable {
        /// One album's photos.
        case album(FolderKey)
        /// Every album, in order.
        case allAlbums
    }

    /// Seconds per slide by default.
    public static let defaultInterval = 5.0
    /// Seconds of the cross-fade.
    public static let fadeSeconds = 0.8

    public let name = "slideshow"
    let library: LibraryModel
    let photos: PhotoService
    public let scope: Scope
    /// Seconds from one slide to the next (the fade included), at least `fadeSeconds` + 0.2.
    public let interval: Double
    public private(set) var isPaused = false
    /// Slides advanced since the start (the state JSON reports it).
    public private(set) var advances = 0
    /// Quarter turns (clockwise) a photo is shown with (view-only rotations).
    var quarterTurns: (PhotoPath) -> Int = { _ in 0 }

    /// Where the show is: the album's key, the photo's key, and its index (used when the photo is gone).
    private var position: (album: FolderKey, photo: PhotoKey?, index: Int)
    /// The photo fading out and when the fade began (host-clock seconds).
    private(set) var fade: (from: Photo, start: Double)?
    /// When the next slide is due (host-clock seconds), while playing.
    private var nextAdvance: Double?
    /// True while the due slide waits for its photo to load.
    private var waitingForNext = false
    var width = 0.0, height = 0.0, scale = 1.0
    private(set) var time = 0.0

    /// A show of `scope` from photo `start.photo` of the album with key `start.album`, starting at `time`.
    public init(library: LibraryModel, photos: PhotoService, scope: Scope, start: (album: FolderKey, photo: Int),
                interval: Double = SlideshowScreen.defaultInterval, at time: Double) {
        self.library = library
        self.photos = photos
        self.scope = scope
        self.interval = max(Self.fadeSeconds + 0.2, interval)
        self.time = time
        position = (start.album, nil, start.photo)
        if let album = library.albums.first(where: { $0.key == start.album }), !album.photos.isEmpty {
            let i = min(max(0, start.photo), album.photos.count - 1)
            position = (album.key, album.photos[i].key, i)
        }
        nextAdvance = time + self.interval
    }

    // MARK: Sequence

    /// The albums shown, in order.
    var sequence: [Album] {
        switch scope {
        case .allAlbums: return library.albums.filter { !$0.photos.isEmpty }
        case .album(let key): return library.albums.filter { $0.key == key && !$0.photos.isEmpty }
        }
    }

    /// The photo shown now and its album (nil when the albums are gone).
    public var current: (photo: Photo, album: Album)? { locate().map { ($0.album.photos[$0.photo], $0.album) } }

    /// The current position in `sequence`: album index, the album, photo index.
    private func locate() -> (albumIndex: Int, album: Album, photo: Int)? {
        let albums = sequence
        guard !albums.isEmpty else { return nil }
        let a = albums.firstIndex { $0.key == position.album } ?? 0
        let album = albums[a]
        let p = position.photo.flatMap { key in album.photos.firstIndex { $0.key == key } } ?? min(position.index, album.photos.count - 1)
        return (a, album, p)
    }

    /// The photo `step` (±1) from the current one, across albums and round at the end.
    func neighbour(_ step: Int) -> (photo: Photo, album: Album)? {
        let albums = sequence
        guard var (a, album, p) = locate() else { return nil }
        p += step
        if p >= album.photos.count { a = (a + 1) % albums.count; album = albums[a]; p = 0 }
        if p < 0 { a = (a - 1 + albums.count) % albums.count; album = albums[a]; p = album.photos.count - 1 }
        return (album.photos[p], album)
    }

    private func move(to target: (photo: Photo, album: Album)) {
        position = (target.album.key, target.photo.key, target.album.photos.firstIndex { $0.key == target.photo.key } ?? 0)
    }

    // MARK: Playing

    public var isPlaying: Bool { !isPaused }

    /// Space: pauses, or resumes with the next slide one interval from now.
    public func togglePause(at time: Double) {
        isPaused.toggle()
        nextAdvance = isPaused ? nil : time + interval
        waitingForNext = false
    }

    func pause() {
        isPaused = true
        nextAdvance = nil
        waitingForNext = false
    }

    /// Left/Right: the previous or next photo at once (no fade), paused.
    func step(_ step: Int) {
        pause()
        fade = nil
        if let n = neighbour(step) { move(to: n) }
        requestImages()
    }

    /// Longest side to load, device pixels (the window's, at most 4096).
    var neededPixels: Int { min(4096, Int((max(width, height) * scale).rounded(.up))) }

    /// True when `photo` can be shown at the size wanted (or has failed: its broken card shows).
    func isReady(_ photo: Photo) -> Bool {
        switch photos.status(of: photo.id) {
        case .failed: return true
        case .loading: return false
        case .loaded: return !photos.isLoading(photo.id, pixelSize: neededPixels)
        }
    }

    func requestImages() {
        guard width > 0 else { return }
        if let c = current { photos.want(c.photo, pixelSize: neededPixels, priority: .topOfVisibleStack) }
        if let n = neighbour(1) { photos.want(n.photo, pixelSize: neededPixels, priority: .prefetch) }
    }

    // MARK: Screen

    public var title: String {
        guard let c = current else { return WindowTitle.make("Slideshow") }
        return WindowTitle.make(c.photo.displayName, c.album.title, "Slideshow")
    }
    public var cursor: CursorShape { .arrow }

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.width = width; self.height = height; self.scale = scale
        requestImages()
    }

    /// Events the slideshow takes before the browser's actions (`ActionController`): Space, stepping keys, the
    /// wheel and clicks; any other key pauses it and goes on (except Escape, fullscreen and the overlays' keys,
    /// which do not pause). True when taken.
    public func handleFirst(_ event: HostEvent, at time: Double) -> Bool {
        self.time = max(self.time, time)
        switch event {
        case .key(let k):
            switch k.key {
            case .space: togglePause(at: self.time); return true
            case .left, .pageUp: step(-1); return true
            case .right, .pageDown: step(1); return true
            case .escape, .function(11), .character("f"), .character("i"), .character("?"), .function(1): return false
            default: pause(); return false
            }
        case .pointerDown(let p):
            pause()
            return p.button != .right && p.button != .back
        case .pointerUp(let p):
            return p.button == .left
        case .wheel(let w):
            if !w.isPrecise || abs(w.deltaY) >= 1 { step(w.deltaY > 0 || w.deltaX > 0 ? 1 : -1) }
            return true
        default:
            return false
        }
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        if case .resize(let w, let h, let s) = event { resize(width: w, height: h, scale: s, at: time); return true }
        return false
    }

    public func update(at time: Double) {
        self.time = max(self.time, time)
        if let f = fade, self.time - f.start >= Self.fadeSeconds { fade = nil }
        if isPlaying, fade == nil, let due = nextAdvance, self.time >= due {
            waitingForNext = true
            nextAdvance = nil
        }
        if waitingForNext, let next = neighbour(1) {
            if isReady(next.photo) {
                waitingForNext = false
                if let c = current, c.photo.key != next.photo.key { fade = (c.photo, self.time) }
                move(to: next)
                advances += 1
                nextAdvance = self.time + interval
            }
        }
        requestImages()
        for p in [current?.photo, fade?.from, neighbour(1)?.photo].compactMap({ $0 }) {
            photos.markInUse(p.id, pixelSize: neededPixels)
        }
    }

    public var isAnimating: Bool { fade != nil }

    /// The next slide's time while playing (nothing while a fade runs or the next photo loads: frames and the
    /// photo's arrival drive those).
    public var nextDeadline: Double? { isPlaying && fade == nil && !waitingForNext ? nextAdvance : nil }

    public var isReadyForSnapshot: Bool { current.map { isReady($0.photo) } ?? true }
}

extension SlideshowScreen: RequestsImages {}
