/// A key the app understands, decoded from the X11 keysym.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case space, enter, escape, backspace, tab
    case plus, minus
    /// A function key, F1 = 1.
    case function(Int)
    /// A printable key that is not named above, as its text ("q", "a", "é").
    case character(String)
    /// Anything else, by its X keysym name ("Shift_L", "Print").
    case other(String)
}
