import PhotoPipeline

extension ActionController {
    /// Delete: the photos leave the screens at once with one animated delete (hidden in the presentation, so the
    /// watcher's later report finds nothing to animate), and the worker moves them to the trash.
    func moveToTrash(_ targets: ActionTargets) {
        guard !targets.photos.isEmpty else { return }
        library.presentation.hidden.formUnion(targets.photos.map(\.photo.path))
        browser.presentationChanged(at: time)
        worker.moveToTrash(targets.photos.map { ($0.photo, $0.album) })
    }

    /// The worker's answer: the moved photos can be put back (Ctrl+Z); the ones it could not move come back on
    /// screen, animated, and the message says why.
    func trashed(_ moved: [TrashedPhoto], failed: [(photo: Photo, reason: String)]) -> Bool {
        if !failed.isEmpty {
            library.presentation.hidden.subtract(failed.map(\.photo.path))
            browser.presentationChanged(at: time)
        }
        if !moved.isEmpty { undoStack.append(.trash(moved)) }
        var text = ""
        if !moved.isEmpty {
            text = "\(moved.count) \(moved.count == 1 ? "photo" : "photos") moved to Trash — Ctrl+Z to undo"
        }
        if let first = failed.first {
            if !text.isEmpty { text += " · " }
            text += failed.count == 1 ? "Not moved: \(first.reason)" : "\(failed.count) not moved: \(first.reason)"
        }
        say(text)
        return true
    }

    /// Ctrl+Z: undoes the newest action (trash, rotation in the file, rotation in the view).
    func undo() {
        guard let entry = undoStack.popLast() else { say("Nothing to undo"); return }
        switch entry {
        case .trash(let trashed): worker.restore(trashed)
        case .rotation(let edits): worker.undoRotations(edits)
        case let .viewRotation(paths, turns):
            for p in paths { setViewRotation(p, (viewRotations[p] ?? 0) - turns) }
            say("Rotation undone")
        }
    }

    /// Photos put back: shown again at once where they were (animated), before the watcher reports them.
    func restored(_ restored: [TrashedPhoto], failed: [(photo: Photo, reason: String)]) -> Bool {
        for t in restored {
            library.presentation.hidden.remove(t.photo.path)
            library.presentation.restored[t.photo.path] = LibraryPresentation.Restored(photo: t.photo, album: t.album, since: time,
                                                                                       seenAbsent: false)
        }
        if !restored.isEmpty { browser.presentationChanged(at: time) }
        // The view goes back to what was put back (the photo view to the restored photo, the grid's focus to it).
        if let first = restored.first { browser.land(on: first.photo.path, inAlbum: first.album.key, at: time) }
        var text = restored.isEmpty ? "" : "\(restored.count) \(restored.count == 1 ? "photo" : "photos") put back"
        if let first = failed.first {
            if !text.isEmpty { text += " · " }
            text += first.reason
        }
        say(text)
        return true
    }
}
