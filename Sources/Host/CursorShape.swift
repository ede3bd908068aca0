/// The mouse cursor shown over the window.
public enum CursorShape: Hashable, Sendable {
    case arrow
    /// A pointing hand, over clickable things.
    case hand
}
