import Foundation
import PhotoPipeline

/// The photo library as the UI thread sees it: albums in scan order, filled in by a background scan whose
/// events arrive through the app's inbox (`receive`).
public final class LibraryModel {
    /// The folder shown (for messages).
    public let root: PhotoPath
    public private(set) var albums: [Album] = []
    /// True until the scan has finished.
    public private(set) var isScanning = true
    /// Photos found so far (for the progress hint).
    public private(set) var photosFound = 0
    public private(set) var problems: [ScanProblem] = []
    private var handle: ScanHandle?

    /// An empty model for `root`; call `startScan` to fill it.
    public init(root: PhotoPath) {
        self.root = root
    }

    deinit { handle?.cancel() }

    /// Scans `root` on a background thread; its events are posted with `post` (the app's inbox).
    public func startScan(post: @escaping Post) {
        handle = PhotoLibrary.scanInBackground(root: root) { post(.scan($0)) }
    }

    /// Applies one scan event; true when albums or the scanning state changed.
    public func receive(_ event: ScanEvent) -> Bool {
        switch event {
        case .album(let album):
            albums.append(album)
            return true
        case .progress(let p):
            photosFound = p.photosFound
            return true
        case .problem(let problem):
            problems.append(problem)
            FileHandle.standardError.write(Data("photostack: skipped \(problem.path.string): \(problem.reason)\n".utf8))
            return false
        case .finished(let library):
            albums = library.albums
            photosFound = library.albums.reduce(0) { $0 + $1.photos.count }
            isScanning = false
            return true
        }
    }
}
