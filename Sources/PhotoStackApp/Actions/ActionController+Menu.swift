import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine

extension ActionController {
    /// The menu's rows for the screen on top (its actions, enabled for `targets`).
    func menuRows(for targets: ActionTargets) -> [ContextMenu.Row] {
        var groups: [[BrowserAction]]
        let sorts: [BrowserAction] = [.sort(.name), .sort(.taken), .sort(.modified)]
        switch browser.top {
        case is AlbumsScreen:
            groups = [[.open, .showInFolder, .slideshow], sorts, [.undo, .fullscreen, .help]]
        case is AlbumScreen:
            groups = [[.open, .openWith, .showInFolder],
                      [.copy, .moveToTrash, .rotateClockwise, .rotateCounterClockwise, .info],
                      [.selectAll, .clearSelection, .slideshow], sorts, [.justifiedRows, .fileNames], [.undo, .fullscreen, .help]]
        case is SlideshowScreen:
            groups = [[.pauseSlideshow, .info, .copy, .openWith, .showInFolder], [.fullscreen, .help]]
        default:
            groups = [[.openWith, .showInFolder],
                      [.copy, .moveToTrash, .rotateClockwise, .rotateCounterClockwise, .info],
                      [.slideshow], [.undo, .fullscreen, .help]]
        }
        if browser.onShowPlaces != nil { groups.append([.places]) }
        var rows: [ContextMenu.Row] = []
        for group in groups {
            if !rows.isEmpty { rows.append(.separator) }
            for a in group {
                var title = a.title(photoCount: targets.photos.count)
                if a == .fullscreen, isFullscreen { title = "Leave fullscreen" }
                if a == .pauseSlideshow, let s = browser.top as? SlideshowScreen { title = s.isPaused ? "Resume slideshow" : "Pause slideshow" }
                var checked = false
                if case .sort(let order) = a { checked = order == library.presentation.order }
                if a == .justifiedRows || a == .fileNames { checked = isChecked(a) }
                rows.append(ContextMenu.Row(action: a, title: title, shortcut: a.shortcuts.first?.label ?? "",
                                            enabled: isEnabled(a, for: targets), checked: checked))
            }
        }
        return rows
    }

    /// Opens the context menu at `point` (window points) for what is there.
    func openMenu(at point: Point) {
        overlay = overlay == .help ? nil : overlay
        let targets = pointerTargets(at: point)
        let rows = menuRows(for: targets)
        let size = ContextMenu.size(of: rows)
        menu = ContextMenu(rows: rows, highlighted: nil, targets: targets,
                           frame: CanvasRect(x: point.x + 1, y: point.y + 1, width: size.width, height: size.height),
                           openedAt: time)
        markMenuTargets(targets)
        showMenu()
    }

    /// Draws the menu and has the host show it (again); the host may move it to keep it on the screen.
    func showMenu() {
        guard let m = menu, let image = try? m.render(scale: browser.scale) else { return }
        menu?.frame = services.showPopup(frame: m.frame, image: image)
    }

    func closeMenu() {
        menu = nil
        markMenuTargets(nil)
        services.hidePopup()
    }

    /// Marks what the open menu acts on (its photos framed in the grid, its stack lifted), or clears the marks.
    func markMenuTargets(_ targets: ActionTargets?) {
        if let grid = browser.top as? AlbumScreen { grid.menuTargets = Set(targets?.photos.map(\.photo.id) ?? []) }
        if let albums = browser.top as? AlbumsScreen { albums.menuTargetSection = targets?.album?.section }
    }

    /// The pointer moved while the menu is open: the row under it is highlighted.
    func menuPointerMoved(_ p: Point) -> Bool {
        guard let m = menu else { return false }
        let row = m.row(at: p)
        if row != m.highlighted, row != nil || m.contains(p) {
            menu?.highlighted = row
            showMenu()
        }
        return true
    }

    /// Every event while the menu is open is the menu's: arrows move, Enter runs, Escape or a click outside closes,
    /// a click on a row runs its action (also a right-button drag from the opening press, released on a row; the
    /// opening click's own release does nothing), a key that is an action's shortcut runs that row.
    func handleMenuEvent(_ event: HostEvent) -> Bool {
        guard var m = menu else { return false }
        switch event {
        case .pointerDown(let p):
            let point = Point(x: p.x, y: p.y)
            if !m.contains(point) { closeMenu(); return true }
            m.pressedSinceOpen = true
            menu = m
        case .pointerUp(let p):
            let point = Point(x: p.x, y: p.y)
            let dragged = m.highlighted != nil && time - m.openedAt >= ContextMenu.dragActivationDelay
            guard m.pressedSinceOpen || dragged, let i = m.row(at: point) else { return true }
            activate(i)
        case .key(let k):
            switch k.key {
            case .escape: closeMenu()
            case .up, .down, .tab:
                menu?.highlighted = m.nextEnabled(k.key == .up || (k.key == .tab && k.modifiers.contains(.shift)) ? -1 : 1)
                showMenu()
            case .home, .end:
                var reset = m
                reset.highlighted = nil
                menu?.highlighted = reset.nextEnabled(k.key == .home ? 1 : -1)
                showMenu()
            case .enter, .space:
                if let h = m.highlighted { activate(h) }
            default:
                if let i = m.rows.firstIndex(where: { r in r.enabled && r.action.map { a in a.shortcuts.contains { $0.matches(k) } } == true }) {
                    activate(i)
                }
            }
        case .focusChanged(false):
            closeMenu()
        default:
            break
        }
        return true
    }

    /// Closes the menu and runs row `i`'s action on the menu's targets.
    func activate(_ i: Int) {
        guard let m = menu, m.rows.indices.contains(i), let action = m.rows[i].action, m.rows[i].enabled else { return }
        closeMenu()
        perform(action, on: m.targets)
    }
}
