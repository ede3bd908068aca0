import Canvas
import Foundation
import PhotoPipeline

/// Photos rendered at exactly the device size they rest at in the photo view, so a photo at rest or sliding is
/// one pixel-aligned copy instead of a scaled composite every frame. Scaling a 2048 px photo down to a window with
/// cairo's GOOD filter costs about 45 ms (a bilinear composite 2–4 ms, a copy 0.4 ms at 1280×800), so the rendering
/// is made on a background thread of its own and posted to the app's inbox (`AppMessage.rendering`); until it
/// arrives the view draws the loaded surface scaled (bilinear).
///
/// Every call is for the UI thread, like `PhotoService`: `want` in the update phase, `rendering` in the draw phase
/// (a query), `receive` for the inbox. Renderings wanted in this frame or the last are kept; of the others the
/// newest `spareCount` stay (a photo slid away and back). The source surfaces are only read by the worker.
public final class PhotoRenderings: @unchecked Sendable {
    /// Which rendering: the photo, the surface it is made from (its serial in the surface cache), the quarter turns
    /// (clockwise) it is shown with and the device size as shown (sides already swapped for odd turns), pixels.
    public struct Key: Hashable, Sendable {
        public var photo: PhotoPath
        public var serial: UInt64
        public var turns: Int = 0
        public var width: Int, height: Int
    }

    /// Renderings kept beyond the ones wanted in this and the last frame.
    static let spareCount = 2

    private let post: Post
    private let lock = NSCondition()
    /// Queued builds, newest last (guarded by `lock`).
    private var queue: [(key: Key, source: ImageSurface)] = []
    private var running: Key?
    private var stopping = false
    private var threadStarted = false

    private var done: [Key: ImageSurface] = [:]
    private var order: [Key] = []
    private var wanted: Set<Key> = [], previouslyWanted: Set<Key> = []
    /// Renderings made by the worker so far (tests).
    public private(set) var builtCount = 0

    init(post: @escaping Post) { self.post = post }

    /// Starts a frame's update: builds nobody wanted in two frames are dropped from the queue.
    func beginFrame() {
        let keep = wanted.union(previouslyWanted)
        previouslyWanted = wanted
        wanted.removeAll(keepingCapacity: true)
        lock.lock()
        queue.removeAll { !keep.contains($0.key) }
        lock.unlock()
    }

    /// Asks for `key` made from `source` (update phase): kept if it exists, else queued for the worker. The newest
    /// request is built first (the photo on screen is asked for last).
    public func want(_ key: Key, source: ImageSurface) {
        wanted.insert(key)
        if done[key] != nil { return }
        lock.lock()
        defer { lock.unlock() }
        if running == key { return }
        if let i = queue.firstIndex(where: { $0.key == key }) { queue.append(queue.remove(at: i)); return }
        queue.append((key, source))
        if !threadStarted {
            threadStarted = true
            let t = Thread { [self] in self.runWorker() }
            t.name = "photostack.photo-renderer"
            t.qualityOfService = .userInitiated
            t.start()
        }
        lock.broadcast()
    }

    /// The rendering `key`, if made (a query).
    public func rendering(_ key: Key) -> ImageSurface? { done[key] }

    /// True while `key` is queued or being made.
    public func isPending(_ key: Key) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return running == key || queue.contains { $0.key == key }
    }

    /// Keeps a finished rendering if it is still wanted; true when it may change what is shown.
    func receive(_ r: PhotoRendering) -> Bool {
        builtCount += 1
        guard let surface = r.surface, wanted.contains(r.key) || previouslyWanted.contains(r.key) else { return false }
        done[r.key] = surface
        order.removeAll { $0 == r.key }
        order.append(r.key)
        let keep = wanted.union(previouslyWanted)
        var spare = order.filter { !keep.contains($0) }
        while spare.count > Self.spareCount {
            let k = spare.removeFirst()
            done[k] = nil
            order.removeAll { $0 == k }
        }
        return true
    }

    /// Drops the spare renderings, keeping those wanted in this frame or the last (memory asked back).
    func dropSpares() {
        let keep = wanted.union(previouslyWanted)
        for k in done.keys where !keep.contains(k) { done[k] = nil }
        order.removeAll { !keep.contains($0) }
    }

    /// Forgets the renderings of `photo` (its file changed).
    func forget(_ photo: PhotoPath) {
        for k in done.keys where k.photo == photo { done[k] = nil }
        order.removeAll { $0.photo == photo }
    }

    /// Stops the worker after its current rendering.
    func shutdown() {
        lock.lock(); stopping = true; queue.removeAll(); lock.broadcast(); lock.unlock()
    }

    /// Blocks until nothing is queued or being made (tests, benchmarks).
    public func waitUntilIdle() {
        lock.lock(); defer { lock.unlock() }
        while !queue.isEmpty || running != nil { lock.wait() }
    }

    private func next() -> (key: Key, source: ImageSurface)? {
        lock.lock(); defer { lock.unlock() }
        while !stopping {
            if let n = queue.popLast() { running = n.key; return n }
            lock.wait()
        }
        return nil
    }

    private func runWorker() {
        ThreadNice.apply(ThreadNice.cardBuilder)
        while let (key, source) = next() {
            let surface = Self.render(source, width: key.width, height: key.height, turns: key.turns)
            lock.lock(); running = nil; lock.broadcast(); lock.unlock()
            post(.rendering(PhotoRendering(key: key, surface: surface)))
        }
    }

    /// `source` turned by `turns` quarter turns clockwise and scaled to `width` × `height` pixels (the size as shown)
    /// with cairo's GOOD filter (any thread; the source is only read).
    static func render(_ source: ImageSurface, width: Int, height: Int, turns: Int = 0) -> ImageSurface? {
        guard width > 0, height > 0, let out = try? ImageSurface(pixelWidth: width, pixelHeight: height) else { return nil }
        let ctx = CairoContext(surface: out)
        let t = ((turns % 4) + 4) % 4, w = Double(width), h = Double(height)
        let sw = Double(source.pixelWidth), sh = Double(source.pixelHeight)
        ctx.translate(w / 2, h / 2)
        ctx.rotate(Double(t) * Double.pi / 2)
        ctx.scale((t % 2 == 0 ? w : h) / sw, (t % 2 == 0 ? h : w) / sh)
        ctx.translate(-sw / 2, -sh / 2)
        ctx.setPaddedSource(source, filter: .good)
        ctx.paint()
        return out
    }
}

/// A photo rendering made off the UI thread for `key`; nil `surface` when it could not be made.
public struct PhotoRendering: @unchecked Sendable {
    public var key: PhotoRenderings.Key
    /// `@unchecked Sendable`: written by the renderer thread, only read after the hand-over.
    public var surface: ImageSurface?
}
