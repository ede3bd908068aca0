import Canvas
import PhotoPipeline

/// The app's bounded cache of photo surfaces, converted once from `PixelImage` per photo and size
/// bucket (longest side, device pixels), bounded in bytes; the least recently used go first.
///
/// What the window draws is never evicted: a surface looked up for drawing (`best`) or inserted in the
/// current or the previous frame (`beginFrame`) is kept even beyond the budget, so the cache grows to what is
/// on screen (and what just arrived for it) rather than turn a shown photo back into its placeholder.
/// Everything else — prefetched surfaces not drawn two frames after they arrived, photos scrolled away —
/// fits the budget.
public final class SurfaceCache {
    private struct Entry {
        var surface: ImageSurface; var lastUse: UInt64; var lastFrame: Int
        mutating func mark(use: UInt64, frame: Int) { lastUse = use; lastFrame = frame }
    }

    private var byPhoto: [PhotoPath: [Int: Entry]] = [:]
    private var useCounter: UInt64 = 0
    /// The number of the frame being drawn (see `beginFrame`).
    public private(set) var frame = 0
    /// Bytes held now (stride × height of every surface).
    public private(set) var totalBytes = 0
    /// The byte budget (192 MB unless given; the app's `ImageService` gives 32 MB).
    public let capacity: Int

    public init(capacity: Int = 192 * 1024 * 1024) { self.capacity = capacity }

    /// Number of surfaces held.
    public var count: Int { byPhoto.values.reduce(0) { $0 + $1.count } }

    /// Starts a frame: surfaces last drawn (or inserted) two frames ago or earlier are evicted, least
    /// recently used first, while the cache is over its budget.
    public func beginFrame() {
        frame += 1
        if totalBytes > capacity { evict(keeping: nil, bucket: nil) }
    }

    /// Stores `surface` for `photo` at `bucket`, evicting least recently used surfaces beyond the budget.
    public func insert(_ surface: ImageSurface, photo: PhotoPath, bucket: Int) {
        useCounter += 1
        if let old = byPhoto[photo]?[bucket] { totalBytes -= Self.bytes(old.surface) }
        byPhoto[photo, default: [:]][bucket] = Entry(surface: surface, lastUse: useCounter, lastFrame: frame)
        totalBytes += Self.bytes(surface)
        evict(keeping: photo, bucket: bucket)
    }

    /// The best surface of `photo` for a need of `bucket` pixels, for drawing: the smallest cached one at
    /// least that big, else the biggest smaller one (shown until the sharper one arrives). Marks it drawn
    /// in this frame (so it is kept) and recently used.
    public func best(photo: PhotoPath, bucket: Int) -> (surface: ImageSurface, bucket: Int)? {
        guard let chosen = peekBest(photo: photo, bucket: bucket) else { return nil }
        useCounter += 1
        let use = useCounter, now = frame
        byPhoto[photo]?[chosen.bucket]?.mark(use: use, frame: now)
        return chosen
    }

    /// Like `best` but without marking anything: for questions ("is it loaded?") that draw nothing.
    /// Looked up several times per card per frame: one pass over the photo's few buckets, no allocation.
    public func peekBest(photo: PhotoPath, bucket: Int) -> (surface: ImageSurface, bucket: Int)? {
        guard let sizes = byPhoto[photo] else { return nil }
        var covering: (surface: ImageSurface, bucket: Int)?, largest: (surface: ImageSurface, bucket: Int)?
        for (b, e) in sizes {
            if b >= bucket, covering == nil || b < covering!.bucket { covering = (e.surface, b) }
            if largest == nil || b > largest!.bucket { largest = (e.surface, b) }
        }
        return covering ?? largest
    }

    /// True when `entry` was drawn (or arrived) in this frame or the previous one.
    private func isOnScreen(_ entry: Entry) -> Bool { entry.lastFrame >= frame - 1 }

    /// Once over budget, evicts down to this share of it in one pass, so the next inserts do not each scan
    /// the cache for a single victim.
    static let evictionTarget = 0.9

    private func evict(keeping photo: PhotoPath?, bucket: Int?) {
        guard totalBytes > capacity else { return }
        var candidates: [(photo: PhotoPath, bucket: Int, lastUse: UInt64)] = []
        for (p, sizes) in byPhoto {
            for (b, e) in sizes where !(p == photo && b == bucket) && !isOnScreen(e) { candidates.append((p, b, e.lastUse)) }
        }
        candidates.sort { $0.lastUse < $1.lastUse }
        let target = Int(Double(capacity) * Self.evictionTarget)
        for c in candidates {
            guard totalBytes > target else { break }
            guard let e = byPhoto[c.photo]?.removeValue(forKey: c.bucket) else { continue }
            if byPhoto[c.photo]?.isEmpty == true { byPhoto[c.photo] = nil }
            totalBytes -= Self.bytes(e.surface)
        }
    }

    static func bytes(_ s: ImageSurface) -> Int { s.stride * s.pixelHeight }
}
