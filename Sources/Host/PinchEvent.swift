/// A touchpad pinch: two or more fingers moving apart (zoom in) or together (zoom out). One gesture is a `began`,
/// any number of `changed` and an `ended` (or `cancelled`, when the platform gives the gesture up). On X11 it comes
/// from XInput 2.4 gesture events (`XI_GesturePinchBegin/Update/End`), which servers from 21.1 send for touchpads
/// driven by libinput; elsewhere there are none (Ctrl+wheel and the keys zoom as well).
public struct PinchEvent: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable {
        case began, changed, ended, cancelled
    }

    public var phase: Phase
    /// The fingers' spread relative to the start of the gesture: 1 at `began`, 2 when twice as far apart, 0.5 at half.
    public var scale: Double
    /// The gesture's centre, points.
    public var x: Double, y: Double
    public var modifiers: Modifiers
    /// Seconds.
    public var time: Double

    public init(phase: Phase, scale: Double, x: Double, y: Double, modifiers: Modifiers = [], time: Double) {
        self.phase = phase; self.scale = scale; self.x = x; self.y = y; self.modifiers = modifiers; self.time = time
    }
}
