import Canvas
import PhotoPipeline

/// The app's bounded cache of photo surfaces, converted once from `PixelImage` per photo and size
/// bucket (longest side, device pixels), bounded in bytes; the least recently used go first.
public final class SurfaceCache {
    private struct Entry { var surface: ImageSurface; var lastUse: UInt64 }

    private var byPhoto: [PhotoPath: [Int: Entry]] = [:]
    private var useCounter: UInt64 = 0
    /// Bytes held now (stride × height of every surface).
    public private(set) var totalBytes = 0
    /// The byte budget (192 MB unless given; the app's `ImageService` gives 32 MB). Surfaces used in the
    /// last few frames are kept even beyond it, so what the window shows is never evicted.
    public let capacity: Int

    public init(capacity: Int = 192 * 1024 * 1024) { self.capacity = capacity }

    /// Number of surfaces held.
    public var count: Int { byPhoto.values.reduce(0) { $0 + $1.count } }

    /// Stores `surface` for `photo` at `bucket`, evicting least recently used surfaces beyond the budget.
    public func insert(_ surface: ImageSurface, photo: PhotoPath, bucket: Int) {
        useCounter += 1
        if let old = byPhoto[photo]?[bucket] { totalBytes -= Self.bytes(old.surface) }
        byPhoto[photo, default: [:]][bucket] = Entry(surface: surface, lastUse: useCounter)
        totalBytes += Self.bytes(surface)
        evict(keeping: photo, bucket: bucket)
    }

    /// The best surface of `photo` for a need of `bucket` pixels: the smallest cached one at least that
    /// big, else the biggest smaller one (shown until the sharper one arrives). Marks it used.
    public func best(photo: PhotoPath, bucket: Int) -> (surface: ImageSurface, bucket: Int)? {
        guard let sizes = byPhoto[photo], !sizes.isEmpty else { return nil }
        let chosen = sizes.keys.filter { $0 >= bucket }.min() ?? sizes.keys.max()!
        useCounter += 1
        byPhoto[photo]![chosen]!.lastUse = useCounter
        return (sizes[chosen]!.surface, chosen)
    }

    /// Surfaces used within the last this many lookups and inserts (a few frames of drawing) are never
    /// evicted: when the window shows more than the budget holds, the cache grows to what is on screen
    /// instead of evicting a shown photo (which would fall back to its placeholder).
    static let protectedUses: UInt64 = 256

    private func evict(keeping photo: PhotoPath, bucket: Int) {
        while totalBytes > capacity {
            var victim: (PhotoPath, Int, UInt64)?
            for (p, sizes) in byPhoto {
                for (b, e) in sizes where !(p == photo && b == bucket) && e.lastUse + Self.protectedUses <= useCounter {
                    if victim == nil || e.lastUse < victim!.2 { victim = (p, b, e.lastUse) }
                }
            }
            guard let (p, b, _) = victim, let e = byPhoto[p]?.removeValue(forKey: b) else { return }
            if byPhoto[p]?.isEmpty == true { byPhoto[p] = nil }
            totalBytes -= Self.bytes(e.surface)
        }
    }

    static func bytes(_ s: ImageSurface) -> Int { s.stride * s.pixelHeight }
}
