import Canvas
import PhotoPipeline

/// Decoded photos as Cairo surfaces (converted once from the loader's `PixelImage`), per photo and size bucket
/// (longest side, device pixels), bounded in bytes; the least recently used go first. One of the photo path's
/// two memory layers (see `PhotoService`).
///
/// Lookups (`best`) are queries and change nothing. What the window shows is kept by an explicit mark: the
/// screens mark the surfaces their live cells use at every update (`markInUse`), and a surface marked (or
/// inserted) in the current or the previous frame is never evicted, even beyond the budget — the cache grows
/// to what is on screen rather than turn a shown photo back into its placeholder. Everything else (prefetched
/// surfaces not used two frames after they arrived, photos scrolled away) fits the budget.
public final class SurfaceCache {
    /// A cached surface with a serial number unique for the cache's lifetime (cards built from it name it).
    public struct Item {
        public var surface: ImageSurface
        /// The bucket (longest side, device pixels) it was loaded for.
        public var bucket: Int
        public var serial: UInt64
    }

    private struct Entry {
        var item: Item
        var lastUse: UInt64
        var lastFrame: Int
    }

    private var byPhoto: [PhotoPath: [Int: Entry]] = [:]
    private var useCounter: UInt64 = 0
    private var nextSerial: UInt64 = 1
    /// The number of the frame being prepared (see `beginFrame`).
    public private(set) var frame = 0
    /// Bytes held now (stride × height of every surface).
    public private(set) var totalBytes = 0
    /// The byte budget.
    public let capacity: Int

    public init(capacity: Int = 192 * 1024 * 1024) { self.capacity = capacity }

    /// Number of surfaces held.
    public var count: Int { byPhoto.values.reduce(0) { $0 + $1.count } }

    /// Starts a frame: surfaces last marked (or inserted) two frames ago or earlier are evicted, least
    /// recently used first, while the cache is over its budget.
    public func beginFrame() {
        frame += 1
        if totalBytes > capacity { evict(keeping: nil, bucket: nil) }
    }

    /// Stores `surface` for `photo` at `bucket`, evicting least recently used surfaces beyond the budget.
    @discardableResult
    public func insert(_ surface: ImageSurface, photo: PhotoPath, bucket: Int) -> Item {
        useCounter += 1
        if let old = byPhoto[photo]?[bucket] { totalBytes -= Self.bytes(old.item.surface) }
        let item = Item(surface: surface, bucket: bucket, serial: nextSerial)
        nextSerial += 1
        byPhoto[photo, default: [:]][bucket] = Entry(item: item, lastUse: useCounter, lastFrame: frame)
        totalBytes += Self.bytes(surface)
        evict(keeping: photo, bucket: bucket)
        return item
    }

    /// Surfaces of serials below this are stale (`markAllStale`).
    private var freshFrom: UInt64 = 0

    /// Marks every surface held stale (the display's colour profile changed): still shown, but to be loaded again.
    public func markAllStale() { freshFrom = nextSerial }

    /// True for a surface made before the last `markAllStale`.
    public func isStale(_ item: Item) -> Bool { item.serial < freshFrom }

    /// Drops every surface of `photo` (the file changed).
    public func remove(photo: PhotoPath) {
        guard let sizes = byPhoto.removeValue(forKey: photo) else { return }
        for e in sizes.values { totalBytes -= Self.bytes(e.item.surface) }
    }

    /// The best surface of `photo` for a need of `bucket` pixels: the smallest cached one at least that big,
    /// else the biggest smaller one (shown until the sharper one arrives). A query: marks nothing.
    /// Looked up several times per card per frame: one pass over the photo's few buckets, no allocation.
    public func best(photo: PhotoPath, bucket: Int) -> Item? {
        guard let sizes = byPhoto[photo] else { return nil }
        var covering: Item?, largest: Item?
        for (b, e) in sizes {
            if b >= bucket, covering == nil || b < covering!.bucket { covering = e.item }
            if largest == nil || b > largest!.bucket { largest = e.item }
        }
        return covering ?? largest
    }

    /// Marks the surface `best(photo:bucket:)` answers as used in this frame (kept) and recently used.
    public func markInUse(photo: PhotoPath, bucket: Int) {
        guard let chosen = best(photo: photo, bucket: bucket) else { return }
        useCounter += 1
        byPhoto[photo]?[chosen.bucket]?.lastUse = useCounter
        byPhoto[photo]?[chosen.bucket]?.lastFrame = frame
    }

    /// True when `entry` was marked (or arrived) in this frame or the previous one.
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
            totalBytes -= Self.bytes(e.item.surface)
        }
    }

    /// Drops every surface not marked in this frame or the previous one (memory asked back); returns the bytes freed.
    @discardableResult
    public func evictIdle() -> Int {
        let before = totalBytes
        for (p, sizes) in byPhoto {
            for (b, e) in sizes where !isOnScreen(e) {
                byPhoto[p]?[b] = nil
                totalBytes -= Self.bytes(e.item.surface)
            }
            if byPhoto[p]?.isEmpty == true { byPhoto[p] = nil }
        }
        return before - totalBytes
    }

    static func bytes(_ s: ImageSurface) -> Int { s.stride * s.pixelHeight }
}
