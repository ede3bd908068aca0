import Host
import PhotoPipeline
import StackEngine

extension ActionController {
    /// Ctrl+click toggles the photo under the pointer in the album grid's selection, Shift+click selects the range
    /// from the anchor (Ctrl+Shift adds it): the engine's multiple selection. The press and its release are taken
    /// (no drag, no open). The albums screen has no multiple selection: its clicks open albums.
    func selectionClick(_ p: PointerEvent) -> Bool {
        var mods: SelectionModifiers = []
        if p.modifiers.contains(.control) { mods.insert(.control) }
        if p.modifiers.contains(.shift) { mods.insert(.shift) }
        guard !mods.isEmpty, let grid = browser.top as? AlbumScreen, !grid.isClosing else { return false }
        let cv = grid.collectionView
        guard let hit = cv.element(at: cv.contentPoint(fromViewport: Point(x: p.x, y: p.y))), hit.attributes.category == .cell
        else { return false }
        cv.allowsMultipleSelection = true
        cv.applySelection(.click(hit.attributes.indexPath, modifiers: mods))
        swallowsLeftRelease = true
        return true
    }

    /// `i`: shows (or hides) the information of the photo meant; it is read by the worker.
    func toggleInfo(_ targets: ActionTargets) {
        if overlay == .info { overlay = nil; return }
        guard let photo = targets.photos.first?.photo else { return }
        overlay = .info
        requestInfo(photo.path)
    }

    func requestInfo(_ path: PhotoPath) {
        guard info?.path != path else { return }
        info = (path, nil)
        worker.readInfo(path)
    }

    /// In the photo view and the slideshow the overlay follows the photo shown.
    func followInfoPhoto() {
        switch browser.top {
        case let p as PhotoScreen: requestInfo(p.photo.path)
        case let s as SlideshowScreen: if let c = s.current { requestInfo(c.photo.path) }
        default: break
        }
    }
}
