import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine

/// The album browser's actions beyond looking (issue 17): it sees every event before the screens do, runs the
/// action a shortcut, the context menu or a gesture asks for on the photos meant (`ActionTargets`), sends the file
/// work to `ActionWorker` and applies its results from the inbox, keeps the undo stack, and draws the help and
/// information overlays and the message line over the screens. Platform requests (fullscreen, the menu's popup,
/// the clipboard, the screen saver, starting programs) go to `services`.
///
/// Loop-turn rules: `handle`, `receive` and `update` change state; `nextDeadline`, `state` and the overlays'
/// drawing read it. The UI thread never touches the file system: everything that does goes to the worker (or the
/// taken-date reader) and comes back as `AppMessage.action`.
final class ActionController {
    unowned let browser: BrowserScreen
    /// The platform: fullscreen, popups, clipboard, screen saver, programs. A recorder until the host gives its own.
    var services: HostServices = RecordingServices()
    let worker: ActionWorker
    let post: Post
    /// Settings as loaded at start-up (the sort order changes them) and where they are saved (nil: not saved).
    var settings = AppSettings()
    var settingsStore: SettingsStore?
    /// Reads EXIF dates in the background while the "taken" order needs them.
    var takenDates: TakenDateReader?
    /// Photos whose date taken was asked of the reader and has not come back yet (UI thread's own count).
    var takenDatesOutstanding = Set<PhotoPath>()
    /// Photos whose date taken came back, with or without a date (not asked again).
    var takenDatesAnswered = Set<PhotoPath>()

    /// What undo puts back, newest last.
    enum UndoEntry {
        case trash([TrashedPhoto])
        case rotation([RotatedPhoto])
        case viewRotation([PhotoPath], quarterTurns: Int)
    }
    var undoStack: [UndoEntry] = []

    /// The message line: text and the host-clock second it goes.
    var message: (text: String, until: Double)?
    /// Seconds a message stays.
    static let messageSeconds = 6.0

    /// The overlay over the screens.
    enum Overlay: Equatable { case help, info }
    var overlay: Overlay?
    /// The information shown (or being read): the photo, and the result once it came.
    var info: (path: PhotoPath, result: Result<PhotoInfo, PhotoInfo.ReadError>?)?

    /// The context menu while it is open.
    var menu: ContextMenu?

    /// The window manager's fullscreen state (`HostEvent.fullscreenChanged`).
    var isFullscreen = false

    /// Quarter turns (clockwise) of photos rotated in the view only (formats without a lossless rotation).
    var viewRotations: [PhotoPath: Int] = [:]
    /// Why each of those is rotated in the view only (the information overlay says it).
    var viewRotationReasons: [PhotoPath: String] = [:]

    /// The clipboard's photo (for `image/png`), with its view rotation; PNG bytes made for it are kept until
    /// another program takes the clipboard.
    var clipboardPhoto: (path: PhotoPath, quarterTurns: Int)?
    var clipboardPNG: [UInt8]?
    /// Clipboard requests waiting for a PNG being made.
    var pendingPNGRequests: [Int] = []

    /// Seconds between slides (`--slideshow SECONDS`).
    var slideshowInterval = SlideshowScreen.defaultInterval

    /// The last pointer position (window points), for actions on the photo under the pointer.
    var pointer: Point?
    /// A left press taken as a selection gesture (Ctrl/Shift+click): its release is taken too.
    var swallowsLeftRelease = false

    /// When the screen saver is reset next (host-clock seconds) while a slideshow plays.
    var screenSaverResetAt: Double?
    /// Seconds between screen saver resets (well under the usual 10 minutes).
    static let screenSaverInterval = 30.0

    /// Photos this app rewrote (rotation and its undo) and when (host-clock seconds): the watcher's report of
    /// the same change is absorbed (`absorbsModification`), so the photo reloads once.
    var recentEdits: [PhotoPath: Double] = [:]

    /// The albums screen's scroll-copy setting while an overlay hides it (overlays do not scroll with it).
    var savedScrollCopy: Bool?
    /// The time of the last turn that reached the controller (host-clock seconds).
    var time = 0.0

    init(browser: BrowserScreen, post: @escaping Post, worker: ActionWorker? = nil) {
        self.browser = browser
        self.post = post
        self.worker = worker ?? ActionWorker(post: post)
    }

    var library: LibraryModel { browser.library }

    // MARK: Events

    /// Sees an event before the screens: true when it was taken (by the menu, an overlay, a shortcut, a selection
    /// gesture, or a host answer).
    func handle(_ event: HostEvent, at time: Double) -> Bool {
        self.time = max(self.time, time)
        switch event {
        case .fullscreenChanged(let on):
            isFullscreen = on
            return true
        case .clipboardRequest(let r):
            answerClipboard(r)
            return false
        case .clipboardLost:
            clipboardPhoto = nil
            clipboardPNG = nil
            pendingPNGRequests.removeAll()
            return false
        case let .pointerMoved(x, y, _, _):
            pointer = Point(x: x, y: y)
            if menu != nil { return menuPointerMoved(pointer!) }
        case .pointerLeft:
            if menu == nil { pointer = nil }
        default:
            break
        }
        if menu != nil { return handleMenuEvent(event) }
        if overlay == .help, case .wheel = event { return true }   // nothing scrolls under the shortcuts
        if let slideshow = browser.top as? SlideshowScreen, slideshow.handleFirst(event, at: self.time) { return true }
        switch event {
        case .pointerDown(let p) where p.button == .right:
            openMenu(at: Point(x: p.x, y: p.y))
            return true
        case .pointerUp(let p) where p.button == .right:
            return false
        case .pointerDown(let p) where p.button == .left:
            if overlay == .help { overlay = nil; return true }
            return selectionClick(p)
        case .pointerUp(let p) where p.button == .left && swallowsLeftRelease:
            swallowsLeftRelease = false
            return true
        case .key(let k):
            return handleKey(k)
        default:
            return false
        }
    }

    /// Keys: the help overlay takes any key (and closes), Escape steps back through menu, overlay, fullscreen and
    /// selection before the browser goes back a level; shortcuts run their action.
    func handleKey(_ k: KeyEvent) -> Bool {
        if overlay == .help {
            overlay = nil
            return true
        }
        if k.key == .escape {
            if overlay != nil { overlay = nil; return true }
            if isFullscreen { services.requestFullscreen(false); return true }
            if let grid = browser.top as? AlbumScreen, !grid.collectionView.indexPathsForSelectedItems.isEmpty {
                perform(.clearSelection)
                return true
            }
            return false
        }
        guard let action = BrowserAction.matching(k) else { return false }
        perform(action)
        return true
    }

    // MARK: Background results

    /// Applies an action's result; true when something visible changed.
    func receive(_ result: ActionResult, at time: Double) -> Bool {
        self.time = max(self.time, time)
        switch result {
        case let .trashed(moved, failed): return trashed(moved, failed: failed)
        case let .restored(back, failed): return restored(back, failed: failed)
        case let .rotated(edits, viewOnly, failed, direction): return rotated(edits, viewOnly: viewOnly, failed: failed, direction: direction)
        case let .rotationsUndone(undone, failed): return rotationsUndone(undone, failed: failed)
        case let .info(path, result):
            guard info?.path == path else { return false }
            info = (path, result)
            return overlay == .info
        case .takenDates(let dates): return takenDatesArrived(dates)
        case let .clipboardData(id, bytes, reason): return clipboardDataArrived(id, bytes: bytes, reason: reason)
        case .failed(let sentence): say(sentence); return true
        }
    }

    // MARK: Update

    /// Advances timers to `time` (the message line, the screen saver reset, the information overlay's photo).
    func update(at time: Double) {
        self.time = max(self.time, time)
        browser.startPendingSlideshowIfPossible()
        if let m = message, time >= m.until { message = nil }
        let playing = (browser.top as? SlideshowScreen)?.isPlaying ?? false
        if playing {
            if screenSaverResetAt.map({ time >= $0 }) ?? true {
                services.resetScreenSaver()
                screenSaverResetAt = time + Self.screenSaverInterval
            }
        } else {
            screenSaverResetAt = nil
        }
        if overlay == .info { followInfoPhoto() }
        // Overlays do not move with the albums screen's content: its frames are drawn whole while one shows.
        if drawsOverOverlay {
            if savedScrollCopy == nil { savedScrollCopy = browser.albums.allowsScrollCopy; browser.albums.allowsScrollCopy = false }
        } else if let saved = savedScrollCopy {
            browser.albums.allowsScrollCopy = saved
            savedScrollCopy = nil
        }
    }

    /// True while something is drawn over the screens.
    var drawsOverOverlay: Bool { overlay != nil || message != nil }

    /// The next time the controller needs a turn without input (the message goes, the screen saver is reset).
    var nextDeadline: Double? {
        [message?.until, screenSaverResetAt].compactMap { $0 }.min()
    }

    /// Shows `text` on the message line for `messageSeconds`.
    func say(_ text: String) {
        message = (text, time + Self.messageSeconds)
    }
}
