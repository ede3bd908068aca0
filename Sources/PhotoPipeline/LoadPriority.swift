/// How urgent a load is. Lower raw value = served first.
public enum LoadPriority: Int, Sendable, Comparable, Codable {
    /// The top photo of a visible stack.
    case topOfVisibleStack = 0
    /// Other visible photos.
    case visible = 1
    /// Photos in the prefetch range (in the scroll direction).
    case prefetch = 2

    public static func < (lhs: LoadPriority, rhs: LoadPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
