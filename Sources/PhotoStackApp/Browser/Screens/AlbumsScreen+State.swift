import StackEngine

extension AlbumsScreen {
    /// Album titles listed in the state: the state is written up to 10 times a second while the screen moves, and
    /// 5,000 titles are 150 KB of JSON (about a fifth of the UI thread's time while a big library is scanned).
    static let stateTitleLimit = 1_000

    /// `columns`, the layout `scale`, the stack side (points), `zoomLevel`, album count, the albums' titles (in order;
    /// the first `stateTitleLimit`, then `titlesOmitted`: how many more there are), scanning flag and, once the initial
    /// scan ended, `scanSeconds` (its wall time, `LibraryModel.scanSeconds`), whether watching
    /// is limited, selection, and `albumAtTop` (the album a resize keeps at the top: `AlbumsScreen.albumAtTop`).
    func albumsLayoutState() -> [String: StateValue] {
        let listed = min(albumCount, Self.stateTitleLimit)
        var out: [String: StateValue] = [
            "columns": .int(stackLayout.columns),
            "scale": .double(stackLayout.scale),
            "stackSide": .double(stackLayout.effectiveItemSize.width),
            "albums": .int(albumCount),
            "scanning": .bool(library.isScanning),
            "titles": .list((0..<listed).map { .string(album(at: $0)?.title ?? "") }),
            "watchingLimited": .bool(library.watchLimit != nil),
            "library": .string(library.root.string),
            "zoomLevel": .int(zoom.level),
        ]
        if albumCount > listed { out["titlesOmitted"] = .int(albumCount - listed) }
        if let seconds = library.scanSeconds { out["scanSeconds"] = .double(seconds) }
        if let s = selectedSection { out["selected"] = .int(s) }
        if let s = hoveredSection { out["pointerTarget"] = .int(s) }
        if let a = albumAtTop { out["albumAtTop"] = .int(a) }
        return out
    }


    /// True when stacks meet the window and every drawn card there shows its photo (loaded, or failed) with its exact
    /// card: the window is complete, whether or not the scan is still finding albums further down.
    var showsCompleteWindow: Bool {
        let states = visiblePhotoStates()
        return !states.isEmpty && states.allSatisfy { $0.status != PhotoLoadStatus.loading.name && $0.cardPending != true }
    }

    /// Load state of every drawn card meeting the window (top `drawnDepth` photos of each visible stack).
    func visiblePhotoStates() -> [PhotoState] {
        let offset = collectionView.contentOffset
        let viewport = Rect(x: offset.x, y: offset.y, width: viewportWidth, height: viewportHeight)
        var out: [PhotoState] = []
        for item in collectionView.displayList where !item.isDisappearing {
            guard let cell = item.view as? PhotoCell, cell.isDrawn, let photo = cell.photo,
                  item.attributes.boundingBox.intersects(viewport) else { continue }
            let p = item.attributes.indexPath
            out.append(PhotoState(section: p.section, item: p.item, file: photo.displayName, status: photos.status(of: photo.id),
                                  bytes: photo.fileSize, incomplete: photos.isIncomplete(photo.id),
                              cardPending: cell.waitsForExactCard))
        }
        return out.sorted { ($0.section, $0.item) < ($1.section, $1.item) }
    }

    /// True when every drawn card meeting the window has its picture (or its failure) and its exact card. It stops at
    /// the first photo still waiting and builds no `PhotoState`s: it runs at every loop turn before the first frame.
    func visiblePhotosAreSettled() -> Bool {
        let offset = collectionView.contentOffset
        let viewport = Rect(x: offset.x, y: offset.y, width: viewportWidth, height: viewportHeight)
        for item in collectionView.displayList where !item.isDisappearing {
            guard let cell = item.view as? PhotoCell, cell.isDrawn, let photo = cell.photo,
                  item.attributes.boundingBox.intersects(viewport) else { continue }
            if cell.waitsForExactCard || photos.status(of: photo.id) == .loading { return false }
        }
        return true
    }
}
