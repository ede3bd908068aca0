import Host
import PhotoPipeline

/// The Places screen's keys and pointer: Up/Down, Home/End, Page Up/Down move the selection (over every row: a
/// dimmed one shows its reason); Enter opens the selected entry; Escape or Backspace go back; the pointer lights
/// the row under it and a click opens it; the wheel scrolls.
extension PlacesScreen {
    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        switch event {
        case .key(let k) where k.modifiers.isEmpty || k.modifiers == .shift:
            return handleKey(k.key)
        case .pointerMoved(let x, let y, _, _), .pointerEntered(let x, let y, _):
            let row = row(atWindowX: x, y: y)
            guard row != hovered else { return false }
            hovered = row
            return true
        case .pointerLeft:
            guard hovered != nil else { return false }
            hovered = nil
            return true
        case .pointerDown(let p) where p.button == .left:
            guard let i = row(atWindowX: p.x, y: p.y) else { return false }
            selected = i
            choose(i)
            return true
        case .pointerDown(let p) where p.button == .back:
            return goBack()
        case .wheel(let w):
            let before = scrollOffset
            scrollOffset += (w.isPrecise ? w.deltaY : w.deltaY * 3) * 20
            clampScroll()
            return scrollOffset != before
        default:
            return false
        }
    }

    func handleKey(_ key: Key) -> Bool {
        guard !places.isEmpty || key == .escape || key == .backspace else { return false }
        switch key {
        case .down: moveSelection(to: (selected ?? -1) + 1)
        case .up: moveSelection(to: (selected ?? places.count) - 1)
        case .home: moveSelection(to: 0)
        case .end: moveSelection(to: places.count - 1)
        case .pageDown: moveSelection(to: (selected ?? 0) + max(1, Int(height / (Self.rowHeight + 4)) - 1))
        case .pageUp: moveSelection(to: (selected ?? 0) - max(1, Int(height / (Self.rowHeight + 4)) - 1))
        case .enter:
            guard let s = selected else { return false }
            choose(s)
        case .escape, .backspace:
            return goBack()
        default:
            return false
        }
        return true
    }

    func moveSelection(to i: Int) {
        let n = min(max(0, i), places.count - 1)
        selected = n
        reveal(n)
    }

    /// Opens entry `i` when it can be opened; otherwise says why in the status line.
    func choose(_ i: Int) {
        let p = places[i]
        guard let reason = p.unavailableReason else {
            status = "Opening \(shown(p.path))…"
            onChoose?(p)
            return
        }
        status = "\(p.name) cannot be opened: \(reason)"
    }

    func goBack() -> Bool {
        guard let back = onBack else { return false }
        back()
        return true
    }
}
