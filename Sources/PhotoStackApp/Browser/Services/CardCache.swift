import Canvas
import PhotoPipeline

/// Rendered photo cards, by `CardKey`: rotated ones (`RotatedPhotoCard`, drawn as one pixel-aligned copy at
/// rest) and unrotated ones (`CachedPhotoCard`, drawn with any transform while lifted or animating). The
/// second of the photo path's two memory layers (see `PhotoService`).
///
/// Like `SurfaceCache`, lookups are queries; the screens mark the cards of their live cells at every update.
/// Once a frame's update has marked every card the frame draws (`endUpdate`), cards it did not mark are kept
/// only within `capacity` bytes (least recently marked go first), so scrolling back finds recent cards ready —
/// what is held is the live cells' cards plus that budget: it scales with the live area (the window and its
/// margins), not with how far or how fast the content was scrolled. (Evicting only at the next frame's start
/// held the previous frame's live cards beside the new ones: paging through 5,000 albums, two windows' worth.)
final class CardCache {
    typealias Rendering = CardRendering

    private struct Entry { var rendering: Rendering; var lastFrame: Int; var lastUse: UInt64 }

    private var entries: [CardKey: Entry] = [:]
    /// The latest unrotated card of each photo (any size, any content), for drawing while its size animates or
    /// while its exact card is built.
    private var latestUnrotated: [PhotoPath: CardKey] = [:]
    private var frame = 0
    private var useCounter: UInt64 = 0
    /// Bytes held now.
    private(set) var totalBytes = 0
    /// Bytes of cards not marked in the last two frames that may stay (8 MB).
    let capacity: Int

    init(capacity: Int = 8 * 1024 * 1024) { self.capacity = capacity }

    var count: Int { entries.count }

    /// Lifted cards held (`LiftedPhotoCard`).
    var liftedCount: Int { entries.keys.reduce(0) { $0 + ($1.lifted != nil ? 1 : 0) } }

    /// Starts a frame: cards unmarked for two frames beyond the budget go, least recently used first.
    func beginFrame() {
        frame += 1
        evict(markedBefore: frame - 1)
    }

    /// Ends a frame's update (every card it draws is marked): cards it did not mark beyond the budget go, least
    /// recently used first.
    func endUpdate() { evict(markedBefore: frame) }

    /// Evicts cards last marked before frame `oldest` beyond `capacity`, least recently used first.
    /// Lifted cards (`LiftedPhotoCard`, one per card of a stack lifted under the pointer, bound to its device position)
    /// go as soon as a frame does not mark them: the lift ended, the content moved, the size or zoom changed.
    private func evict(markedBefore oldest: Int) {
        var idle: [(key: CardKey, lastUse: UInt64, bytes: Int)] = []
        var idleBytes = 0
        for (k, e) in entries where e.lastFrame < oldest {
            if k.lifted != nil { remove(k); continue }
            let b = e.rendering.bytes
            idle.append((k, e.lastUse, b))
            idleBytes += b
        }
        guard idleBytes > capacity else { return }
        idle.sort { $0.lastUse < $1.lastUse }
        for c in idle {
            guard idleBytes > capacity else { break }
            remove(c.key)
            idleBytes -= c.bytes
        }
    }

    /// Drops every card not marked in this frame or the previous one (memory asked back); returns the bytes freed.
    @discardableResult
    func evictIdle() -> Int {
        let before = totalBytes
        for (k, e) in entries where e.lastFrame < frame - 1 { remove(k) }
        return before - totalBytes
    }

    func rotated(_ key: CardKey) -> RotatedPhotoCard? {
        if case .rotated(let c)? = entries[key]?.rendering { return c }
        return nil
    }

    func unrotated(_ key: CardKey) -> CachedPhotoCard? {
        if case .unrotated(let c)? = entries[key]?.rendering { return c }
        return nil
    }

    func lifted(_ key: CardKey) -> LiftedPhotoCard? {
        if case .lifted(let c)? = entries[key]?.rendering { return c }
        return nil
    }

    /// The latest unrotated card of `photo` showing `content`, whatever its size.
    func latestUnrotated(photo: PhotoPath, content: CardKey.Content) -> CachedPhotoCard? {
        latestUnrotatedKey(photo: photo, content: content).flatMap(unrotated)
    }

    /// The key of that card.
    func latestUnrotatedKey(photo: PhotoPath, content: CardKey.Content) -> CardKey? {
        guard let k = latestUnrotated[photo], k.content == content, entries[k] != nil else { return nil }
        return k
    }

    /// The key of the latest unrotated card of `photo`, whatever it shows.
    func latestUnrotatedKey(photo: PhotoPath) -> CardKey? {
        guard let k = latestUnrotated[photo], entries[k] != nil else { return nil }
        return k
    }

    func contains(_ key: CardKey) -> Bool { entries[key] != nil }

    func insert(_ rendering: Rendering, for key: CardKey) {
        if let old = entries[key] { totalBytes -= old.rendering.bytes }
        useCounter += 1
        entries[key] = Entry(rendering: rendering, lastFrame: frame, lastUse: useCounter)
        totalBytes += rendering.bytes
        if key.isUnrotated { latestUnrotated[key.photo] = key }
    }

    /// Keeps `key` this frame (if held).
    func mark(_ key: CardKey) {
        guard entries[key] != nil else { return }
        useCounter += 1
        entries[key]!.lastFrame = frame
        entries[key]!.lastUse = useCounter
    }

    /// Drops every card of `photo` (its file changed).
    func remove(photo: PhotoPath) {
        for k in entries.keys where k.photo == photo { remove(k) }
    }

    private func remove(_ key: CardKey) {
        guard let e = entries.removeValue(forKey: key) else { return }
        totalBytes -= e.rendering.bytes
        if latestUnrotated[key.photo] == key { latestUnrotated[key.photo] = nil }
    }
}
