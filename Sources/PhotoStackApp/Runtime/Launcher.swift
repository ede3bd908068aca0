import ArgumentParser
import Foundation
import StackEngine
import X11Host

/// Runs a screen either headlessly (`--snapshot`) or in an X11 window, with `--state` output.
/// Every command that shows a screen (open, demo) goes through here.
public struct Launcher {
    public var options: DisplayOptions
    /// Builds the first screen.
    public var makeScreen: () -> Screen

    /// Builds the first screen with the app's clock (used instead of `makeScreen` when set).
    public var makeScreenWithClock: ((Clock) -> Screen)?

    public init(options: DisplayOptions, makeScreen: @escaping () -> Screen) {
        self.options = options
        self.makeScreen = makeScreen
    }

    /// A launcher whose first screen needs the app's clock (collection screens animate on it).
    public init(options: DisplayOptions, makeScreenWithClock: @escaping (Clock) -> Screen) {
        self.options = options
        self.makeScreen = { fatalError("unused") }
        self.makeScreenWithClock = makeScreenWithClock
    }

    public func run() throws {
        if let png = options.snapshot {
            try runSnapshot(to: png)
        } else {
            try runWindow()
        }
    }

    /// Renders one frame to `png` and writes the state once.
    func runSnapshot(to png: String) throws {
        let clock = ManualClock()
        let screen = makeScreenWithClock?(clock) ?? makeScreen()
        let app = App(screen: screen, width: options.size.width, height: options.size.height,
                      scale: options.scale ?? 1, clock: clock, statePath: options.state)
        let (surface, state) = try SnapshotRenderer.capture(app, clock: clock, timeout: options.snapshotTimeout)
        try surface.writePNG(to: png)
        app.writeState(state)
    }

    /// The one-line error printed when the window cannot be opened: the reason and what to do instead.
    static func noDisplayMessage(_ error: HostError) -> String {
        "photostack: \(error.description); run it in a desktop session or under Xvfb, "
            + "or render without a display: photostack --snapshot out.png"
    }

    /// Opens the window and runs the event loop until it is closed.
    func runWindow() throws {
        let clock = FrameClock()
        let screen = makeScreenWithClock?(clock) ?? makeScreen()
        let window: X11Window
        do {
            window = try X11Window(title: screen.title, className: "PhotoStack", width: options.size.width,
                                   height: options.size.height, scale: options.scale, clock: clock)
        } catch let e as HostError {
            FileHandle.standardError.write(Data((Self.noDisplayMessage(e) + "\n").utf8))
            throw ExitCode(2)
        }
        let app = App(screen: screen, width: window.width, height: window.height, scale: window.scale,
                      clock: clock, statePath: options.state)
        let loop = try HostRunLoop(window: window, clock: clock)
        if let receiver = screen as? WakeUpReceiver {
            let pipe = loop.wakeUp
            receiver.connectWakeUp { pipe.wake() }
        }
        app.frameLog = FrameLog.fromEnvironment()
        loop.run(app)
        app.frameLog?.flush()
    }
}
