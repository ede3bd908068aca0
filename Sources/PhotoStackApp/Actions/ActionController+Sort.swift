import PhotoPipeline

extension ActionController {
    /// Changes the sort order: albums and photos move to their new places with one animated batch update per
    /// screen; the choice is saved with the settings (written by the worker). For "taken", dates are read in the
    /// background (the open album first) and the screens re-sort as they arrive.
    func sort(by order: PhotoSortOrder, save: Bool = true) {
        guard order != library.presentation.order else { return }
        library.presentation.order = order
        browser.presentationChanged(at: time)
        if order == .taken { readTakenDates() } else { takenDates?.cancel(); takenDatesOutstanding.removeAll() }
        say(order == .name ? "Sorted by name" : order == .taken ? "Sorted by date taken" : "Sorted by modification time")
        guard save else { return }
        updateSettings { $0.sortOrder = order }
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
        let wanted = albums.flatMap { $0.photos.filter { known[$0.path] == nil && !takenDatesAnswered.contains($0.path) } }
        takenDatesOutstanding.formUnion(wanted.map(\.path))
        reader.read(wanted)
    }

    /// True when the photos are in the order in force: not sorting by date taken, or every date asked for has come
    /// back (a slideshow started now begins at the first photo of that order).
    var sortIsSettled: Bool { library.presentation.order != .taken || takenDatesOutstanding.isEmpty }

    /// Dates arrived (a batch): the screens re-sort with an animation.
    func takenDatesArrived(_ dates: [PhotoPath: Int64?]) -> Bool {
        var changed = false
        for path in dates.keys {
            takenDatesOutstanding.remove(path)
            takenDatesAnswered.insert(path)
        }
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
