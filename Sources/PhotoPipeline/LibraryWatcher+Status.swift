import Foundation

/// The stats the initial scan deferred (`FolderTree+Status.swift`), made right after `.finished`.
extension LibraryWatcher {
    /// Results handed from the stat thread to the watcher thread. `@unchecked Sendable`: written by the stat
    /// thread before it signals `done`, read by the watcher after `done.wait()`.
    private final class StatusRun: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var results: [FolderTree.StatusResult] = []
    }

    /// Stats the photos whose `stat` the scan deferred, on a thread at the decoders' nice value (the first
    /// screen's thumbnails are decoded meanwhile; this thread waits, its events queue in the kernel), then
    /// delivers the library with their identities as one update (cause `.deferredStatus`).
    ///
    /// No change is lost: every folder was watched before it was listed, so a photo that changed after its
    /// folder's listing has an event naming it. Those events are read here, after the stats: such a photo is
    /// reported as modified (the screens may hold a picture of its earlier version), and its folder is listed
    /// again by the first batch of the loop.
    func completeDeferredStatus() {
        let jobs = tree.deferredStatusJobs()
        guard !jobs.isEmpty else { return }
        let run = StatusRun(), control = self.control
        let thread = Thread {
            ThreadNice.apply(ThreadNice.loader)
            let readability = Readability()
            var results: [FolderTree.StatusResult] = []
            results.reserveCapacity(jobs.count)
            for job in jobs {
                if control.isStopRequested { break }
                results.append(FolderTree.completeStatus(job, readability: readability))
            }
            run.results = results
            run.done.signal()
        }
        thread.name = "LiveLibrary.stat"
        thread.start()
        run.done.wait()
        if control.isStopRequested { return }

        touchedNames = [:]
        if let inotify { for event in inotify.readEvents() { _ = note(event) } }
        // Only photos listed without a stat: the others' own identities show their changes.
        let jobFolders = Set(jobs.map(\.key))
        let touched = (touchedNames ?? [:]).filter { jobFolders.contains($0.key) }
        touchedNames = nil
        for result in run.results { tree.applyStatus(result) }
        let library = tree.library()
        var changes = LibraryChanges(from: current, to: library)
        var modified = Set(changes.modifiedPhotos)
        for album in library.albums {
            guard let names = touched[album.key] else { continue }
            for photo in album.photos where names.contains(photo.name) && modified.insert(photo.key).inserted {
                changes.modifiedPhotos.append(photo.key)
            }
        }
        current = library
        sequence += 1
        deliver(.update(LibraryUpdate(library: library, changes: changes, cause: .deferredStatus, sequence: sequence)))
    }
}
