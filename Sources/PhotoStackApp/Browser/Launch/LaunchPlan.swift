import PhotoPipeline

/// What the app shows first: a library, or the Places screen with a sentence saying why (nothing to open).
public enum LaunchPlan: Hashable, Sendable {
    case library(LibraryChoice)
    case places(headline: String)
}
