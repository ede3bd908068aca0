import Canvas
import Foundation
import StackEngine
import X11Host

/// The application: owns the current screen and the clock, routes host events to the screen, draws it,
/// and keeps the `--state` file up to date. It is the X11 host's `WindowClient`; the headless snapshot
/// renderer drives it the same way, so a snapshot shows exactly what the window would.
public final class App: WindowClient {
    public let clock: Clock
    /// The screen on display. Setting it resizes the new screen to the window and redraws.
    public var screen: Screen {
        didSet {
            screen.resize(width: width, height: height, scale: scale, at: clock.now)
            changed = true
        }
    }
    /// Window size, points, and device pixels per point.
    public private(set) var width: Double, height: Double, scale: Double
    /// Where `--state` goes, if asked for.
    public let stateWriter: StateFileWriter?
    /// Minimum seconds between state writes while animating (10 per second).
    public var animatingStateInterval: Double = 0.1

    /// The frame log (`PHOTOSTACK_FRAME_LOG`), if any, and the input handled since its last line.
    public var frameLog: FrameLog?
    private var loggedEvents: [String] = []

    private var changed = true
    private var stateDirty = true
    private var quitRequested = false

    public init(screen: Screen, width: Double, height: Double, scale: Double, clock: Clock, statePath: String? = nil) {
        self.screen = screen
        self.width = width; self.height = height; self.scale = scale
        self.clock = clock
        stateWriter = statePath.map(StateFileWriter.init(path:))
        screen.resize(width: width, height: height, scale: scale, at: clock.now)
    }

    /// The state JSON as it is now; `animating` overrides the screen's own answer (a snapshot knows
    /// whether the frame it draws had settled).
    public func currentState(animating: Bool? = nil) -> AppState {
        AppState(screen: screen.name, window: WindowState(width: width, height: height, scale: scale),
                 animating: animating ?? screen.isMoving, screenState: screen.state())
    }

    /// Writes the state file now (if `--state` was given): `state`, or the state as it is now.
    /// Errors go to stderr once per failure.
    public func writeState(_ state: AppState? = nil) {
        guard let w = stateWriter else { return }
        do { try w.write(state ?? currentState(), at: clock.now); stateDirty = false }
        catch { FileHandle.standardError.write(Data("photostack: cannot write state file \(w.path): \(error)\n".utf8)) }
    }

    // MARK: WindowClient

    public func handle(_ event: HostEvent) {
        let now = clock.now
        if frameLog != nil, let note = event.logNote { loggedEvents.append(note) }
        switch event {
        case .close:
            quitRequested = true
        case let .resize(w, h, s):
            if w != width || h != height || s != scale {
                width = w; height = h; scale = s
                screen.resize(width: w, height: h, scale: s, at: now)
                changed = true
            }
        case let .key(k) where k.key == .character("q") && (k.modifiers.contains(.control) || k.modifiers.isEmpty):
            quitRequested = true
        default:
            if screen.handle(event, at: now) { changed = true }
        }
        if changed { stateDirty = true }
    }

    public var needsDisplay: Bool { changed }
    public var isAnimating: Bool { screen.isAnimating }

    public func draw(in context: CairoContext, width: Double, height: Double, scale: Double) {
        let now = clock.now
        let cpuStart = frameLog == nil ? 0 : FrameLog.threadCPUSeconds()
        screen.update(at: now)
        screen.draw(in: context, width: width, height: height, scale: scale)
        if let log = frameLog {
            let facts = screen.lastFrame
            log.record(FrameLog.Entry(t: now, cpuMs: (FrameLog.threadCPUSeconds() - cpuStart) * 1000, screen: screen.name,
                                      x: facts.offset.x, y: facts.offset.y, redrawn: facts.redrawn, events: loggedEvents))
            loggedEvents.removeAll()
        }
        changed = false
        stateDirty = true
        if screen.isAnimating, let w = stateWriter, now - w.lastWriteTime >= animatingStateInterval { writeState() }
    }

    public func didBecomeIdle() {
        // Always: the last frame may have written "animating": true just before the animation ended
        // (the writer skips byte-identical output).
        writeState()
    }

    public var nextDeadline: Double? { nil }
    public func deadlineReached(at time: Double) {}
    public var windowTitle: String { screen.title }
    public var cursor: CursorShape { screen.cursor }
    public var shouldQuit: Bool { quitRequested }
}
