import PhotoPipeline

/// What the Places screen's background work hands the UI thread (`AppMessage.places`).
public enum PlacesMessage: Sendable {
    /// The entries, found and checked (`PlacesFinder.find`).
    case found([Place])
    /// Folder `path`, chosen by the user, checked: the library to open, or why it is not opened.
    case checked(PhotoPath, Result<LibrarySource, PlaceOpening.Refusal>)
    /// The library shown posted into its own mailbox: the host takes it at this turn.
    case mail
}
