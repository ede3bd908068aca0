import PhotoPipeline
import StackEngine

extension ActionController {
    /// What a key press acts on: the photo view's (or slideshow's) photo; in the album grid the selection, else the
    /// photo under the pointer while the pointer is the target (it moved since the keyboard last moved the ring),
    /// else the keyboard-focused photo; on the albums screen the stack under the pointer (the same rule), else the
    /// keyboard-selected one. What the pointer targets is highlighted (`PhotoCell.showsTargetHighlight`, the lift).
    func keyboardTargets() -> ActionTargets {
        switch browser.top {
        case let photo as PhotoScreen:
            return ActionTargets(photos: [(photo.photo, photo.album)], album: (photo.section, photo.album), startIndex: photo.index)
        case let show as SlideshowScreen:
            guard let (photo, album) = show.current else { return ActionTargets() }
            return ActionTargets(photos: [(photo, album)], album: (nil, album), startIndex: album.index(ofPhotoAt: photo.path) ?? 0)
        case let grid as AlbumScreen:
            let selected = grid.collectionView.indexPathsForSelectedItems.map(\.item)
            if !selected.isEmpty { return gridTargets(grid, items: selected) }
            if let key = grid.pointerTarget, key.category == .cell { return gridTargets(grid, items: [key.indexPath.item]) }
            if let focus = grid.selectedItem { return gridTargets(grid, items: [focus]) }
            return ActionTargets(album: (nil, grid.album))
        case let albums as AlbumsScreen:
            let section = albums.hoveredSection ?? albums.selectedSection
            return albumTargets(section)
        default:
            return ActionTargets()
        }
    }

    /// What the context menu opened at `point` (window points) acts on: in the album grid the photo there — with
    /// the rest of the selection when it is selected — or the selection when no photo is there; on the albums
    /// screen the stack there; the photo view's photo.
    func pointerTargets(at point: Point) -> ActionTargets {
        switch browser.top {
        case let grid as AlbumScreen:
            let cv = grid.collectionView
            let selected = cv.indexPathsForSelectedItems.map(\.item)
            if let hit = cv.element(at: cv.contentPoint(fromViewport: point)), hit.attributes.category == .cell {
                let item = hit.attributes.indexPath.item
                return gridTargets(grid, items: selected.contains(item) ? selected : [item])
            }
            return selected.isEmpty ? ActionTargets(album: (nil, grid.album)) : gridTargets(grid, items: selected)
        case let albums as AlbumsScreen:
            let cv = albums.collectionView
            let key = cv.element(at: cv.contentPoint(fromViewport: point))?.attributes.key
            let section = key.flatMap { albums.isClickable($0) ? $0.indexPath.section : nil }
            return albumTargets(section)
        default:
            return keyboardTargets()
        }
    }

    /// What the photo actions of a key press apply to now, in words ("the 3 selected photos", "“IMG_1.jpg”, under the
    /// pointer", "“IMG_1.jpg”, the ringed photo"); nil where no photo is meant.
    func targetDescription() -> String? {
        let targets = keyboardTargets()
        guard !targets.photos.isEmpty else { return targets.album.map { "the album “\($0.album.title)”" } }
        if let grid = browser.top as? AlbumScreen {
            if !grid.collectionView.indexPathsForSelectedItems.isEmpty {
                return targets.photos.count == 1 ? "the selected photo “\(targets.summary)”" : "the \(targets.photos.count) selected photos"
            }
            return grid.pointerTarget?.category == .cell ? "“\(targets.summary)”, under the pointer" : "“\(targets.summary)”, the ringed photo"
        }
        return "“\(targets.summary)”"
    }

    /// The grid's photos at `items` (in album order).
    func gridTargets(_ grid: AlbumScreen, items: [Int]) -> ActionTargets {
        let album = grid.album
        let photos = items.sorted().filter { $0 < album.photos.count }.map { (album.photos[$0], album) }
        return ActionTargets(photos: photos, album: (nil, album), startIndex: items.min() ?? 0)
    }

    /// The albums screen's stack `section` (no photos: photo actions need an album open).
    func albumTargets(_ section: Int?) -> ActionTargets {
        guard let section, let album = browser.albums.album(at: section) else { return ActionTargets() }
        return ActionTargets(album: (section, album))
    }
}
