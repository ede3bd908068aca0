import Canvas
import Foundation

/// Builds rotated photo cards (`CachedPhotoCard` then `RotatedPhotoCard`) on background threads, so cards
/// about to scroll in are ready without costing the UI thread a frame. Urgent builds (a card already on
/// screen, drawn by the quick path until its build is done) run before the ones queued ahead of the
/// window; a job whose cell was reused is cancelled and skipped. Cairo image surfaces are used by one
/// thread at a time except the photo surface, which all threads only read.
///
/// The worker threads are started on the first submit and wait on a condition when idle (no timer, no
/// wake-ups).
final class CardBuildQueue: @unchecked Sendable {
    /// Builder threads: `PHOTOSTACK_CARD_BUILDERS` (1–4) if set, else 2 (1 on one core). Measured on 2 cores
    /// (frame bench, 200 albums): at scale 2 a second builder cut the cards drawn by the quick path from
    /// ~1,600 to ~40 and the frame p99 from 13 to 8 ms; at scale 1 no change (scroll-copy leaves the UI thread
    /// ~1.3 ms a frame).
    static let shared = CardBuildQueue(workerCount: defaultWorkerCount)

    static var defaultWorkerCount: Int {
        if let s = ProcessInfo.processInfo.environment["PHOTOSTACK_CARD_BUILDERS"], let n = Int(s) { return min(4, max(1, n)) }
        return min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// One build. `@unchecked Sendable`: its state is guarded by `condition`; the content is only read.
    final class Job: @unchecked Sendable {
        private let condition = NSCondition()
        private var card: RotatedPhotoCard?
        private var finished = false
        private var started = false, cancelled = false
        fileprivate let input: Input

        fileprivate init(input: Input) { self.input = input }

        /// Cancels the build unless it already started; true when cancelled (the caller builds it itself).
        @discardableResult
        func cancelIfNotStarted() -> Bool {
            condition.lock(); defer { condition.unlock() }
            if started || finished { return false }
            cancelled = true
            return true
        }

        /// Marks the build started; false when it was cancelled first.
        fileprivate func start() -> Bool {
            condition.lock(); defer { condition.unlock() }
            if cancelled { return false }
            started = true
            return true
        }

        fileprivate var isCancelled: Bool { condition.lock(); defer { condition.unlock() }; return cancelled }

        /// The card if the build finished (nil card: it failed), without waiting.
        func poll() -> (finished: Bool, card: RotatedPhotoCard?) {
            condition.lock(); defer { condition.unlock() }
            return (finished, card)
        }

        /// Waits for the build to finish; the card, or nil if it failed.
        func wait() -> RotatedPhotoCard? {
            condition.lock(); defer { condition.unlock() }
            while !finished { condition.wait() }
            return card
        }

        fileprivate func finish(_ c: RotatedPhotoCard?) {
            condition.lock(); card = c; finished = true; condition.broadcast(); condition.unlock()
        }
    }

    fileprivate struct Input: @unchecked Sendable {
        var content: PhotoCardContent
        var side: Double, pixelsPerPoint: Double, rotation: Double, covered: Double
    }

    /// Counters of what the UI thread did instead of using a card built here (the frame bench reports them).
    struct Counters: Sendable, Equatable {
        /// Cards built on the UI thread (nothing ready, screen not scrolling).
        var builtOnUIThread = 0
        /// Waits on the UI thread for a build already running.
        var waits = 0
        /// Cards drawn by the quick path because their build was not done (scrolling).
        var quickDraws = 0
        /// Builds finished by the worker threads.
        var built = 0
    }

    let workerCount: Int
    private let lock = NSCondition()
    private var urgent: [Job] = []
    private var ahead: [Job] = []
    private var threadsStarted = false
    private var paused = false
    private var running = 0
    private var _counters = Counters()

    init(workerCount: Int) { self.workerCount = workerCount }

    /// Counters since the last `resetCounters()`.
    var counters: Counters { lock.lock(); defer { lock.unlock() }; return _counters }
    func resetCounters() { lock.lock(); _counters = Counters(); lock.unlock() }
    /// Adds to the UI thread's counters.
    func count(_ change: (inout Counters) -> Void) { lock.lock(); change(&_counters); lock.unlock() }

    /// Jobs queued and not started.
    var queuedCount: Int { lock.lock(); defer { lock.unlock() }; return urgent.count + ahead.count }

    /// Queues a build of `content` as a card of `side` points at `pixelsPerPoint`, rotated by `rotation`, its
    /// middle covered by `covered` device pixels (half side). `urgent`: the card is on screen now (it runs
    /// before the builds queued ahead of the window, most recent urgent first).
    func submit(_ content: PhotoCardContent, side: Double, pixelsPerPoint: Double, rotation: Double, covered: Double,
                urgent isUrgent: Bool = false) -> Job {
        let job = Job(input: Input(content: content, side: side, pixelsPerPoint: pixelsPerPoint, rotation: rotation, covered: covered))
        lock.lock()
        if isUrgent { urgent.append(job) } else { ahead.append(job) }
        if !threadsStarted {
            threadsStarted = true
            for i in 0..<workerCount {
                let t = Thread { [unowned self] in self.runWorker() }
                t.name = "photostack.card-builder-\(i)"
                t.qualityOfService = .userInitiated
                t.start()
            }
        }
        lock.broadcast()
        lock.unlock()
        return job
    }

    /// Moves a queued job to the urgent queue (its card is on screen now).
    func makeUrgent(_ job: Job) {
        lock.lock(); defer { lock.unlock() }
        guard let i = ahead.firstIndex(where: { $0 === job }) else { return }
        ahead.remove(at: i)
        urgent.append(job)
    }

    /// Holds the builders before their next job (tests: a card that is not ready in time).
    func pause() { lock.lock(); paused = true; lock.unlock() }
    /// Lets the builders run again.
    func resume() { lock.lock(); paused = false; lock.broadcast(); lock.unlock() }

    /// Blocks until no job is queued or running (tests; the builders must not be paused).
    func waitUntilIdle() {
        lock.lock(); defer { lock.unlock() }
        while !urgent.isEmpty || !ahead.isEmpty || running > 0 { lock.wait() }
    }

    private func nextJob() -> Job {
        lock.lock(); defer { lock.unlock() }
        var skipped = false
        while true {
            if paused { lock.wait(); continue }
            // Urgent: the newest first (the card that just scrolled in is on screen longest).
            if let j = urgent.popLast() { if !j.isCancelled { running += 1; return j } else { skipped = true; continue } }
            if !ahead.isEmpty { let j = ahead.removeFirst(); if !j.isCancelled { running += 1; return j } else { skipped = true; continue } }
            // Emptied by skipping cancelled jobs: wake `waitUntilIdle` (once; idle workers must not wake each other).
            if skipped { skipped = false; lock.broadcast() }
            lock.wait()
        }
    }

    private func runWorker() {
        while true {
            let job = nextJob()
            defer { lock.lock(); running -= 1; lock.broadcast(); lock.unlock() }
            guard job.start() else { continue }
            let input = job.input
            let card = (try? CachedPhotoCard(input.content, side: input.side, deviceScale: input.pixelsPerPoint)).flatMap {
                try? RotatedPhotoCard(from: $0, pixelsPerPoint: input.pixelsPerPoint, rotation: input.rotation,
                                      coveredHalfSide: input.covered)
            }
            count { $0.built += 1 }
            job.finish(card)
        }
    }
}
