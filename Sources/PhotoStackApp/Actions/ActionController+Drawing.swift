import Canvas
import PhotoPipeline

extension ActionController {
    /// Draws what the controller shows over the screens: the information panel, the shortcuts, the message line.
    func drawOverlays(in ctx: CairoContext, width: Double, height: Double) {
        if overlay == .info, let info {
            let reason = viewRotationReasons[info.path].flatMap { r in viewRotations[info.path] != nil ? "in the view only — \(r)" : nil }
            InfoOverlay.draw(InfoOverlay.rows(info.result, viewRotation: reason), in: ctx, width: width, height: height)
        }
        if let m = message {
            NoteDrawing.pill(m.text, in: ctx, centerX: width / 2, centerY: height - 70, maxWidth: min(width - 40, 640))
        }
        if overlay == .help { HelpOverlay.draw(in: ctx, width: width, height: height, target: targetDescription()) }
    }

    /// The controller's part of the state JSON (in the screen's `layout`): fullscreen, menu rows, overlay,
    /// message, selection, sort order, undo depth.
    func addState(to state: inout ScreenState) {
        state.layout["fullscreen"] = .bool(isFullscreen)
        state.layout["sort"] = .string(library.presentation.order.rawValue)
        state.layout["undo"] = .int(undoStack.count)
        if let menu {
            state.layout["menu"] = .list(menu.rows.compactMap { r in r.action == nil ? nil : .string(r.title + (r.enabled ? "" : " (disabled)")) })
            if let h = menu.highlighted { state.layout["menuHighlighted"] = .string(menu.rows[h].title) }
        }
        if let overlay { state.layout["overlay"] = .string(overlay == .help ? "help" : "info") }
        if overlay == .help, let t = targetDescription() { state.layout["helpTarget"] = .string(t) }
        if overlay == .info, let info {
            state.layout["info"] = .list(InfoOverlay.rows(info.result, viewRotation: nil).map { .string("\($0.0): \($0.1)") })
        }
        if let m = message { state.layout["message"] = .string(m.text) }
        if let grid = browser.top as? AlbumScreen {
            state.layout["selection"] = .list(grid.collectionView.indexPathsForSelectedItems.map(\.item).sorted().map { .int($0) })
        }
        if !viewRotations.isEmpty { state.layout["viewRotations"] = .int(viewRotations.count) }
    }
}
