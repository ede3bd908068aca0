import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine

/// The app's first screen for `photostack [FOLDER | PHOTO…]`: the browser on the library, and the Places screen
/// over it (Ctrl+O or the menu) or instead of it (nothing to open at launch). Choosing a place replaces the
/// browser with one on that folder, remembered as a recent library; Escape on Places goes back to the browser as
/// it was. Everything else is the shown screen's.
///
/// Each browser posts into a mailbox of its own, drained when the app's inbox says it has mail (`PlacesMessage.mail`):
/// results still coming from a replaced browser's scan, watcher or loaders go to its mailbox, never to its successor.
public final class LibraryHost: Screen, UsesHostServices {
    /// The browser on the library opened, nil until one is (the app started on Places).
    public private(set) var browser: BrowserScreen?
    /// The Places screen while it is shown.
    public private(set) var places: PlacesScreen?
    /// The app's inbox.
    let post: Post
    /// The current browser's mailbox.
    var mailbox: Inbox<AppMessage>?
    /// What a new browser is configured with (settings as of start-up, the run's options, the store saved to).
    let settings: AppSettings
    let store: SettingsStore?
    let options: BrowserOptions
    /// The home folder (paths shown with "~"), the environment and the sample library (for the places found).
    let home: String?
    let environment: [String: String]
    let sampleLibrary: String?
    var width = 0.0, height = 0.0, scale = 1.0, time = 0.0
    public var services: HostServices? {
        didSet { if let services { browser?.services = services } }
    }

    public init(post: @escaping Post, settings: AppSettings, store: SettingsStore?, options: BrowserOptions,
                home: String?, environment: [String: String] = ProcessInfo.processInfo.environment, sampleLibrary: String?) {
        self.post = post; self.settings = settings; self.store = store; self.options = options
        self.home = home; self.environment = environment; self.sampleLibrary = sampleLibrary
    }

    /// The settings in force: the browser's (changed since start-up) or the start-up ones.
    var currentSettings: AppSettings { browser?.actions.settings ?? settings }

    // MARK: Opening

    /// Opens `source` as the library (replacing the browser shown, whose file work is finished first), and
    /// remembers a folder as a recent library unless `remember` is false (the sample library).
    @discardableResult
    public func open(_ source: LibrarySource, titleNote: String? = nil, remember: Bool = true,
                     launchOptions: BrowserOptions? = nil) -> BrowserScreen {
        let startSettings = currentSettings
        if let old = browser {
            old.finishFileWork()   // its last settings write lands before the new browser's
            old.library.stop()
        }
        let box = Inbox<AppMessage>()
        let post = self.post
        box.connect { post(.places(.mail)) }
        mailbox = box
        let new = BrowserScreen.make(source: source, post: { box.post($0) }, titleNote: titleNote)
        // Parsing no arguments cannot fail: every option has a default.
        var opts = launchOptions ?? (try! BrowserOptions.parse([]))
        opts.sort = options.sort
        if let a = opts.openAlbum { new.open(album: a, photo: opts.openPhoto, animated: false) }
        new.configure(settings: startSettings, store: store, options: opts)
        if remember, case .folder(let root, _) = source { new.actions.updateSettings { $0.rememberLibrary(root.string) } }
        new.onShowPlaces = { [unowned self] in self.showPlaces(headline: "Open a folder") }
        if let services { new.services = services }
        browser = new
        places = nil
        if width > 0 { new.resize(width: width, height: height, scale: scale, at: time) }
        return new
    }

    /// Shows the Places screen with `headline` at the top; Escape goes back to the browser when there is one.
    /// `avoiding`: a folder found without photos, where the selection does not start.
    public func showPlaces(headline: String, avoiding: PhotoPath? = nil) {
        let screen = PlacesScreen(headline: headline, home: home)
        screen.avoided = avoiding
        screen.onChoose = { [unowned self, unowned screen] place in self.check(place.path, from: screen) }
        if browser != nil { screen.onBack = { [unowned self] in self.closePlaces() } }
        places = screen
        if width > 0 { screen.resize(width: width, height: height, scale: scale, at: time) }
        let inputs = PlacesFinder.Inputs(home: home, environment: environment, sampleLibrary: sampleLibrary,
                                         recent: currentSettings.recentLibraries)
        let post = self.post
        DispatchQueue.global(qos: .userInitiated).async { post(.places(.found(PlacesFinder.find(inputs)))) }
    }

    /// Back from Places to the browser as it was.
    func closePlaces() {
        places = nil
        browser?.resize(width: width, height: height, scale: scale, at: time)
    }

    /// Checks chosen folder `path` off the UI thread; the answer comes as `PlacesMessage.checked`.
    func check(_ path: PhotoPath, from screen: PlacesScreen) {
        let post = self.post
        DispatchQueue.global(qos: .userInitiated).async { post(.places(.checked(path, PlaceOpening.source(for: path)))) }
    }

    /// The answer for a chosen folder: its library opens, or the screen says why not.
    func checked(_ path: PhotoPath, _ result: Result<LibrarySource, PlaceOpening.Refusal>) {
        guard let screen = places else { return }
        switch result {
        case .success(let source):
            open(source, remember: path.string != sampleLibrary)
        case .failure(.noPhotos):
            screen.status = "No photos in \(screen.shown(path)) — choose another folder"
        case .failure(.unavailable(let reason)):
            screen.status = "\(screen.shown(path)) cannot be opened: \(reason)"
        }
    }

    /// Waits for the browser's file work (trash, rotation, settings) before the process ends.
    public func finishFileWork() { browser?.finishFileWork() }

    // MARK: Screen

    /// The screen shown.
    var top: Screen? { places ?? browser }

    public var name: String { top?.name ?? "places" }
    public var title: String { top?.title ?? "PhotoStack" }
    public var cursor: CursorShape { top?.cursor ?? .arrow }

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.width = width; self.height = height; self.scale = scale; self.time = max(self.time, time)
        top?.resize(width: width, height: height, scale: scale, at: self.time)
    }

    public func receive(_ messages: [AppMessage], at time: Double) -> Bool {
        self.time = max(self.time, time)
        var changed = false
        var forBrowser: [AppMessage] = []
        for m in messages {
            switch m {
            case .places(.found(let list)):
                places?.show(list)
                changed = true
            case .places(.checked(let path, let result)):
                checked(path, result)
                changed = true
            case .places(.mail):
                forBrowser += mailbox?.take() ?? []
            default:
                forBrowser.append(m)
            }
        }
        if let b = browser, !forBrowser.isEmpty, b.receive(forBrowser, at: self.time), places == nil { changed = true }
        return changed
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        self.time = max(self.time, time)
        guard let places else { return browser?.handle(event, at: self.time) ?? false }
        switch event {
        case .displayProfileChanged, .clipboardRequest, .clipboardLost, .fullscreenChanged:
            return browser?.handle(event, at: self.time) ?? false
        default:
            return places.handle(event, at: self.time)
        }
    }

    public func update(at time: Double) {
        self.time = max(self.time, time)
        top?.update(at: self.time)
    }

    public var isAnimating: Bool { top?.isAnimating ?? false }
    public var isReadyForSnapshot: Bool { top?.isReadyForSnapshot ?? false }
    public var isSlowToSettle: Bool { places == nil && (browser?.isSlowToSettle ?? false) }
    public func draw(in context: CairoContext, width: Double, height: Double, scale: Double) {
        top?.draw(in: context, width: width, height: height, scale: scale)
        if places != nil { context.setTargetStamp(0) }
    }
    public func state() -> ScreenState { top?.state() ?? ScreenState() }
    public var lastFrame: (offset: Point, redrawn: Double) { places == nil ? browser?.lastFrame ?? (.zero, 1) : (.zero, 1) }
    public var workCounters: [String: Int] { browser?.workCounters ?? [:] }
    public var heldCounters: [String: Int] { browser?.heldCounters ?? [:] }
    public var nextDeadline: Double? { places == nil ? browser?.nextDeadline : nil }
    public var stateMilestone: Int { places.map { 2 + $0.stateMilestone } ?? browser?.stateMilestone ?? 0 }
}
