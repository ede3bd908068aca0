import CScratch
import Foundation
import HeapModule

/// Loads images on a bounded pool of worker threads, most urgent first.
///
/// Requests are ordered by (priority, order, arrival). `cancel` removes a queued request (it never reaches the
/// work function); a running request finishes but its result is dropped. Each result is handed to `deliver`
/// on the worker thread that made it — the app posts it into its inbox, which wakes the UI loop.
public final class ImageLoader: Sendable {
    /// The work for one request (the real one is `ThumbnailPipeline.load`; tests inject their own).
    public typealias Work = @Sendable (LoadRequest) -> Result<LoadedImage, DecodeError>
    /// Receives each result (on a worker thread; must be cheap and thread-safe).
    public typealias Deliver = @Sendable (LoadResult) -> Void
    /// The work for one request in two steps: the result, and what to do once it was delivered (nil: nothing;
    /// the pipeline writes its disk thumbnail there). The second step runs even when the result was dropped.
    public typealias StagedWork = @Sendable (LoadRequest) -> (result: Result<LoadedImage, DecodeError>, afterDelivery: (@Sendable () -> Void)?)
    /// Called on a worker thread for the queued request most likely to run next, once per request, just before
    /// the worker starts its own (the pipeline asks the kernel to read the photo ahead).
    public typealias Prepare = @Sendable (LoadRequest) -> Void

    private let core: LoaderCore

    /// `workerCount` threads (default: the number of cores) running `work`, handing results to `deliver`.
    public convenience init(workerCount: Int = ProcessInfo.processInfo.activeProcessorCount, deliver: @escaping Deliver,
                            work: @escaping Work) {
        self.init(workerCount: workerCount, deliver: deliver, prepare: nil) { request in (work(request), nil) }
    }

    /// `workerCount` threads running `work` in two steps (see `StagedWork`), and `prepare` for the request
    /// next in line (see `Prepare`).
    public init(workerCount: Int = ProcessInfo.processInfo.activeProcessorCount, deliver: @escaping Deliver,
                prepare: Prepare?, work: @escaping StagedWork) {
        core = LoaderCore(work: work, prepare: prepare, deliver: deliver)
        core.start(workers: max(1, workerCount))
    }

    /// A loader running `pipeline`: each result is delivered before its disk thumbnail is written, and the
    /// photo next in line is read ahead while the current one decodes (`ThumbnailPipeline.prepare`).
    public convenience init(pipeline: ThumbnailPipeline, workerCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                            deliver: @escaping Deliver) {
        self.init(workerCount: workerCount, deliver: deliver,
                  prepare: { pipeline.prepare(photo: $0.photo, pixelSize: $0.pixelSize) }) { request in
            let (result, store) = pipeline.loadDeferringStore(photo: request.photo, pixelSize: request.pixelSize)
            return (result, store)
        }
    }

    deinit { core.shutdown() }

    /// Queues a load of `photo` at `pixelSize` (longest side, device pixels).
    @discardableResult
    public func request(_ photo: Photo, pixelSize: Int, priority: LoadPriority, order: Int = 0) -> LoadRequestID {
        core.enqueue(photo: photo, pixelSize: pixelSize, priority: priority, order: order)
    }

    /// Changes a queued request's priority/order (no effect once it runs).
    public func updatePriority(_ id: LoadRequestID, priority: LoadPriority, order: Int = 0) {
        core.update(id, priority: priority, order: order)
    }

    /// Cancels a request: if queued it never runs; if running its result is dropped.
    public func cancel(_ id: LoadRequestID) { core.cancel(id) }

    /// Cancels every queued and running request.
    public func cancelAll() { core.cancelAll() }

    /// Requests queued or running, a request counting until its after-delivery step (the pipeline's thumbnail
    /// write) is done.
    public var pendingCount: Int { core.pendingCount }

    /// Stops the workers after their current item (queued requests are dropped).
    public func shutdown() { core.shutdown() }
}

/// The shared state of an `ImageLoader`, referenced by its worker threads.
///
/// `@unchecked Sendable`: every mutable field is read and written only while holding `condition`'s lock.
final class LoaderCore: @unchecked Sendable {
    private struct QueueEntry: Comparable {
        var priority: LoadPriority
        var order: Int
        var sequence: UInt64
        var id: LoadRequestID
        var generation: UInt64
        static func < (a: QueueEntry, b: QueueEntry) -> Bool {
            (a.priority.rawValue, a.order, a.sequence) < (b.priority.rawValue, b.order, b.sequence)
        }
        static func == (a: QueueEntry, b: QueueEntry) -> Bool { a.sequence == b.sequence && a.id == b.id }
    }

    private struct State {
        var request: LoadRequest
        var generation: UInt64
        var running = false
        var cancelled = false
        /// `prepare` was called for it.
        var prepared = false
    }

    private let condition = NSCondition()
    private let work: ImageLoader.StagedWork
    private let prepare: ImageLoader.Prepare?
    private let deliver: ImageLoader.Deliver
    private var heap = Heap<QueueEntry>()
    private var states: [LoadRequestID: State] = [:]
    private var nextID: UInt64 = 1
    private var nextSequence: UInt64 = 0
    private var stopping = false
    /// Requests delivered (or dropped) whose after-delivery step has not finished.
    private var finishing = 0

    init(work: @escaping ImageLoader.StagedWork, prepare: ImageLoader.Prepare?, deliver: @escaping ImageLoader.Deliver) {
        self.work = work
        self.prepare = prepare
        self.deliver = deliver
    }

    func start(workers: Int) {
        for index in 0..<workers {
            let thread = Thread { [self] in self.workerLoop() }
            thread.name = "ImageLoader.worker\(index)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    func enqueue(photo: Photo, pixelSize: Int, priority: LoadPriority, order: Int) -> LoadRequestID {
        condition.lock(); defer { condition.unlock() }
        let id = LoadRequestID(value: nextID)
        nextID += 1
        let request = LoadRequest(id: id, photo: photo, pixelSize: pixelSize, priority: priority, order: order)
        states[id] = State(request: request, generation: 0)
        push(id: id, priority: priority, order: order, generation: 0)
        condition.signal()
        return id
    }

    /// Caller holds the lock.
    private func push(id: LoadRequestID, priority: LoadPriority, order: Int, generation: UInt64) {
        heap.insert(QueueEntry(priority: priority, order: order, sequence: nextSequence, id: id, generation: generation))
        nextSequence += 1
    }

    func update(_ id: LoadRequestID, priority: LoadPriority, order: Int) {
        condition.lock(); defer { condition.unlock() }
        guard var state = states[id], !state.running, !state.cancelled else { return }
        state.generation += 1
        state.request.priority = priority
        state.request.order = order
        states[id] = state
        // The old heap entry is now stale (generation mismatch) and is skipped when popped.
        push(id: id, priority: priority, order: order, generation: state.generation)
    }

    func cancel(_ id: LoadRequestID) {
        condition.lock(); defer { condition.unlock() }
        guard let state = states[id] else { return }
        if state.running { states[id]?.cancelled = true } else { states[id] = nil }
    }

    func cancelAll() {
        condition.lock(); defer { condition.unlock() }
        for (id, state) in states {
            if state.running { states[id]?.cancelled = true } else { states[id] = nil }
        }
        heap = Heap()
    }

    var pendingCount: Int {
        condition.lock(); defer { condition.unlock() }
        return states.count + finishing
    }

    func shutdown() {
        condition.lock()
        stopping = true
        states = states.filter { $0.value.running }
        heap = Heap()
        condition.broadcast()
        condition.unlock()
    }

    /// The next live request, marked running; nil when stopping. Caller holds the lock.
    private func next() -> LoadRequest? {
        while !stopping {
            while let entry = heap.popMin() {
                guard let state = states[entry.id], state.generation == entry.generation, !state.running else { continue }
                states[entry.id]?.running = true
                return state.request
            }
            // Idle: the decoders' per-thread scratch buffers are freed until the next burst of work.
            ps_scratch_release_thread()
            condition.wait()
        }
        return nil
    }

    /// The queued request that will run next unless the queue changes, if `prepare` was not called for it yet
    /// (it is marked prepared). Stale heap entries met on top are dropped. Caller holds the lock.
    private func nextToPrepare() -> LoadRequest? {
        guard prepare != nil else { return nil }
        while let top = heap.min {
            guard let state = states[top.id], state.generation == top.generation, !state.running else {
                _ = heap.popMin()
                continue
            }
            if state.prepared { return nil }
            states[top.id]?.prepared = true
            return state.request
        }
        return nil
    }

    private func workerLoop() {
        ThreadNice.apply(ThreadNice.loader)
        while true {
            condition.lock()
            guard let request = next() else { condition.unlock(); return }
            let ahead = nextToPrepare()
            condition.unlock()

            if let ahead, let prepare { prepare(ahead) }
            let (outcome, afterDelivery) = work(request)

            condition.lock()
            let keep: Bool
            if let state = states.removeValue(forKey: request.id), !state.cancelled, !stopping { keep = true } else { keep = false }
            if afterDelivery != nil { finishing += 1 }
            condition.unlock()
            if keep {
                deliver(LoadResult(requestID: request.id, photoID: request.photo.id, identity: request.photo.identity,
                                   pixelSize: request.pixelSize, outcome: outcome))
            }
            if let afterDelivery {
                afterDelivery()
                condition.lock(); finishing -= 1; condition.unlock()
            }
        }
    }
}
