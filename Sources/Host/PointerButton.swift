/// A mouse button, numbered as X11 does (wheel buttons 4–7 arrive as `HostEvent.wheel` instead).
public enum PointerButton: Int, Hashable, Sendable {
    case left = 1
    case middle = 2
    case right = 3
    /// The "back" side button (X11 button 8).
    case back = 8
    /// The "forward" side button (X11 button 9).
    case forward = 9
}
