import Canvas
import Foundation
import Host
import StackEngine

/// The application as the host sees it (`WindowClient`): it owns the current screen and the inbox, and runs
/// the screen through each loop turn — background results, events, update, draw — keeping track of whether
/// the next frame would differ (`needsFrame`). It writes the `--state` file (when the app comes to rest, and at
/// most `animatingStateInterval` apart while frames are drawn) and the frame log. The X11 window and the headless
/// host drive it the same way, so a snapshot shows exactly what the window would.
public final class App: WindowClient {
    /// The screen on display. Setting it sizes the new screen to the window and asks for a frame.
    public var screen: Screen {
        didSet {
            screen.resize(width: width, height: height, scale: scale, at: time)
            (screen as? UsesHostServices)?.services = services
            dirty = true
        }
    }
    /// The platform's services (fullscreen, clipboard, popups, …), handed to screens that use them.
    public var services: HostServices? {
        didSet { (screen as? UsesHostServices)?.services = services }
    }
    /// Where background work posts its results (scan, decoded images, built cards).
    public let inbox: Inbox<AppMessage>
    /// Window size, points, and device pixels per point.
    public private(set) var width: Double, height: Double, scale: Double
    /// The time of the last turn (host clock seconds).
    public private(set) var time: Double = 0
    /// Where `--state` goes, if asked for.
    public let stateWriter: StateFileWriter?
    /// Minimum seconds between state writes while frames are drawn (10 per second).
    public var animatingStateInterval: Double = 0.1
    /// The frame log (`PHOTOSTACK_FRAME_LOG`), if any.
    public var frameLog: FrameLog?
    /// `PHOTOSTACK_MEMORY_TRACE` set: each frame-log line also says what the screen holds (`FrameLog.Entry.held`).
    let tracesMemory = ProcessInfo.processInfo.environment["PHOTOSTACK_MEMORY_TRACE"] != nil

    /// True when something changed since the last frame was drawn.
    private var dirty = true
    /// `Screen.stateMilestone` when the state was last written.
    private var writtenMilestone = 0
    private var quitRequested = false
    private var loggedEvents: [String] = []
    /// UI-thread CPU time when the frame's update began (frame log), seconds.
    private var frameCPUStart = 0.0
    private var frameUpdateCPU = 0.0
    /// What was held right after memory was last asked back (the state's `memory`).
    var memoryAfterRelease: MemoryState?
    /// `screen.workCounters` at the last frame logged.
    private var loggedWork: [String: Int] = [:]
    /// Whether the first frame was logged (it carries the launch's CPU figures).
    private var loggedFirstFrame = false

    public init(screen: Screen, inbox: Inbox<AppMessage>, width: Double, height: Double, scale: Double,
                statePath: String? = nil) {
        self.screen = screen
        self.inbox = inbox
        self.width = width; self.height = height; self.scale = scale
        stateWriter = statePath.map(StateFileWriter.init(path:))
        screen.resize(width: width, height: height, scale: scale, at: 0)
    }

    /// The state JSON as it is now (a query).
    public func currentState() -> AppState {
        var s = AppState(screen: screen.name, window: WindowState(width: width, height: height, scale: scale),
                         animating: screen.isAnimating, screenState: screen.state())
        s.memory = memoryAfterRelease
        return s
    }

    /// Writes the state file (if `--state` was given): `state`, or the state as it is now. The file is written
    /// by the writer's background queue.
    public func writeState(_ state: AppState? = nil) {
        writtenMilestone = screen.stateMilestone
        stateWriter?.write(state ?? currentState(), at: time)
    }

    // MARK: WindowClient — one loop turn

    public func takeBackgroundResults(at time: Double) {
        self.time = max(self.time, time)
        // A deadline that came (the host woke the loop for it): the next update does what is due.
        if let d = screen.nextDeadline, self.time >= d { dirty = true }
        let messages = inbox.take()
        if !messages.isEmpty, screen.receive(messages, at: self.time) { dirty = true }
        if messages.contains(where: { if case .releaseMemory = $0 { true } else { false } }) { returnFreeHeap() }
    }

    public func handle(_ event: HostEvent, at time: Double) {
        self.time = max(self.time, time)
        if frameLog != nil, let note = event.logNote { loggedEvents.append(note) }
        switch event {
        case .close:
            quitRequested = true
        case let .resize(w, h, s):
            if w != width || h != height || s != scale {
                width = w; height = h; scale = s
                screen.resize(width: w, height: h, scale: s, at: self.time)
                dirty = true
            }
        case let .key(k) where k.key == .character("q") && (k.modifiers.contains(.control) || k.modifiers.isEmpty):
            quitRequested = true
        default:
            if screen.handle(event, at: self.time) { dirty = true }
        }
    }

    public var needsFrame: Bool { dirty || screen.isAnimating }

    public func update(at time: Double) {
        self.time = max(self.time, time)
        if frameLog != nil { frameCPUStart = FrameLog.threadCPUSeconds() }
        screen.update(at: self.time)
        if frameLog != nil { frameUpdateCPU = FrameLog.threadCPUSeconds() - frameCPUStart }
    }

    public func draw(in context: CairoContext, width: Double, height: Double, scale: Double) {
        screen.draw(in: context, width: width, height: height, scale: scale)
        dirty = false
        if let log = frameLog {
            let facts = screen.lastFrame
            let threadCPU = FrameLog.threadCPUSeconds()
            var entry = FrameLog.Entry(t: time, cpuMs: (threadCPU - frameCPUStart) * 1000,
                                       updateMs: frameUpdateCPU * 1000, screen: screen.name,
                                       x: facts.offset.x, y: facts.offset.y, redrawn: facts.redrawn, events: loggedEvents,
                                       work: workThisFrame(), held: tracesMemory ? screen.heldCounters : nil)
            if !loggedFirstFrame {
                loggedFirstFrame = true
                entry.launchCpuMs = FrameLog.processCPUSeconds() * 1000
                entry.launchUiCpuMs = threadCPU * 1000
            }
            log.record(entry)
            loggedEvents.removeAll()
        }
        // While frames are drawn — an animation, or content that changes without one (albums streaming in while a big
        // library is scanned: the app does not come to rest until the scan ends) — the state follows what is shown.
        if let w = stateWriter, time - w.lastWriteTime >= animatingStateInterval || screen.stateMilestone != writtenMilestone {
            writeState()
        }
    }

    /// How much each of the screen's work counters grew since the last frame logged (nil: none did).
    private func workThisFrame() -> [String: Int]? {
        let now = screen.workCounters
        defer { loggedWork = now }
        var grown: [String: Int] = [:]
        for (key, value) in now where value > (loggedWork[key] ?? 0) { grown[key] = value - (loggedWork[key] ?? 0) }
        return grown.isEmpty ? nil : grown
    }

    public func didBecomeIdle() {
        // Always: the last frame may have written "animating": true just before the animation ended
        // (the writer skips byte-identical output).
        writeState()
    }

    public var nextDeadline: Double? { screen.nextDeadline }
    public var windowTitle: String { screen.title }
    public var cursor: CursorShape { screen.cursor }
    public var shouldQuit: Bool { quitRequested }
    /// Ready when the screen shows what it will settle on (`Screen.isReadyForSnapshot`: the scan done, the album asked
    /// for at launch open, its first screen loaded with exact cards), is animating anyway, or will take long to settle
    /// (a cold thumbnail cache: the first photo came from a decode, so waiting would only delay the window).
    public var isReadyToShow: Bool { screen.isAnimating || screen.isReadyForSnapshot || screen.isSlowToSettle }
}
