import Host

extension HostEvent {
    /// How the frame log names this event: "kind@seconds" (frame-clock time); nil for pointer motion and
    /// events without a time (motion is frequent and shows in the offsets anyway).
    var logNote: String? {
        func at(_ kind: String, _ t: Double) -> String { "\(kind)@\((t * 1000).rounded() / 1000)" }
        switch self {
        case .pointerDown(let p): return at("down", p.time)
        case .pointerUp(let p): return at("up", p.time)
        case .wheel(let w): return at("wheel", w.time)
        case .pinch(let p): return at("pinch-\(p.phase.rawValue)", p.time)
        case .key(let k): return at("key:\(k.keysymName)", k.time)
        case .resize(let w, let h, _): return "resize:\(Int(w))x\(Int(h))"
        case .close: return "close"
        case .focusChanged(let f): return f ? "focus-in" : "focus-out"
        case .fullscreenChanged(let f): return f ? "fullscreen" : "windowed"
        case .clipboardRequest(let r): return "clipboard:\(r.mimeType)"
        case .clipboardLost: return "clipboard-lost"
        case .displayProfileChanged(let icc): return "display-profile:\(icc?.count ?? 0)"
        case .pointerMoved, .pointerEntered, .pointerLeft: return nil
        }
    }
}
