import Foundation
import PhotoPipeline

/// Reads the EXIF date taken of photos for the "taken" sort order, off the UI thread: one low-priority reader
/// (the thumbnail loader keeps priority), photos in the order asked (the open album first), results posted in
/// batches at most every `batchSeconds` (so the grid re-sorts a few times a second at most, not per photo).
/// Dates are cached by file identity (size and modification time) in memory and in
/// `$XDG_CACHE_HOME/photostack/taken-dates.json`, so a second launch reads no photo it already knows.
///
/// `@unchecked Sendable`: the queue of paths, the cache and the flags are guarded by `lock`; the reading runs on
/// `queue` only.
final class TakenDateReader: @unchecked Sendable {
    /// Seconds between posted batches while dates arrive.
    static let batchSeconds = 0.25

    private let queue = DispatchQueue(label: "photostack.taken-dates", qos: .utility)
    private let lock = NSLock()
    private var pending: [Photo] = []
    private var asked = Set<PhotoPath>()
    private var running = false
    private var cancelled = false
    private var cache: [String: [Int64]] = [:]
    private var cacheLoaded = false
    private var cacheChanged = false
    private let cacheFile: PhotoPath?
    private let post: Post

    /// - Parameter cacheFile: where dates are kept between runs (nil: in memory only).
    init(post: @escaping Post, cacheFile: PhotoPath? = TakenDateReader.defaultCacheFile()) {
        self.post = post
        self.cacheFile = cacheFile
    }

    /// `$XDG_CACHE_HOME/photostack/taken-dates.json`, else `~/.cache/photostack/taken-dates.json`.
    static func defaultCacheFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> PhotoPath? {
        if let c = environment["XDG_CACHE_HOME"], c.hasPrefix("/") { return PhotoPath(c).appending("photostack/taken-dates.json") }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return PhotoPath(home).appending(".cache/photostack/taken-dates.json")
    }

    /// Queues `photos` (those not asked for before), in this order after what is queued (UI thread).
    func read(_ photos: [Photo]) {
        lock.lock()
        cancelled = false
        for p in photos where asked.insert(p.path).inserted { pending.append(p) }
        let start = !running && !pending.isEmpty
        if start { running = true }
        lock.unlock()
        if start { queue.async { self.run() } }
    }

    /// Stops reading (what was read stays cached; photos not read yet can be asked for again).
    func cancel() {
        lock.lock()
        cancelled = true
        for p in pending { asked.remove(p.path) }
        pending.removeAll()
        lock.unlock()
    }

    private func run() {
        loadCacheIfNeeded()
        var batch: [PhotoPath: Int64?] = [:]
        var lastPost = DispatchTime.now().uptimeNanoseconds
        while true {
            lock.lock()
            guard !cancelled, !pending.isEmpty else {
                running = false
                lock.unlock()
                break
            }
            let photo = pending.removeFirst()
            lock.unlock()
            batch[photo.path] = takenSeconds(photo)
            let now = DispatchTime.now().uptimeNanoseconds
            let more = lock.withLock { !pending.isEmpty }
            if more, Double(now - lastPost) / 1e9 >= Self.batchSeconds {
                post(.action(.takenDates(batch)))
                batch.removeAll()
                lastPost = now
            }
        }
        // The cache is saved before the last batch goes: once every date asked for has arrived, it is on disk.
        saveCacheIfChanged()
        if !batch.isEmpty { post(.action(.takenDates(batch))) }
    }

    /// The photo's date from the cache when its size and modification time match, else from the file.
    private func takenSeconds(_ photo: Photo) -> Int64? {
        let key = photo.path.string
        // A photo of a big library may not be stat'ed yet (`FileIdentity.unknownVersion`): this thread does it.
        let id = photo.identity.isKnown ? photo.identity : (FileIdentity.of(photo.path) ?? photo.identity)
        guard id.isKnown else { return PhotoInfo.takenSeconds(photo.path) }
        if let e = cache[key], e.count == 4, e[0] == id.size, e[1] == id.mtimeSeconds, e[2] == id.mtimeNanoseconds {
            return e[3] == Int64.min ? nil : e[3]
        }
        let seconds = PhotoInfo.takenSeconds(photo.path)
        // Paths that are not valid UTF-8 would not come back the same from JSON: not cached.
        if PhotoPath(key) == photo.path {
            cache[key] = [id.size, id.mtimeSeconds, id.mtimeNanoseconds, seconds ?? Int64.min]
            cacheChanged = true
        }
        return seconds
    }

    private func loadCacheIfNeeded() {
        guard !cacheLoaded else { return }
        cacheLoaded = true
        guard let file = cacheFile, let bytes = try? AtomicFile.read(file, limit: 64 << 20),
              let decoded = try? JSONDecoder().decode([String: [Int64]].self, from: Data(bytes)) else { return }
        cache = decoded
    }

    private func saveCacheIfChanged() {
        guard cacheChanged, let file = cacheFile, let data = try? JSONEncoder().encode(cache) else { return }
        cacheChanged = false
        try? AtomicFile.write(Array(data), to: file, mode: 0o600, createFolders: true)
    }
}
