import Host
import StackEngine

/// Turns zoom input into zoom-level requests for a screen with discrete zoom levels (the albums screen, the album
/// grid), where level + 1 shows larger items (fewer columns):
/// - Ctrl+wheel: one level per notch (up: larger); a touchpad's fractional notches add up to whole levels;
/// - Ctrl+plus (also Ctrl+= and keypad +), Ctrl+minus (keypad −): one level; Ctrl+0: the default level;
/// - a touchpad pinch: the spread since the gesture began, in levels (`pinchLevel`), with hysteresis so fingers
///   resting near a boundary do not flip between two levels.
/// The anchor is where the zoom should keep the content still: the wheel's or pinch's position, nil for keys (the
/// screen uses the pointer's last position, else the window's centre).
struct ZoomGesture {
    enum Outcome: Equatable {
        /// Not zoom input: the screen handles the event as usual.
        case notZoom
        /// Zoom input that changes nothing now (a part of a notch, a pinch beginning or ending).
        case consumed
        /// `steps` levels larger (negative: smaller).
        case step(Int, anchor: Point?)
        /// Back to the default level.
        case reset(anchor: Point?)
        /// A pinch moved: the fingers' spread is `scale` times what it was when it began at level `startLevel`.
        case pinch(scale: Double, startLevel: Int, anchor: Point)
    }

    /// Fractional Ctrl+wheel notches not yet turned into a level (touchpads), positive: larger.
    private(set) var wheelRemainder = 0.0
    /// The level when the running pinch began, nil between pinches.
    private(set) var pinchStartLevel: Int?

    /// What `event` asks for, given the screen's level now.
    mutating func interpret(_ event: HostEvent, level: Int) -> Outcome {
        switch event {
        case .key(let k) where k.modifiers.contains(.control):
            switch k.key {
            case .plus, .character("="), .character("+"): return .step(1, anchor: nil)
            case .minus, .character("_"): return .step(-1, anchor: nil)
            case .character("0"), .other("KP_0"), .other("KP_Insert"): return .reset(anchor: nil)
            default: return .notZoom
            }
        case .wheel(let w) where w.modifiers.contains(.control):
            let anchor = Point(x: w.x, y: w.y)
            let notches = -w.deltaY   // wheel up (negative y): larger
            guard w.isPrecise else {
                let n = Int(notches.rounded())
                return n == 0 ? .consumed : .step(n, anchor: anchor)
            }
            if wheelRemainder != 0, (wheelRemainder > 0) != (notches > 0) { wheelRemainder = 0 }   // turned back
            wheelRemainder += notches
            let n = Int(wheelRemainder)   // towards zero
            guard n != 0 else { return .consumed }
            wheelRemainder -= Double(n)
            return .step(n, anchor: anchor)
        case .pinch(let p):
            let anchor = Point(x: p.x, y: p.y)
            switch p.phase {
            case .began:
                pinchStartLevel = level
                return .consumed
            case .changed:
                let start = pinchStartLevel ?? level   // an update without its begin (the window gained the pointer)
                pinchStartLevel = start
                return .pinch(scale: p.scale, startLevel: start, anchor: anchor)
            case .ended, .cancelled:
                pinchStartLevel = nil
                return .consumed
            }
        default:
            return .notZoom
        }
    }

    /// The level a pinch asks for: `continuous` is where the spread puts the fingers on the level scale (a
    /// fractional level); the level moves to the nearest whole one only once `continuous` is more than 0.6 of a
    /// level away from `current`, then clamped to `levels`.
    static func pinchLevel(continuous: Double, current: Int, levels: ClosedRange<Int>) -> Int {
        guard continuous.isFinite, abs(continuous - Double(current)) > 0.6 else { return current }
        let nearest = Int(continuous.rounded())
        return min(levels.upperBound, max(levels.lowerBound, nearest))
    }
}
