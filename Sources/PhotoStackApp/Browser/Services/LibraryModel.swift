import Foundation
import Host
import PhotoPipeline

/// The photo library as the UI thread sees it. A `LiveLibrary` scans the source in the background (albums
/// stream in as they are found) and then watches it; its events arrive through the app's inbox (`receive`).
/// Updates that arrive in one turn are applied as one: the newest library, with the changes from what is shown.
public final class LibraryModel {
    /// What was opened.
    public let source: LibrarySource
    /// The folder shown (for messages).
    public var root: PhotoPath { source.root }
    /// The library as scanned and watched (in scan order, with everything the file system holds).
    public private(set) var library: PhotoLibrary
    /// The albums shown: `library`'s as `presentation` presents them (sort order, the app's own trash and undo),
    /// as of the last `refreshPresentation` (`LibraryModel+Presentation.swift`).
    public var albums: [Album] { presentedAlbums }
    /// Sort order, photos hidden or put back by the app's own actions.
    public var presentation = LibraryPresentation()
    var presentedAlbums: [Album] = []
    /// Albums' photos as last sorted (`LibraryPresentation.SortCache`).
    var sortCache = LibraryPresentation.SortCache()
    /// Bumped by every change of `library`; `presentedGeneration` is the one presented.
    var generation = 0, presentedGeneration = -1
    /// True until the initial scan has finished.
    public private(set) var isScanning = true
    /// Photos found so far (for the progress hint).
    public private(set) var photosFound = 0
    /// How long the initial scan took, seconds of wall time (CLOCK_MONOTONIC): from `start` to the UI thread's taking
    /// of its end. Nil until then. The state reports it (`scanSeconds`) beside what the window showed when.
    public private(set) var scanSeconds: Double?
    private var scanStartedAt: Double?
    public var problems: [ScanProblem] { library.problems }
    /// Set when changes made elsewhere may not be seen (then F5 and window focus rescan).
    public private(set) var watchLimit: WatchLimit?
    /// Updates applied so far.
    public private(set) var updatesApplied = 0
    private var live: LiveLibrary?
    private var pending: LibraryUpdate?

    /// An empty model for `source`; `start(post:)` fills it.
    public init(source: LibrarySource) {
        self.source = source
        library = PhotoLibrary(root: source.root, albums: [], problems: [])
    }

    /// A model of the folder tree at `root`.
    public convenience init(root: PhotoPath) { self.init(source: .folder(root)) }

    deinit { live?.stop() }

    /// Scans and then watches the source on background threads; every event is posted with `post`.
    public func start(post: @escaping Post) {
        scanStartedAt = MonotonicClock().now
        let live = LiveLibrary(source: source) { post(.library($0)) }
        self.live = live
        live.start()
    }

    /// Stops scanning and watching (the library is replaced); nothing more is posted.
    public func stop() {
        live?.stop()
        live = nil
    }

    /// Scans the whole source again (F5; window focus while watching is limited); an update follows.
    public func rescan() { live?.rescan() }

    /// What one event changed on screen.
    public enum Change {
        /// Nothing visible.
        case none
        /// The scan found albums or made progress.
        case scanned
        /// Watching became limited.
        case limited
    }

    /// Applies one event (the UI thread). Updates are kept until `takeUpdate()` (several in one turn become one).
    public func receive(_ event: LiveLibraryEvent) -> Change {
        switch event {
        case .scan(.album(let album)):
            // Presented at the next `refreshPresentation` (paced while the scan runs): sharing the array with
            // `presentedAlbums` now would make the next append copy all of it (10^5 photos: seconds of retains).
            library.albums.append(album)
            generation += 1
            photosFound += album.photos.count
            return .scanned
        case .scan(.progress(let p)):
            photosFound = p.photosFound
            return .scanned
        case .scan(.problem(let problem)):
            library.problems.append(problem)
            FileHandle.standardError.write(Data("photostack: skipped \(problem.path.string): \(problem.reason)\n".utf8))
            return .none
        case .scan(.finished(let finished)):
            library = finished
            changedLibrary()
            photosFound = finished.photoCount
            isScanning = false
            if let started = scanStartedAt, scanSeconds == nil { scanSeconds = MonotonicClock().now - started }
            return .scanned
        case .update(let update):
            pending = update
            return .none
        case .watchingLimited(let limit):
            guard watchLimit == nil else { return .none }
            watchLimit = limit
            FileHandle.standardError.write(Data("photostack: \(limit.description): press F5 to look again\n".utf8))
            return .limited
        }
    }

    /// The newest update received, applied: the library it brings becomes the one shown, and the changes from
    /// the library shown before are returned (its own changes when none was skipped). Nil when none waits.
    public func takeUpdate() -> LibraryChanges? {
        guard let update = pending else { return nil }
        pending = nil
        let skipped = update.sequence != updatesApplied + 1
        let changes = skipped || isScanning ? LibraryChanges(from: library, to: update.library) : update.changes
        library = update.library
        changedLibrary()
        photosFound = library.photoCount
        isScanning = false
        updatesApplied = update.sequence
        return changes
    }
}
