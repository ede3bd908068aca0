/// Whether a folder chosen on the Places screen (or named on the command line) can be opened as a library, and
/// as what. Touches the file system: call it off the UI thread.
public enum PlaceOpening {
    /// Why a folder is not opened.
    public enum Refusal: Error, Hashable, Sendable {
        /// The folder cannot be opened (`Place.unavailableReason`'s text).
        case unavailable(String)
        /// The folder and its sub-folders hold no photo.
        case noPhotos
    }

    /// The library source for `folder`: a folder tree, or a flat folder (photos and no sub-folder) that opens on
    /// its grid; a refusal when it cannot be opened or holds no photo.
    public static func source(for folder: PhotoPath) -> Result<LibrarySource, Refusal> {
        if let reason = PlacesFinder.unavailableReason(folder) { return .failure(.unavailable(reason)) }
        guard LibraryLaunch.containsPhotos(folder) else { return .failure(.noPhotos) }
        return .success(.folder(folder, flat: LibraryLaunch.isFlat(folder)))
    }
}
