import Canvas
import Host
import StackEngine

/// The screen `photostack demo` shows: it owns the current demo screen and forwards everything to it;
/// F2 switches to the next demo and Shift+F2 to the previous one (wrapping around).
public final class DemoHostScreen: Screen {
    public let seed: UInt64
    /// The demo on display.
    public private(set) var current: DemoScreen
    private var width = 0.0, height = 0.0, scale = 1.0

    public init(kind: DemoKind, seed: UInt64) {
        self.seed = seed
        current = kind.makeScreen(seed: seed)
    }

    /// Replaces the demo by `kind`'s (fresh state), sized to the window, at `time` (seconds).
    public func show(_ kind: DemoKind, at time: Double) {
        current = kind.makeScreen(seed: seed)
        if width > 0 { current.resize(width: width, height: height, scale: scale, at: time) }
    }

    // MARK: Screen

    public var name: String { current.name }
    public var title: String { current.title }
    public var cursor: CursorShape { current.cursor }

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.width = width; self.height = height; self.scale = scale
        current.resize(width: width, height: height, scale: scale, at: time)
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        if case .key(let k) = event, k.key == .function(2) {
            show(current.kind.cycled(by: k.modifiers.contains(.shift) ? -1 : 1), at: time)
            return true
        }
        return current.handle(event, at: time)
    }

    public func update(at time: Double) { current.update(at: time) }
    public var isAnimating: Bool { current.isAnimating }
    public var isReadyForSnapshot: Bool { current.isReadyForSnapshot }
    public var lastFrame: (offset: Point, redrawn: Double) { current.lastFrame }

    public func draw(in context: CairoContext, width: Double, height: Double, scale: Double) {
        current.draw(in: context, width: width, height: height, scale: scale)
    }

    public func state() -> ScreenState { current.state() }
}
