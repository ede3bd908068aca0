import Canvas
import Foundation

/// Builds rotated photo cards (`CachedPhotoCard` then `RotatedPhotoCard`) on one background thread, so cards
/// about to scroll in are ready without costing the UI thread a frame. Cairo image surfaces are used by one
/// thread at a time except the photo surface, which both threads only read.
final class CardBuildQueue: @unchecked Sendable {
    static let shared = CardBuildQueue()
    private let queue = DispatchQueue(label: "photostack.card-builds", qos: .userInitiated)

    /// One build. `@unchecked Sendable`: `card` and `finished` are guarded by `condition`; the content is only
    /// read by the builder.
    final class Job: @unchecked Sendable {
        private let condition = NSCondition()
        private var card: RotatedPhotoCard?
        private var finished = false
        private var started = false, cancelled = false

        /// Cancels the build unless it already started; true when cancelled (the caller builds it itself).
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

    private struct Input: @unchecked Sendable {
        var content: PhotoCardContent
        var side: Double, pixelsPerPoint: Double, rotation: Double, covered: Double
    }

    /// Queues a build of `content` as a card of `side` points at `pixelsPerPoint`, rotated by `rotation`, its
    /// middle covered by `covered` device pixels (half side).
    func submit(_ content: PhotoCardContent, side: Double, pixelsPerPoint: Double, rotation: Double, covered: Double) -> Job {
        let job = Job()
        let input = Input(content: content, side: side, pixelsPerPoint: pixelsPerPoint, rotation: rotation, covered: covered)
        queue.async {
            guard job.start() else { return }
            let card = (try? CachedPhotoCard(input.content, side: input.side, deviceScale: input.pixelsPerPoint)).flatMap {
                try? RotatedPhotoCard(from: $0, pixelsPerPoint: input.pixelsPerPoint, rotation: input.rotation,
                                      coveredHalfSide: input.covered)
            }
            job.finish(card)
        }
        return job
    }
}
