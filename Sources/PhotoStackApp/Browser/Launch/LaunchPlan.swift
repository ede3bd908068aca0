import PhotoPipeline

/// What the app shows first: a library, or the Places screen with a sentence saying why (nothing to open).
public enum LaunchPlan: Hashable, Sendable {
    case library(LibraryChoice)
    /// `emptyFolder`: the library found without photos (the selection does not start on it).
    case places(headline: String, emptyFolder: PhotoPath? = nil)
}
