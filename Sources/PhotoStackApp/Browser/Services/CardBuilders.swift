import Canvas
import Foundation
import PhotoPipeline

/// Builds photo cards (unrotated `CachedPhotoCard`s, and `RotatedPhotoCard`s made from them) on background threads, so cards
/// about to scroll in are ready without costing the UI thread a frame. Each finished card is posted to the
/// app's inbox (`AppMessage.card`), which wakes the loop; nothing polls. Urgent builds (a card on screen now,
/// drawn by the quick path until its build is done) run before the ones queued ahead of the window, newest
/// first; a queued build can be cancelled, or taken back to be built on the UI thread at once.
///
/// The photo surfaces are only read by the builders (Cairo image surfaces are safe to read from several
/// threads); each card is written by one builder and handed over whole. Worker threads start on the first
/// submit and wait on a condition when idle (no timer, no wake-ups).
///
/// Finished cards wait for the UI thread (held here and in the inbox) until its next turn takes them. The builders
/// stay at most `undeliveredLimit` cards ahead of it (set each frame from the cards on screen): when the UI
/// thread is slow to turn (a loaded machine, a burst of input), they wait instead of building cards for cells the
/// next frame has scrolled past — paging through 5,000 albums, 50–60 such cards (~35 MB) piled up between two
/// frames and set the process's peak.
public final class CardBuilders: @unchecked Sendable {
    /// What to build: the exact geometry behind a `CardKey`. `@unchecked Sendable`: the content's surface is
    /// only read.
    struct Input: @unchecked Sendable {
        var key: CardKey
        var content: PhotoCardContent
        /// Points, device pixels per point, radians, device pixels (half side).
        var side: Double, pixelsPerPoint: Double, rotation: Double, covered: Double
        /// For a lifted card: how it is drawn (`LiftedPhotoCard`); `card` the unrotated card if held (else built here).
        var lift: Lift?

        struct Lift {
            var card: CachedPhotoCard?
            var matrix: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)
            var scale: Double
            var shadow: LiftedPhotoCard.Shadow?
        }

        /// Renders the card (on any thread): unrotated for an unrotated key; nil if a surface could not be made.
        func build() -> CardRendering? {
            if let lift {
                guard let card = lift.card ?? (try? CachedPhotoCard(content, side: side, deviceScale: pixelsPerPoint)),
                      let l = try? LiftedPhotoCard(card: card, centre: side / 2, scale: lift.scale, matrix: lift.matrix,
                                                   shadow: lift.shadow) else { return nil }
                return .lifted(l)
            }
            guard let card = try? CachedPhotoCard(content, side: side, deviceScale: pixelsPerPoint) else { return nil }
            if key.isUnrotated { return .unrotated(card) }
            return (try? RotatedPhotoCard(from: card, pixelsPerPoint: pixelsPerPoint, rotation: rotation, coveredHalfSide: covered))
                .map { .rotated($0) }
        }
    }

    /// Counters of what the UI thread did instead of using a card built here (the frame bench reports them).
    public struct Counters: Sendable, Equatable {
        /// Cards built on the UI thread (nothing ready, screen at rest).
        public var builtOnUIThread = 0
        /// Unrotated cards (drawn with a transform while animating or lifted) built on the UI thread.
        public var unrotatedOnUIThread = 0
        /// Waits on the UI thread for a build already running.
        public var waits = 0
        /// Cards drawn by the quick path because their build was not done (scrolling).
        public var quickDraws = 0
        /// Cards drawn from an unrotated card resampled with the element's transform (lifted, animating, or a
        /// stand-in while the exact card is built): each costs a resampling of the whole card on the UI thread.
        public var transformedDraws = 0
        /// Cards of a stack lifted at rest drawn as one copy of their pre-rendered lifted card (`LiftedPhotoCard`).
        public var liftedCopies = 0
        /// Builds finished by the worker threads.
        public var built = 0
    }

    private enum State { case queued(urgent: Bool), running, finished(CardRendering?) }

    public let workerCount: Int
    private let post: Post
    private let lock = NSCondition()
    private var urgent: [Input] = []
    private var ahead: [Input] = []
    private var states: [CardKey: State] = [:]
    private var threadsStarted = false
    private var paused = false
    private var stopping = false
    private var running = 0
    /// Builds in the `.finished` state (done, card not yet delivered or taken).
    private var finished = 0
    private var limit = Int.max
    private var _counters = Counters()

    /// Builder threads: `PHOTOSTACK_CARD_BUILDERS` (1–4) if set, else 2 (1 on one core). Measured on 2 cores
    /// (frame bench, 200 albums): at scale 2 a second builder cut the cards drawn by the quick path from ~1,600
    /// to ~40 and the frame p99 from 13 to 8 ms; at scale 1 no change.
    public static var defaultWorkerCount: Int {
        if let s = ProcessInfo.processInfo.environment["PHOTOSTACK_CARD_BUILDERS"], let n = Int(s) { return min(4, max(1, n)) }
        return min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    init(workerCount: Int = CardBuilders.defaultWorkerCount, post: @escaping Post) {
        self.workerCount = workerCount
        self.post = post
    }

    /// Counters since the last `resetCounters()`.
    public var counters: Counters { lock.lock(); defer { lock.unlock() }; return _counters }
    public func resetCounters() { lock.lock(); _counters = Counters(); lock.unlock() }
    /// Adds to the UI thread's counters.
    func count(_ change: (inout Counters) -> Void) { lock.lock(); change(&_counters); lock.unlock() }

    /// Builds queued and not started.
    var queuedCount: Int { lock.lock(); defer { lock.unlock() }; return urgent.count + ahead.count }

    /// Builds finished and not yet delivered or taken (their cards are held here and in the inbox).
    var finishedCount: Int { lock.lock(); defer { lock.unlock() }; return finished }

    /// The most cards being built or finished and not yet delivered: beyond it the builders wait for the UI thread to
    /// take some (no limit at first; at least 1).
    var undeliveredLimit: Int {
        get { lock.lock(); defer { lock.unlock() }; return limit }
        set { lock.lock(); limit = max(1, newValue); lock.broadcast(); lock.unlock() }
    }

    /// Sets the state of `key` (nil removes it), keeping `finished` counted; wakes builders held by the limit when a
    /// finished card leaves. Caller holds the lock.
    private func setState(_ key: CardKey, _ state: State?) {
        if case .finished? = states[key] {
            finished -= 1
            if finished < limit { lock.broadcast() }
        }
        if case .finished? = state { finished += 1 }
        states[key] = state
    }

    /// True while a build of `key` is queued or running.
    func isPending(_ key: CardKey) -> Bool {
        lock.lock(); defer { lock.unlock() }
        switch states[key] { case .queued?, .running?: return true; default: return false }
    }

    /// Queues a build unless one of the same key is queued or running; `urgent` queues it (or moves a queued one)
    /// ahead of the builds for cards off screen.
    func submit(_ input: Input, urgent isUrgent: Bool) {
        lock.lock()
        defer { lock.unlock() }
        switch states[input.key] {
        case .running?: return
        case .queued(let wasUrgent)?:
            guard isUrgent, !wasUrgent, let i = ahead.firstIndex(where: { $0.key == input.key }) else { return }
            urgent.append(ahead.remove(at: i))
            setState(input.key, .queued(urgent: true))
            return
        default: break
        }
        if isUrgent { urgent.append(input) } else { ahead.append(input) }
        setState(input.key, .queued(urgent: isUrgent))
        startThreadsIfNeeded()
        lock.broadcast()
    }

    /// Cancels queued builds whose key `keep` rejects (they are no longer wanted).
    func cancelQueued(keeping keep: (CardKey) -> Bool) {
        lock.lock(); defer { lock.unlock() }
        for list in [urgent, ahead] {
            for input in list where !keep(input.key) { setState(input.key, nil) }
        }
        urgent.removeAll { states[$0.key] == nil }
        ahead.removeAll { states[$0.key] == nil }
    }

    /// For a card needed on the UI thread now: a queued build is taken back (`.notStarted`: build it yourself);
    /// a running one is waited for (`.built`); `.none` when there is no build of `key`.
    enum Claim { case none, notStarted, built(CardRendering?) }

    func claim(_ key: CardKey) -> Claim {
        lock.lock(); defer { lock.unlock() }
        switch states[key] {
        case .queued?:
            setState(key, nil)
            urgent.removeAll { $0.key == key }
            ahead.removeAll { $0.key == key }
            return .notStarted
        case .running?:
            _counters.waits += 1
            while case .running? = states[key] { lock.wait() }
            if case .finished(let card)? = states[key] { setState(key, nil); return .built(card) }
            return .none
        case .finished(let card)?:
            setState(key, nil)
            return .built(card)
        case nil:
            return .none
        }
    }

    /// The card of a finished build of `key` not yet delivered by the inbox, taken (its message then finds it held);
    /// nil when there is none. Lets the update that asks for a card use it in the frame it is ready rather than the
    /// next: without it every card built in the background was drawn quick one frame more (`bench frames`: about
    /// 4× the quick draws).
    func takeFinished(_ key: CardKey) -> CardRendering? {
        lock.lock(); defer { lock.unlock() }
        guard case .finished(let card)? = states[key] else { return nil }
        setState(key, nil)
        return card
    }

    /// Forgets a finished build whose card the inbox delivered.
    func delivered(_ key: CardKey) {
        lock.lock(); defer { lock.unlock() }
        if case .finished? = states[key] { setState(key, nil) }
    }

    /// Stops the worker threads after their current build (queued builds are dropped).
    func shutdown() {
        lock.lock(); stopping = true; urgent.removeAll(); ahead.removeAll(); lock.broadcast(); lock.unlock()
    }

    /// Holds the builders before their next build (tests: a card that is not ready in time).
    public func pause() { lock.lock(); paused = true; lock.unlock() }
    /// Lets the builders run again.
    public func resume() { lock.lock(); paused = false; lock.broadcast(); lock.unlock() }

    /// Blocks until no build is queued or running, or the builds left wait for the UI thread to take finished cards
    /// (`undeliveredLimit`) (tests, benchmarks; the builders must not be paused).
    public func waitUntilIdle() {
        lock.lock(); defer { lock.unlock() }
        while (!urgent.isEmpty || !ahead.isEmpty) && finished < limit || running > 0 { lock.wait() }
    }

    /// Caller holds the lock.
    private func startThreadsIfNeeded() {
        guard !threadsStarted else { return }
        threadsStarted = true
        for i in 0..<workerCount {
            let t = Thread { [self] in self.runWorker() }
            t.name = "photostack.card-builder-\(i)"
            t.qualityOfService = .userInitiated
            t.start()
        }
    }

    private func nextInput() -> Input? {
        lock.lock(); defer { lock.unlock() }
        while !stopping {
            // Held: by a test, or until the UI thread takes the cards already finished (those being built count).
            if paused || finished + running >= limit { lock.wait(); continue }
            // Urgent: the newest first (the card that just scrolled in is on screen longest).
            let next = urgent.popLast() ?? (ahead.isEmpty ? nil : ahead.removeFirst())
            if let next {
                setState(next.key, .running)
                running += 1
                return next
            }
            lock.wait()
        }
        return nil
    }

    private func runWorker() {
        ThreadNice.apply(ThreadNice.cardBuilder)
        while let input = nextInput() {
            let card = input.build()
            lock.lock()
            running -= 1
            _counters.built += 1
            // A claim waiting for it takes it from the state; otherwise the inbox delivers it.
            setState(input.key, .finished(card))
            lock.broadcast()
            lock.unlock()
            post(.card(BuiltCard(key: input.key, card: card)))
        }
    }
}
