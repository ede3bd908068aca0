import PhotoPipeline
import StackEngine

extension ActionController {
    /// Seconds within which the watcher's report of a file this app rewrote is taken as that rewrite.
    static let editReportWindow = 5.0

    /// r / R: JPEG photos are rotated in their files by the worker (lossless); others in the view only.
    func rotate(_ targets: ActionTargets, _ direction: RotationDirection) {
        guard !targets.photos.isEmpty else { return }
        worker.rotate(targets.photos.map(\.photo), direction)
    }

    /// The worker's answer: rewritten photos reload their images (once: the watcher's report is absorbed),
    /// view-only ones turn in the photo view, and both can be undone.
    func rotated(_ edits: [RotatedPhoto], viewOnly: [(photo: Photo, reason: String)], failed: [(photo: Photo, reason: String)],
                 direction: RotationDirection) -> Bool {
        if !edits.isEmpty {
            undoStack.append(.rotation(edits))
            reload(edits.map(\.photo))
        }
        if !viewOnly.isEmpty {
            let turns = direction == .clockwise ? 1 : -1
            for v in viewOnly {
                setViewRotation(v.photo.path, (viewRotations[v.photo.path] ?? 0) + turns)
                viewRotationReasons[v.photo.path] = v.reason
            }
            undoStack.append(.viewRotation(viewOnly.map(\.photo.path), quarterTurns: turns))
        }
        if let first = failed.first {
            say(first.reason)
        } else if let first = viewOnly.first {
            say("\(first.photo.displayName) is rotated in the view only: \(first.reason)")
        } else if !edits.isEmpty {
            say("Rotated \(edits.count == 1 ? edits[0].photo.displayName : "\(edits.count) photos") — Ctrl+Z to undo")
        }
        return true
    }

    /// Rotations undone in the files: their photos reload.
    func rotationsUndone(_ undone: [Photo], failed: [(photo: Photo, reason: String)]) -> Bool {
        reload(undone)
        say(failed.first?.reason ?? "Rotation undone")
        return true
    }

    /// Sets a photo's view-only rotation (quarter turns clockwise, kept in 0…3).
    func setViewRotation(_ path: PhotoPath, _ turns: Int) {
        let q = ((turns % 4) + 4) % 4
        viewRotations[path] = q == 0 ? nil : q
    }

    /// Forgets the images of photos whose files this app rewrote and shows them again (cards rebuilt).
    func reload(_ photos: [Photo]) {
        for p in photos {
            browser.photos.forget(p.path)
            recentEdits[p.path] = time
        }
        browser.presentationChanged(at: time, reloading: photos.map(\.key))
    }

    /// True when the watcher's report that `path` was modified is this app's own recent rewrite (already shown).
    func absorbsModification(of path: PhotoPath) -> Bool {
        recentEdits = recentEdits.filter { time - $0.value < Self.editReportWindow }
        return recentEdits[path] != nil
    }
}
