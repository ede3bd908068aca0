import Foundation
import Collections

/// A least-recently-used cache of decoded images bounded in bytes.
///
/// `@unchecked Sendable`: all state is guarded by `lock`.
public final class MemoryImageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: OrderedDictionary<ImageCacheKey, PixelImage> = [:]   // oldest first
    private var bytes = 0
    /// The byte budget (sum of `PixelImage.byteCount`).
    public let capacity: Int

    /// `capacity` in bytes (default 64 MB).
    public init(capacity: Int = 64 * 1024 * 1024) { self.capacity = capacity }

    /// The image for `key`, marking it most recently used.
    public func image(for key: ImageCacheKey) -> PixelImage? {
        lock.withLock {
            guard let index = entries.index(forKey: key) else { return nil }
            let image = entries.remove(at: index).value
            entries[key] = image
            return image
        }
    }

    /// Stores `image`, evicting least recently used images until the total fits. Images larger than the
    /// whole budget are not stored.
    public func insert(_ image: PixelImage, for key: ImageCacheKey) {
        lock.withLock {
            if let old = entries.removeValue(forKey: key) { bytes -= old.byteCount }
            guard image.byteCount <= capacity else { return }
            entries[key] = image
            bytes += image.byteCount
            while bytes > capacity, let first = entries.elements.first {
                entries.removeFirst()
                bytes -= first.value.byteCount
            }
        }
    }

    /// Bytes held now.
    public var totalBytes: Int { lock.withLock { bytes } }
    /// Number of images held.
    public var count: Int { lock.withLock { entries.count } }

    public func removeAll() { lock.withLock { entries.removeAll(); bytes = 0 } }
}
