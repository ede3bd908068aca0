import Canvas
import Foundation
import PhotoPipeline

/// Runs the file work of user actions off the UI thread and posts each result into the app's inbox
/// (`AppMessage.action`): the trash and its undo, lossless rotation and its undo, the settings file on one serial
/// queue (so an undo always follows what it undoes); photo information and clipboard images on another (a slow
/// PNG never holds up a trash).
final class ActionWorker: @unchecked Sendable {
    private let files = DispatchQueue(label: "photostack.actions.files", qos: .userInitiated)
    private let reads = DispatchQueue(label: "photostack.actions.reads", qos: .userInitiated)
    private let post: Post
    let trash: Trash

    init(post: @escaping Post, trash: Trash = Trash.forCurrentUser()) {
        self.post = post
        self.trash = trash
    }

    /// Moves `photos` (each with its album) to the trash.
    func moveToTrash(_ photos: [(Photo, Album)]) {
        let trash = self.trash, post = self.post
        files.async {
            var moved: [TrashedPhoto] = [], failed: [(photo: Photo, reason: String)] = []
            for (photo, album) in photos {
                // The sidecars go with the photo, after it (a sidecar without its photo is worth nothing alone).
                let stem = Sidecars.stem(of: photo.path)
                let shared = album.photos.contains { $0.path != photo.path && $0.folder == photo.folder && Sidecars.stem(of: $0.path) == stem }
                do throws(TrashError) {
                    var t = TrashedPhoto(item: try trash.moveToTrash(photo.path), photo: photo, album: album)
                    for sidecar in Sidecars.existing(of: photo.path, stemIsShared: shared) {
                        if let item = try? trash.moveToTrash(sidecar) { t.sidecars.append(item) }
                    }
                    moved.append(t)
                } catch {
                    failed.append((photo, error.description))
                }
            }
            post(.action(.trashed(moved: moved, failed: failed)))
        }
    }

    /// Puts trashed photos back, newest first.
    func restore(_ trashed: [TrashedPhoto]) {
        let trash = self.trash, post = self.post
        files.async {
            var restored: [TrashedPhoto] = [], failed: [(photo: Photo, reason: String)] = []
            for t in trashed.reversed() {
                do throws(TrashError) {
                    try trash.restore(t.item)
                    for sidecar in t.sidecars { try? trash.restore(sidecar) }
                    restored.append(t)
                } catch {
                    failed.append((t.photo, error.description))
                }
            }
            post(.action(.restored(restored: restored, failed: failed)))
        }
    }

    /// Rotates `photos` a quarter turn in their files (JPEG); other formats are reported as view-only.
    func rotate(_ photos: [Photo], _ direction: RotationDirection) {
        let post = self.post
        files.async {
            var edits: [RotatedPhoto] = [], viewOnly: [(photo: Photo, reason: String)] = [], failed: [(photo: Photo, reason: String)] = []
            for photo in photos {
                do throws(RotationError) { edits.append(RotatedPhoto(photo: photo, edit: try LosslessRotation.rotate(photo.path, direction))) }
                catch .unsupportedFormat(let reason) { viewOnly.append((photo, reason)) }
                catch { failed.append((photo, error.description)) }
            }
            post(.action(.rotated(edits: edits, viewOnly: viewOnly, failed: failed, direction: direction)))
        }
    }

    /// Undoes rotations, newest first.
    func undoRotations(_ edits: [RotatedPhoto]) {
        let post = self.post
        files.async {
            var done: [Photo] = [], failed: [(photo: Photo, reason: String)] = []
            for e in edits.reversed() {
                do throws(RotationError) { try LosslessRotation.undo(e.edit); done.append(e.photo) }
                catch { failed.append((e.photo, error.description)) }
            }
            post(.action(.rotationsUndone(undone: done, failed: failed)))
        }
    }

    /// Blocks until the file work queued so far (the settings file among it) is done: before the process ends.
    func waitUntilWritten() { files.sync {} }

    /// Writes the settings file (bytes encoded on the UI thread).
    func writeSettings(_ bytes: [UInt8], to store: SettingsStore) {
        files.async {
            do { try store.write(bytes) } catch {
                FileHandle.standardError.write(Data("photostack: cannot save the settings: \(error)\n".utf8))
            }
        }
    }

    /// Waits until the file work queued so far (trash, rotation, settings) is done: before the process ends.
    func waitForFileWork() { files.sync {} }

    /// Reads a photo's information for the overlay.
    func readInfo(_ path: PhotoPath) {
        let post = self.post
        reads.async { post(.action(.info(path, PhotoInfo.read(path)))) }
    }

    /// Decodes `photo` at its full size (orientation applied) and encodes it as PNG, for clipboard request `id`.
    func encodePNG(_ photo: PhotoPath, quarterTurns: Int, for id: Int) {
        let post = self.post
        reads.async {
            do {
                // The decoded pixels are released once copied into the surface (before the PNG is made).
                var surface = try { () throws -> ImageSurface in
                    let image = try ImageDecoder().decode(path: photo).image
                    return try image.withUnsafeBytes {
                        try ImageSurface(copyingARGB32: $0, width: image.width, height: image.height, stride: image.stride)
                    }
                }()
                if quarterTurns % 4 != 0 { surface = try surface.rotated(quarterTurns: quarterTurns) }
                post(.action(.clipboardData(id: id, bytes: try surface.pngData(), reason: nil)))
            } catch {
                post(.action(.clipboardData(id: id, bytes: nil, reason: "\(error)")))
            }
        }
    }
}
