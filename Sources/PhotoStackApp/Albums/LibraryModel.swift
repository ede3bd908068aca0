import Foundation
import PhotoPipeline

/// The photo library as the UI thread sees it: albums in scan order, filled in by a background scan.
/// Scan events are queued by the scanning thread and taken on the UI thread with `drainScanEvents()`
/// (after `wakeSignal` woke the host).
public final class LibraryModel {
    /// The folder shown (for messages).
    public let root: PhotoPath
    public private(set) var albums: [Album] = []
    /// True until the scan has finished.
    public private(set) var isScanning = true
    /// Photos found so far (for the progress hint).
    public private(set) var photosFound = 0
    public private(set) var problems: [ScanProblem] = []
    public let wakeSignal: WakeSignal
    private let inbox = ScanInbox()
    private var handle: ScanHandle?

    /// An empty model for `root`; call `startScan(synchronously:)` to fill it.
    public init(root: PhotoPath, wakeSignal: WakeSignal = WakeSignal()) {
        self.root = root
        self.wakeSignal = wakeSignal
    }

    deinit { handle?.cancel() }

    /// Scans `root`: in the background (albums arrive as they are found), or on this thread (snapshots, tests).
    public func startScan(synchronously: Bool = false) {
        if synchronously {
            let lib = PhotoLibrary.scan(root: root)
            albums = lib.albums
            problems = lib.problems
            photosFound = lib.albums.reduce(0) { $0 + $1.photos.count }
            isScanning = false
            return
        }
        let inbox = self.inbox, signal = wakeSignal
        handle = PhotoLibrary.scanInBackground(root: root) { event in
            inbox.post(event)
            signal.signal()
        }
    }

    /// Applies the scan events that arrived; true when albums or the scanning state changed.
    @discardableResult
    public func drainScanEvents() -> Bool {
        var changed = false
        for event in inbox.take() {
            switch event {
            case .album(let album):
                albums.append(album)
                changed = true
            case .progress(let p):
                photosFound = p.photosFound
                changed = true
            case .problem(let problem):
                problems.append(problem)
                FileHandle.standardError.write(Data("photostack: skipped \(problem.path.string): \(problem.reason)\n".utf8))
            case .finished(let library):
                albums = library.albums
                photosFound = library.albums.reduce(0) { $0 + $1.photos.count }
                isScanning = false
                changed = true
            }
        }
        return changed
    }
}

/// Scan events waiting for the UI thread. `@unchecked Sendable`: guarded by `lock`.
final class ScanInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ScanEvent] = []
    func post(_ e: ScanEvent) { lock.withLock { events.append(e) } }
    func take() -> [ScanEvent] { lock.withLock { let e = events; events.removeAll(); return e } }
}
