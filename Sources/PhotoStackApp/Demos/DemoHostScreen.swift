import Canvas
import StackEngine
import X11Host

/// The screen `photostack demo` shows: it owns the current demo screen and forwards everything to it;
/// F2 switches to the next demo and Shift+F2 to the previous one (wrapping around). The demos run on a
/// `HostTimeClock` that follows the times the app passes in, so no change to the app or launcher is needed.
public final class DemoHostScreen: Screen {
    public let seed: UInt64
    public let clock: HostTimeClock
    /// The demo on display.
    public private(set) var current: DemoScreen
    private var width = 0.0, height = 0.0, scale = 1.0

    public init(kind: DemoKind, seed: UInt64, clock: HostTimeClock = HostTimeClock()) {
        self.seed = seed
        self.clock = clock
        current = kind.makeScreen(seed: seed, clock: clock)
    }

    /// Replaces the demo by `kind`'s (fresh state), sized to the window.
    public func show(_ kind: DemoKind, at time: Double) {
        clock.follow(time)
        current = kind.makeScreen(seed: seed, clock: clock)
        if width > 0 { current.resize(width: width, height: height, scale: scale, at: clock.now) }
    }

    // MARK: Screen

    public var name: String { current.name }
    public var title: String { current.title }
    public var cursor: CursorShape { current.cursor }

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        clock.follow(time)
        self.width = width; self.height = height; self.scale = scale
        current.resize(width: width, height: height, scale: scale, at: clock.now)
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        clock.follow(time)
        if case .key(let k) = event, k.key == .function(2) {
            show(current.kind.cycled(by: k.modifiers.contains(.shift) ? -1 : 1), at: clock.now)
            return true
        }
        return current.handle(event, at: clock.now)
    }

    public func update(at time: Double) {
        clock.follow(time)
        current.update(at: clock.now)
    }

    public var isAnimating: Bool { current.isAnimating }
    public var isReadyForSnapshot: Bool { current.isReadyForSnapshot }
    public var lastFrame: (offset: Point, redrawn: Double) { current.lastFrame }

    public func draw(in context: CairoContext, width: Double, height: Double, scale: Double) {
        current.draw(in: context, width: width, height: height, scale: scale)
    }

    public func state() -> ScreenState { current.state() }
}
