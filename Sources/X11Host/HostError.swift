/// Why the host could not start.
public enum HostError: Error, CustomStringConvertible, Sendable {
    /// No X display could be opened (DISPLAY unset or the server unreachable).
    case cannotOpenDisplay(String)
    case system(String)

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            return "cannot open X display \(name.isEmpty ? "(DISPLAY is not set)" : "'\(name)'")"
        case .system(let m): return m
        }
    }
}
