/// Where one photo's image stands, for drawing and the state JSON.
public enum PhotoLoadStatus: Equatable, Sendable {
    /// Requested (or not yet requested): the card shows a placeholder.
    case loading
    /// An image is available.
    case loaded
    /// It cannot be read; `reason` is the decoder's sentence (also written to the state JSON and stderr).
    case failed(reason: String)

    /// "loading", "loaded" or "failed".
    public var name: String {
        switch self {
        case .loading: return "loading"
        case .loaded: return "loaded"
        case .failed: return "failed"
        }
    }
}
