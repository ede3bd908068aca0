import Foundation
import PhotoPipeline
import StackEngine

extension ActionController {
    /// Runs `action` on `targets` (default: what a key press means now, `keyboardTargets`).
    func perform(_ action: BrowserAction, on given: ActionTargets? = nil) {
        let targets = given ?? keyboardTargets()
        switch action {
        case .open:
            open(targets)
        case .openWith:
            openWith(targets)
        case .showInFolder:
            showInFolder(targets)
        case .copy:
            copy(targets)
        case .moveToTrash:
            moveToTrash(targets)
        case .undo:
            undo()
        case .rotateClockwise:
            rotate(targets, .clockwise)
        case .rotateCounterClockwise:
            rotate(targets, .counterClockwise)
        case .info:
            toggleInfo(targets)
        case .slideshow:
            startSlideshow(targets)
        case .pauseSlideshow:
            (browser.top as? SlideshowScreen)?.togglePause(at: time)
        case .fullscreen:
            services.requestFullscreen(!isFullscreen)
        case .selectAll:
            guard let grid = browser.top as? AlbumScreen else { return }
            grid.collectionView.allowsMultipleSelection = true
            grid.collectionView.applySelection(.selectAll(section: 0))
        case .clearSelection:
            (browser.top as? AlbumScreen)?.collectionView.applySelection(.clear)
        case .sort(let order):
            sort(by: order)
        case .justifiedRows:
            setGridStyle(settings.gridStyleInForce == .justified ? .square : .justified)
        case .fileNames:
            setShowsFileNames(!settings.showsFileNames)
        case .help:
            overlay = overlay == .help ? nil : .help
        case .places:
            overlay = nil
            browser.onShowPlaces?()
        }
    }

    /// Whether `action` can run on `targets` now (the menu greys out the others).
    func isEnabled(_ action: BrowserAction, for targets: ActionTargets) -> Bool {
        switch action {
        case .open:
            return browser.top is AlbumsScreen ? targets.album != nil : browser.top is AlbumScreen && targets.photos.count == 1
        case .openWith: return !targets.photos.isEmpty
        case .showInFolder: return targets.album != nil || !targets.photos.isEmpty
        case .undo: return !undoStack.isEmpty
        case .selectAll: return browser.top is AlbumScreen
        case .clearSelection:
            return !((browser.top as? AlbumScreen)?.collectionView.indexPathsForSelectedItems.isEmpty ?? true)
        case .slideshow: return !library.albums.isEmpty
        case .pauseSlideshow: return browser.top is SlideshowScreen
        case .fullscreen, .sort, .help: return true
        case .justifiedRows: return browser.top is AlbumScreen
        case .fileNames: return browser.top is AlbumScreen
        case .places: return browser.onShowPlaces != nil
        case .copy, .moveToTrash, .rotateClockwise, .rotateCounterClockwise, .info: return !targets.photos.isEmpty
        }
    }

    /// The menu's Open: the stack's album, or the grid's photo.
    func open(_ targets: ActionTargets) {
        if browser.top is AlbumsScreen, let section = targets.album?.section {
            browser.openAlbum(section, at: time)
        } else if let grid = browser.top as? AlbumScreen, let first = targets.photos.first,
                  let i = grid.album.index(ofPhotoAt: first.photo.path) {
            browser.openPhoto(i, in: grid, section: browser.albums.selectedSection ?? 0, at: time)
        }
    }

    /// Opens each photo with the desktop's default application (`xdg-open`, at most 10 at once).
    func openWith(_ targets: ActionTargets) {
        let photos = targets.photos.prefix(10)
        for p in photos { services.spawn("xdg-open", arguments: [p.photo.path.string], failed: reportFailure) }
        if targets.photos.count > photos.count { say("Opened the first \(photos.count) of \(targets.photos.count) photos") }
    }

    /// Opens the folder of each photo (or the album's folder) in the file manager (`xdg-open FOLDER`).
    func showInFolder(_ targets: ActionTargets) {
        var folders: [PhotoPath] = []
        for p in targets.photos where !folders.contains(p.photo.folder) { folders.append(p.photo.folder) }
        if folders.isEmpty, let album = targets.album?.album { folders = [album.path] }
        for f in folders.prefix(5) { services.spawn("xdg-open", arguments: [f.string], failed: reportFailure) }
    }

    /// Starts a slideshow from the photo meant (the album under the pointer on the albums screen: every album).
    func startSlideshow(_ targets: ActionTargets, interval: Double? = nil) {
        guard !(browser.top is SlideshowScreen), !library.albums.isEmpty else { return }
        let scope: SlideshowScreen.Scope
        var start: (album: FolderKey, photo: Int)
        if browser.top is AlbumsScreen {
            scope = .allAlbums
            start = (targets.album?.album.key ?? library.albums[0].key, 0)
        } else if let album = targets.album?.album ?? targets.photos.first?.album {
            scope = .album(album.key)
            let first = targets.photos.first.flatMap { album.index(ofPhotoAt: $0.photo.path) }
            start = (album.key, first ?? targets.startIndex)
        } else {
            return
        }
        let show = SlideshowScreen(library: library, photos: browser.photos, scope: scope, start: start,
                                   interval: interval ?? slideshowInterval, at: time)
        show.quarterTurns = { [unowned self] in self.viewRotations[$0] ?? 0 }
        browser.push(show, at: time)
    }

    /// Says in the window what failed outside the app (called on a background thread: posted to the inbox).
    var reportFailure: @Sendable (String) -> Void {
        let post = self.post
        return { post(.action(.failed($0))) }
    }
}
