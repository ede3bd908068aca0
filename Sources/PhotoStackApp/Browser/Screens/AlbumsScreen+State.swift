import StackEngine

extension AlbumsScreen {
    /// `columns`, the layout `scale`, the stack side (points), album count, every album's title (in order),
    /// scanning flag, whether watching is limited, selection, and `albumAtTop` (the album a resize keeps at the
    /// top: `AlbumsScreen.albumAtTop`).
    func albumsLayoutState() -> [String: StateValue] {
        var out: [String: StateValue] = [
            "columns": .int(stackLayout.columns),
            "scale": .double(stackLayout.scale),
            "stackSide": .double(stackLayout.effectiveItemSize.width),
            "albums": .int(albumCount),
            "scanning": .bool(library.isScanning),
            "titles": .list((0..<albumCount).map { .string(album(at: $0)?.title ?? "") }),
            "watchingLimited": .bool(library.watchLimit != nil),
            "library": .string(library.root.string),
        ]
        if let s = selectedSection { out["selected"] = .int(s) }
        if let a = albumAtTop { out["albumAtTop"] = .int(a) }
        return out
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
}
