import PhotoPipeline
import StackEngine

extension AlbumsScreen {
    /// Applies the library's albums as a snapshot at `time` — new albums, photos and deletions animate when
    /// `animated`; `reloading` photos (edited files) get new cards. Titles and photos of live renderers follow.
    ///
    /// A stack's items are only the photos it draws (its first `drawnDepth`): the ones beneath are never shown on
    /// this screen, so a library of 10^5 photos in 5,000 albums is a snapshot of 15,000 items, not 10^5. When the
    /// albums shown are still the first ones of the library, unchanged (the first scan streaming albums in), the
    /// new ones are appended to the shown snapshot in place (`appendAlbums`): no rebuild, no diff. Returns true
    /// when it appended (or found nothing new): its time was in proportion to the albums appended.
    @discardableResult
    public func reloadAlbums(animated: Bool, at time: Double, reloading: [PhotoKey] = []) -> Bool {
        let albums = library.albums
        if reloading.isEmpty, let appended = Self.albums(appendedTo: shownAlbums, in: albums),
           appendAlbums(appended, animated: animated, at: time) {
            return true
        }
        if reloading.isEmpty, replaceValuesInPlace(albums) { return false }
        let focusIndex = selectedSection
        defer {
            // The focused album went away: the stack that took its place (or the new last one).
            if let i = focusIndex, selectedSection == nil, !albums.isEmpty { selectedSection = min(i, shownAlbums.count - 1) }
        }
        var snapshot = CollectionSnapshot<FolderKey, PhotoKey>()
        photosByKey.removeAll(keepingCapacity: true)
        albumsByKey.removeAll(keepingCapacity: true)
        shownAlbums.removeAll(keepingCapacity: true)
        for album in albums where albumsByKey[album.key] == nil {
            albumsByKey[album.key] = album
            shownAlbums.append(album)
            snapshot.appendSections([album.key])
            snapshot.appendItems(itemKeys(of: album), toSection: album.key)
        }
        let reload = reloading.filter { photosByKey[$0] != nil }
        if !reload.isEmpty { snapshot.reloadItems(reload) }
        dataSource.apply(snapshot, animated: animated && hasBeenSized, at: time)
        refreshLiveRenderers()
        needsImageRequests = true
        return false
    }

    /// The albums of `albums` after `shown`, when `shown` is exactly its first albums (each the same value), else nil.
    /// O(shown albums): albums that share their storage compare in O(1).
    static func albums(appendedTo shown: [Album], in albums: [Album]) -> ArraySlice<Album>? {
        guard albums.count >= shown.count else { return nil }
        for i in shown.indices where albums[i] != shown[i] { return nil }
        return albums[shown.count...]
    }

    /// Appends `albums` as stacks after the shown ones (`DiffableDataSource.appendSections`). False, with nothing
    /// changed, when one of them is shown already (a folder listed twice): the caller then rebuilds the snapshot.
    func appendAlbums(_ albums: ArraySlice<Album>, animated: Bool, at time: Double) -> Bool {
        var keys = Set<FolderKey>()
        for album in albums where albumsByKey[album.key] != nil || !keys.insert(album.key).inserted { return false }
        guard !albums.isEmpty else { return true }
        // Stacks appended below the live area (a big library streaming in) come without an animation: nothing shown
        // moves, and an animated update would run an identity transition of every live stack, drawn through the
        // transformed path (no exact resting cards, no scroll-copy) for its duration, at every paced reload.
        let liveBottom = collectionView.contentOffset.y + viewportHeight + collectionView.displayMargin
            + collectionView.extraDisplayMargin.bottom
        let belowLiveArea = stackLayout.columns > 0 && stackLayout.frameForStack(section: shownAlbums.count).minY > liveBottom
        var sections: [(section: FolderKey, items: [PhotoKey])] = []
        sections.reserveCapacity(albums.count)
        for album in albums {
            albumsByKey[album.key] = album
            shownAlbums.append(album)
            sections.append((album.key, itemKeys(of: album)))
        }
        dataSource.appendSections(sections, animated: animated && hasBeenSized && !belowLiveArea, at: time)
        needsImageRequests = true
        return true
    }

    /// When `albums` are the shown albums with new values but the same stacks — keys, titles, photo counts, files
    /// not shown and drawn photos' keys alike (a big library's photos getting their deferred sizes and dates, a
    /// photo past the drawn ones changed) — the new values replace the shown ones without a new snapshot (a diff of
    /// 15,000 items for a 100,000-photo library: ~80 ms of UI thread). False, with nothing changed, otherwise.
    func replaceValuesInPlace(_ albums: [Album]) -> Bool {
        guard albums.count == shownAlbums.count else { return false }
        for (album, shown) in zip(albums, shownAlbums) {
            guard album.key == shown.key, album.title == shown.title, album.photos.count == shown.photos.count,
                  album.notShown == shown.notShown else { return false }
            for i in 0..<min(album.photos.count, Self.drawnDepth) where album.photos[i].key != shown.photos[i].key { return false }
        }
        for album in albums {
            albumsByKey[album.key] = album
            for p in album.photos.prefix(Self.drawnDepth) where photosByKey[p.key] != nil { photosByKey[p.key] = p }
        }
        shownAlbums = albums
        refreshLiveRenderers()
        return true
    }

    /// The item keys of `album`'s stack — its first `drawnDepth` photos not already items — recorded in `photosByKey`.
    private func itemKeys(of album: Album) -> [PhotoKey] {
        var keys: [PhotoKey] = []
        keys.reserveCapacity(min(album.photos.count, Self.drawnDepth))
        for p in album.photos {
            // One hash per photo in the usual case (a new key); a key already an item keeps its photo.
            if let shown = photosByKey.updateValue(p, forKey: p.key) { photosByKey[p.key] = shown; continue }
            keys.append(p.key)
            if keys.count == Self.drawnDepth { break }
        }
        return keys
    }

    /// Gives live renderers the current album titles and photo values (a renamed folder changes both without
    /// changing any key).
    func refreshLiveRenderers() {
        for item in collectionView.displayList {
            let p = item.attributes.indexPath
            if let cell = item.view as? PhotoCell, let key = dataSource.itemIdentifier(for: p), let photo = photosByKey[key],
               cell.photo != photo {
                cell.photo = photo
            } else if let title = item.view as? AlbumTitleView, let album = album(at: p.section), title.text != album.title {
                title.text = album.title
            }
        }
    }
}
