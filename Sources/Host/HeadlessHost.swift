import Canvas
import Foundation

/// A host without a display: the same loop turn as the window's (`WindowClient`), on a hand-driven clock,
/// drawing into an image surface. `--snapshot` and the tests drive the app through it, so what they see is
/// what the window would show. Background work wakes it through `wake` (connect the app's inbox to it);
/// `waitForWake(timeout:)` blocks in wall time until then.
public final class HeadlessHost: @unchecked Sendable {
    /// The host's time: moves only when `settle` (one frame interval per frame) or the caller moves it.
    public let clock: ManualClock
    /// Window size, points, and device pixels per point.
    public let width: Double, height: Double, scale: Double
    /// Seconds between frames (1/60), the step `settle` advances the clock by.
    public var frameInterval = 1.0 / 60
    /// The frame drawn last (width × scale by height × scale device pixels).
    public let surface: ImageSurface
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0
    /// Cairo's error from drawing the last frame, if any.
    public private(set) var lastDrawError: String?
    /// What the app asked of the platform (fullscreen, popups, clipboard, …), recorded; its simulated answers are
    /// handed to the client at the start of each turn.
    public let services = RecordingServices()

    private let condition = NSCondition()
    private var woken = false

    public init(width: Double, height: Double, scale: Double, clock: ManualClock = ManualClock()) throws {
        self.width = width; self.height = height; self.scale = scale
        self.clock = clock
        surface = try ImageSurface(pixelWidth: max(1, Int((width * scale).rounded())), pixelHeight: max(1, Int((height * scale).rounded())))
    }

    /// Wakes the host (any thread): what the app's inbox calls when background work posts a result.
    public var wake: @Sendable () -> Void {
        { [self] in condition.lock(); woken = true; condition.broadcast(); condition.unlock() }
    }

    /// Blocks until `wake` was called since the last wait, or `timeout` seconds (wall time) pass. True when woken.
    @discardableResult
    public func waitForWake(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock(); defer { condition.unlock() }
        while !woken { if !condition.wait(until: deadline) { break } }
        let was = woken
        woken = false
        return was
    }

    /// The display's ICC profile the host reports (nil: sRGB).
    public var displayProfile: [UInt8]?

    /// Gives the client its window size (the first event a window host sends), then the display's profile if it
    /// has one.
    public func start(_ client: WindowClient) {
        client.handle(.resize(width: width, height: height, scale: scale), at: clock.now)
        if let displayProfile { client.handle(.displayProfileChanged(displayProfile), at: clock.now) }
    }

    /// One loop turn at the clock's time: background results, `events`, then a frame if the client needs one
    /// (or if `forceFrame`). Returns whether a frame was drawn.
    @discardableResult
    public func turn(_ client: WindowClient, events: [HostEvent] = [], forceFrame: Bool = false) -> Bool {
        let now = clock.now
        client.takeBackgroundResults(at: now)
        for e in services.takeEvents() + events { client.handle(e, at: now) }
        guard client.needsFrame || forceFrame else { return false }
        client.update(at: now)
        let ctx = CairoContext(surface: surface)
        ctx.scale(scale, scale)
        client.draw(in: ctx, width: width, height: height, scale: scale)
        lastDrawError = ctx.errorDescription
        framesDrawn += 1
        if !client.needsFrame { client.didBecomeIdle() }
        return true
    }

    /// Runs turns, advancing the clock one frame interval before each, while the client needs frames, at most
    /// `maxFrames` of them. True when it came to rest.
    @discardableResult
    public func settle(_ client: WindowClient, maxFrames: Int = 600) -> Bool {
        var frames = 0
        turn(client)
        while client.needsFrame && frames < maxFrames {
            clock.advance(by: frameInterval)
            turn(client)
            frames += 1
        }
        return !client.needsFrame
    }
}
