import Canvas
import PhotoPipeline

/// What background work hands the UI thread, through the app's one `Inbox`: each producer posts, the loop
/// wakes, and at the start of its next turn the app gives them to the screen (`Screen.receive`).
public enum AppMessage: Sendable {
    /// The library scan found albums, made progress, hit a problem or finished; then the watcher's updates
    /// (scan and watcher threads).
    case library(LiveLibraryEvent)
    /// A photo was decoded (or failed) at a size (image loader threads).
    case image(LoadResult)
    /// A photo card was built (card builder threads).
    case card(BuiltCard)
    /// A photo was rendered at the exact size the photo view shows it (photo renderer thread).
    case rendering(PhotoRendering)
    /// A user action finished its work off the UI thread: files trashed or put back, photos rotated, information
    /// or taken dates read, clipboard data made (`ActionWorker`, `TakenDateReader`).
    case action(ActionResult)
    /// Memory was asked back (SIGUSR1, e.g. by the soak test's leak check or a memory-pressure daemon): the
    /// caches drop what is not on screen (rebuilt on demand) and free heap goes back to the system.
    case releaseMemory
    /// The Places screen's background work: its entries found, a chosen folder checked; or a library's own
    /// messages waiting in its mailbox (`LibraryHost`).
    case places(PlacesMessage)
}

/// A card built off the UI thread for `key`; nil `card` when the build failed.
public struct BuiltCard: @unchecked Sendable {
    /// Which card (photo, image and geometry).
    public var key: CardKey
    /// `@unchecked Sendable`: the card's surfaces were written by the builder thread and are only read after
    /// the hand-over.
    public var card: CardRendering?
}

/// Posts a message into the app's inbox (any thread).
public typealias Post = @Sendable (AppMessage) -> Void
