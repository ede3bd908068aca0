import Foundation

/// Background tiles, one per (tile size, seed), shared by every `BackgroundTexture` made with them (see
/// `BackgroundTexture`). Textures are drawn on the UI thread; the lock only guards the table.
enum SharedTiles {
    /// One tile, filled in by the first texture that needs it.
    final class Entry: @unchecked Sendable {
        var tile: ImageSurface?
    }

    private struct Key: Hashable { var size: Int; var seed: UInt64 }
    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [Key: Entry] = [:]

    /// The entry for `size` and `seed` (made empty on first use).
    static func entry(size: Int, seed: UInt64) -> Entry {
        lock.lock(); defer { lock.unlock() }
        if let e = entries[Key(size: size, seed: seed)] { return e }
        let e = Entry()
        entries[Key(size: size, seed: seed)] = e
        return e
    }
}
