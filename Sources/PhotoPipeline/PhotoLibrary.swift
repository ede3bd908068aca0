import Foundation

/// The result of scanning a `LibrarySource`: every folder holding photos is an `Album`.
///
/// Folder rules (see `FolderLister`): hidden entries (names starting with ".") are skipped; a file is a photo
/// when `ImageFormat.fromExtension` knows its extension (the decoder then sniffs the content); other files
/// are counted per album in `Album.notShown` (videos, sidecars, unsupported, unreadable); symbolic links are
/// followed and each directory (device + inode) is entered once, so link loops end; unreadable folders and
/// photos are reported once as `ScanProblem`s. Albums come in depth-first natural order, the root's own
/// photos first, each folder before its sub-folders.
public struct PhotoLibrary: Sendable, Equatable {
    /// The folder scanned (for `.files`: the folder of the first file).
    public var root: PhotoPath
    public var albums: [Album]
    public var problems: [ScanProblem]
    /// Files not shown in folders that hold no photo (a folder of videos is no album, but its files count).
    public var notShownOutsideAlbums: NotShownCounts

    public init(root: PhotoPath, albums: [Album], problems: [ScanProblem], notShownOutsideAlbums: NotShownCounts = NotShownCounts()) {
        self.root = root; self.albums = albums; self.problems = problems
        self.notShownOutsideAlbums = notShownOutsideAlbums
    }

    /// Photos in all albums.
    public var photoCount: Int { albums.reduce(0) { $0 + $1.photos.count } }

    /// Where the photo at `path` is: album index and photo index (for `LibrarySource.photo`: the photo to open).
    public func location(ofPhotoAt path: PhotoPath) -> (album: Int, photo: Int)? {
        for (a, album) in albums.enumerated() {
            if let p = album.index(ofPhotoAt: path) { return (a, p) }
        }
        return nil
    }

    /// Scans `root` as a folder tree (`LibrarySource.folder`).
    @discardableResult
    public static func scan(root: PhotoPath, isCancelled: @Sendable () -> Bool = { false },
                            onEvent: (ScanEvent) -> Void = { _ in }) -> PhotoLibrary {
        scan(source: .folder(root), isCancelled: isCancelled, onEvent: onEvent)
    }

    /// Scans synchronously on the calling thread; `onEvent` receives albums (in library order), progress
    /// after each folder and problems as they are found, then `.finished`, all on the calling thread.
    /// `isCancelled` is polled between folders. `helperThreads`: threads listing folders beside the calling
    /// one in a folder tree (nil: one per further core, at most 3; 0: none).
    @discardableResult
    public static func scan(source: LibrarySource, helperThreads: Int? = nil, isCancelled: @Sendable () -> Bool = { false },
                            onEvent: (ScanEvent) -> Void = { _ in }) -> PhotoLibrary {
        let library = withoutActuallyEscaping(onEvent) { onEvent in
            withoutActuallyEscaping(isCancelled) { isCancelled in
                let tree = FolderTree(source: source)
                if let helperThreads { tree.helperThreads = max(0, helperThreads) }
                tree.scanAll(isCancelled: isCancelled, onEvent: onEvent)
                return tree.library()
            }
        }
        onEvent(.finished(library))
        return library
    }

    /// Scans on a new background thread; `onEvent` is called on that thread (forward to the UI thread yourself).
    /// Returns a handle to cancel the scan.
    @discardableResult
    public static func scanInBackground(root: PhotoPath, onEvent: @escaping @Sendable (ScanEvent) -> Void) -> ScanHandle {
        scanInBackground(source: .folder(root), onEvent: onEvent)
    }

    /// `scan(source:)` on a new background thread; `onEvent` is called on that thread.
    @discardableResult
    public static func scanInBackground(source: LibrarySource, onEvent: @escaping @Sendable (ScanEvent) -> Void) -> ScanHandle {
        let handle = ScanHandle()
        let thread = Thread {
            ThreadNice.apply(ThreadNice.loader)
            scan(source: source, isCancelled: { handle.isCancelled }, onEvent: onEvent)
        }
        thread.name = "PhotoLibrary.scan"
        thread.start()
        return handle
    }
}
