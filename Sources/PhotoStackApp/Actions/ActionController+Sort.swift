import PhotoPipeline

extension ActionController {
    /// Changes the sort order: albums and photos move to their new places with one animated batch update per
    /// screen; the choice is saved with the settings (written by the worker). For "taken", dates are read in the
    /// background (the open album first) and the screens re-sort as they arrive.
    func sort(by order: PhotoSortOrder, save: Bool = true) {
        guard order != library.presentation.order else { return }
        library.presentation.order = order
        browser.presentationChanged(at: time)
        if order == .taken { readTakenDates() } else { takenDates?.cancel() }
        say(order == .name ? "Sorted by name" : order == .taken ? "Sorted by date taken" : "Sorted by modification time")
        guard save else { return }
        settings.sortOrder = order
        if let store = settingsStore { worker.writeSettings(SettingsStore.encode(settings), to: store) }
    }

    /// Asks the reader for the dates not known yet: the open album's photos first, then every album in order.
    func readTakenDates() {
        let reader = takenDates ?? TakenDateReader(post: post)
        takenDates = reader
        var albums = library.library.albums
        if let open = (browser.stack.count > 1 ? browser.stack[1] as? AlbumScreen : nil)?.album.key,
           let i = albums.firstIndex(where: { $0.key == open }) {
            albums.insert(albums.remove(at: i), at: 0)
        }
        let known = library.presentation.takenSeconds
        reader.read(albums.flatMap { $0.photos.filter { known[$0.path] == nil } })
    }

    /// Dates arrived (a batch): the screens re-sort with an animation.
    func takenDatesArrived(_ dates: [PhotoPath: Int64?]) -> Bool {
        var changed = false
        for (path, seconds) in dates {
            guard let seconds, library.presentation.takenSeconds[path] != seconds else { continue }
            library.presentation.takenSeconds[path] = seconds
            changed = true
        }
        guard changed, library.presentation.order == .taken else { return false }
        browser.presentationChanged(at: time)
        return true
    }
}

extension ActionController {
    /// The library changed (scan or watcher): new photos get their dates read while sorting by date taken.
    func libraryChanged() {
        if library.presentation.order == .taken { readTakenDates() }
    }
}
