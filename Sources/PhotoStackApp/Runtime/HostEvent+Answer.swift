import Host

extension HostEvent {
    /// True for the platform's answers (fullscreen state, clipboard requests), which are never input to ignore.
    var isHostAnswer: Bool {
        switch self {
        case .fullscreenChanged, .clipboardRequest, .clipboardLost: return true
        default: return false
        }
    }
}
