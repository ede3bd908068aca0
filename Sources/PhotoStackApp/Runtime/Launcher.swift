import Canvas
import ArgumentParser
import Foundation
import Host
import StackEngine
import X11Host

/// Runs a screen either headlessly (`--snapshot`) or in an X11 window, with `--state` output. Every command
/// that shows a screen (open, demo) goes through here; this is the one file of the app that knows X11.
public struct Launcher {
    public var options: DisplayOptions
    /// Builds the first screen; background work posts into the app's inbox with the given function.
    public var makeScreen: (_ post: @escaping Post) -> Screen

    public init(options: DisplayOptions, makeScreen: @escaping (_ post: @escaping Post) -> Screen) {
        self.options = options
        self.makeScreen = makeScreen
    }

    public func run() throws {
        // Before anything else: fontconfig's set-up (Pango runs it in a thread of its own) overlaps the window's
        // creation and the scan instead of holding up the first frame.
        TextLayout.startFontSetUp()
        if let png = options.snapshot {
            try runSnapshot(to: png)
        } else {
            try runWindow()
        }
    }

    /// Renders one frame to `png` and writes the state once.
    func runSnapshot(to png: String) throws {
        let inbox = Inbox<AppMessage>()
        let screen = makeScreen { inbox.post($0) }
        let app = App(screen: screen, inbox: inbox, width: options.sizeOrDefault.width, height: options.sizeOrDefault.height,
                      scale: options.scale ?? 1, statePath: options.state)
        let (surface, state) = try SnapshotRenderer.capture(app, timeout: options.snapshotTimeout,
                                                            displayProfile: try options.displayProfileBytes())
        try surface.writePNG(to: png)
        app.writeState(state)
        app.stateWriter?.flush()
    }

    /// The one-line error printed when the window cannot be opened: the reason and what to do instead.
    static func noDisplayMessage(_ error: HostError) -> String {
        "photostack: \(error.description); run it in a desktop session or under Xvfb, "
            + "or render without a display: photostack --snapshot out.png"
    }

    /// SIGUSR1 asks the app to give memory back: it becomes an `AppMessage.releaseMemory` in the inbox (handled
    /// on the UI thread at the next turn). Keep the returned source alive while the loop runs.
    static func listenForMemoryRequests(_ inbox: Inbox<AppMessage>) -> DispatchSourceSignal {
        signal(SIGUSR1, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global(qos: .utility))
        source.setEventHandler { inbox.post(.releaseMemory) }
        source.resume()
        return source
    }

    /// Opens the window and runs the event loop until it is closed.
    func runWindow() throws {
        let clock = MonotonicClock()
        let inbox = Inbox<AppMessage>()
        let screen = makeScreen { inbox.post($0) }
        let profile = try options.displayProfileBytes()
        // The size it had when last closed, unless --size says otherwise; the place it had.
        let remembered = (screen as? RemembersWindow)?.rememberedWindow
        let size = options.size ?? remembered.map { WindowSize(width: $0.width, height: $0.height) } ?? options.sizeOrDefault
        let place = remembered.flatMap { g in g.x.flatMap { x in g.y.map { (x: x, y: $0) } } }
        let window: X11Window
        do {
            window = try X11Window(title: screen.title, className: "PhotoStack", width: size.width,
                                   height: size.height, scale: options.scale, icon: AppIcon.cardinals(),
                                   displayProfile: profile, position: place, clock: clock)
        } catch let e as HostError {
            FileHandle.standardError.write(Data((Self.noDisplayMessage(e) + "\n").utf8))
            throw ExitCode(2)
        }
        // The app's background texture is the window's background: a resize step's uncovered strip shows it, never
        // black, until the frame for the new size is presented.
        if let texture = try? BackgroundTexture() { window.setBackgroundTile(texture.tile) }
        let app = App(screen: screen, inbox: inbox, width: window.width, height: window.height, scale: window.scale,
                      statePath: options.state)
        app.services = X11Services(window: window)
        let loop = try X11RunLoop(window: window, clock: clock)
        let pipe = loop.wakeUp
        inbox.connect { pipe.wake() }
        app.frameLog = FrameLog.fromEnvironment()
        let memoryRequests = Self.listenForMemoryRequests(inbox)
        loop.run(app)
        if let keeper = app.screen as? RemembersWindow {
            let frame = window.frameOrigin
            keeper.rememberWindow(WindowGeometry(width: window.width, height: window.height, x: frame?.x, y: frame?.y))
        }
        memoryRequests.cancel()
        app.frameLog?.flush()
        app.stateWriter?.flush()
    }
}
