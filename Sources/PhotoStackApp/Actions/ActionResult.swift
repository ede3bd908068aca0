import PhotoPipeline

/// What an action's background work delivers to the UI thread (through the inbox, as `AppMessage.action`).
public enum ActionResult: Sendable {
    /// Photos moved to the trash, with what undo needs; and the ones that could not be, with the reason.
    case trashed(moved: [TrashedPhoto], failed: [(photo: Photo, reason: String)])
    /// Trashed photos put back; and the ones that could not be.
    case restored(restored: [TrashedPhoto], failed: [(photo: Photo, reason: String)])
    /// Photos rotated in their files (edits for undo); photos that are rotated in the view only (with the reason);
    /// failures. `direction` is the rotation asked for.
    case rotated(edits: [RotatedPhoto], viewOnly: [(photo: Photo, reason: String)], failed: [(photo: Photo, reason: String)],
                 direction: RotationDirection)
    /// Rotations undone in the files; failures.
    case rotationsUndone(undone: [Photo], failed: [(photo: Photo, reason: String)])
    /// A photo's information, read for the overlay.
    case info(PhotoPath, Result<PhotoInfo, PhotoInfo.ReadError>)
    /// EXIF dates taken read for the "taken" order (nil: the photo has none), by path.
    case takenDates([PhotoPath: Int64?])
    /// A deferred clipboard format made for request `id` (nil: it could not be made, with the reason).
    case clipboardData(id: Int, bytes: [UInt8]?, reason: String?)
    /// Something done outside the app failed (a program that is not installed or failed): the sentence to show.
    case failed(String)
}

/// A photo in the trash: where it went, and the photo and album it was (to show it again on undo).
public struct TrashedPhoto: Sendable {
    public var item: TrashedItem
    public var photo: Photo
    public var album: Album
    /// Its XMP sidecars, trashed with it (`Sidecars`), put back with it.
    public var sidecars: [TrashedItem] = []
}

/// A photo rotated in its file, and the edit that undoes it.
public struct RotatedPhoto: Sendable {
    public var photo: Photo
    public var edit: OrientationEdit
}
