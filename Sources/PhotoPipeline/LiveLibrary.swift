import Foundation

/// A library that stays current: it scans its source on a background thread (streaming albums as
/// `PhotoLibrary.scan` does), watches every folder with inotify while it lists it, and then turns
/// file-system events into coalesced library updates.
///
/// Use (the app): make one per opened source, `start()` it, and route `onEvent` into the app's inbox (it
/// is called on the watcher thread, one event at a time, and must only hand the value over and wake the UI
/// loop). On the UI thread, take the newest `.update` of a frame and apply it as one batch (see
/// `LibraryChanges`). After `.watchingLimited`, call `rescan()` when the window gains focus and on F5.
/// `stop()` (or releasing the object) ends the thread.
///
/// Coalescing: events are gathered until none has come for `quietInterval`, and for at most `maximumDelay`
/// after the first, then the folders they touched are listed again (a folder renamed within the library,
/// seen as an IN_MOVED_FROM/IN_MOVED_TO pair, is moved without listing it again), and one update with the
/// whole new library is delivered if anything changed. So a burst (500 photos copied in, a folder moved
/// away) arrives as a few updates at most `maximumDelay` apart. Files being written are held back until
/// IN_CLOSE_WRITE; an event-queue overflow (IN_Q_OVERFLOW) rescans everything.
public final class LiveLibrary: @unchecked Sendable {
    /// Timing and limits.
    public struct Options: Sendable {
        /// Quiet time that ends a batch of events, seconds.
        public var quietInterval: Double
        /// Longest time from a batch's first event to its update, seconds.
        public var maximumDelay: Double
        /// Watch at most this many folders (nil: as many as the kernel allows); reaching it is reported as
        /// the kernel's limit (ENOSPC) is.
        public var maximumWatches: Int?
        /// Threads listing folders beside the watcher thread in full scans (nil: one per further core, at
        /// most 3; 0: none), as `PhotoLibrary.scan(source:helperThreads:)`.
        public var scanHelperThreads: Int?
        /// The initial scan stats the photos of the folders it lists until it has found this many; after that it
        /// reads only the folders' entries (as `find` does: a third of the cost) and stats the rest once it is
        /// done, on a thread at the decoders' nice value, delivering them as one `.update` with cause
        /// `.deferredStatus`. Until then those photos' identities are `FileIdentity.unknownVersion`. nil: never defer.
        public var deferPhotoStatusAfter: Int?

        public init(quietInterval: Double = 0.05, maximumDelay: Double = 0.25, maximumWatches: Int? = nil,
                    scanHelperThreads: Int? = nil, deferPhotoStatusAfter: Int? = 1_000) {
            self.quietInterval = quietInterval; self.maximumDelay = maximumDelay; self.maximumWatches = maximumWatches
            self.scanHelperThreads = scanHelperThreads; self.deferPhotoStatusAfter = deferPhotoStatusAfter
        }
    }

    public let source: LibrarySource
    public let options: Options
    private let onEvent: @Sendable (LiveLibraryEvent) -> Void
    private let control: WatchControl?
    private let lock = NSLock()
    private var thread: Thread?
    private var stopped = false

    /// A live library for `source`; nothing happens until `start()`. `onEvent` is called on the watcher thread.
    public init(source: LibrarySource, options: Options = Options(), onEvent: @escaping @Sendable (LiveLibraryEvent) -> Void) {
        self.source = source
        self.options = options
        self.onEvent = onEvent
        self.control = WatchControl()
    }

    deinit { control?.requestStop() }

    /// Starts the scan and the watching on a new thread (once).
    public func start() {
        lock.withLock {
            guard thread == nil, !stopped else { return }
            let source = self.source, options = self.options, onEvent = self.onEvent
            guard let control else {
                let thread = Thread {
                    onEvent(.watchingLimited(.unavailable("no pipe for the watcher thread")))
                    PhotoLibrary.scan(source: source, onEvent: { onEvent(.scan($0)) })
                }
                self.thread = thread
                thread.start()
                return
            }
            let thread = Thread {
                LibraryWatcher(source: source, options: options, control: control, deliver: onEvent).run()
                control.finished.signal()
            }
            thread.name = "LiveLibrary.watch"
            thread.stackSize = 8 << 20   // deep folder trees are walked recursively
            self.thread = thread
            thread.start()
        }
    }

    /// Scans everything again (F5, window focus when watching is limited); delivers an `.update` with cause
    /// `.rescan` when done, even when nothing changed.
    public func rescan() { control?.requestRescan() }

    /// Ends the watcher thread and waits for it (not when called from the watcher thread, from `onEvent`).
    /// No event is delivered after it returns (except from inside `onEvent` on the watcher thread).
    public func stop() {
        let (running, isWatcher) = lock.withLock { () -> (Bool, Bool) in
            defer { stopped = true }
            return (thread != nil && !stopped, Thread.current == thread)
        }
        guard let control else { return }
        control.requestStop()
        if running && !isWatcher { control.finished.wait() }
    }
}
