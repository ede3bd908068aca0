import Foundation

/// Background tiles and their pre-tiled surfaces, one per (tile size, seed), shared by every `BackgroundTexture`
/// made with them (see `BackgroundTexture`). Textures are drawn on the UI thread; the lock only guards the table.
enum SharedTiles {
    /// One tile and the surface it was repeated over (device pixels), filled in by the first texture that needs them.
    final class Entry: @unchecked Sendable {
        var tile: ImageSurface?
        var tiled: ImageSurface?
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

    /// Drops every pre-tiled surface (the tiles stay): the next fill makes one again at the size it needs.
    /// Returns the bytes freed.
    @discardableResult
    static func dropPreTiledSurfaces() -> Int {
        lock.lock(); defer { lock.unlock() }
        var freed = 0
        for e in entries.values {
            if let t = e.tiled { freed += t.pixelWidth * t.pixelHeight * 4 }
            e.tiled = nil
        }
        return freed
    }
}
