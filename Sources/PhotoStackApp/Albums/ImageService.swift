import Canvas
import Foundation
import PhotoPipeline

/// The app's one image loader and what it has produced: requests thumbnails from the background
/// `ImageLoader` (deduplicated per photo and size bucket, re-prioritised when asked again), converts each
/// finished `PixelImage` into an `ImageSurface` once and keeps it in a bounded `SurfaceCache`, and
/// remembers failures with their reason. All methods are for the UI thread; results arrive with `drain()`
/// after `wakeSignal` fired.
public final class ImageService {
    /// Fired (on a worker thread) whenever a result waits to be drained.
    public let wakeSignal: WakeSignal
    public let surfaces: SurfaceCache
    private var loader: ImageLoader!
    private struct RequestKey: Hashable { var photo: PhotoPath; var bucket: Int }
    private var inFlight: [RequestKey: LoadRequestID] = [:]
    private var failures: [PhotoPath: String] = [:]
    /// Photos whose load failed were reported on stderr once.
    public var logsFailures = true

    /// - Parameters:
    ///   - pipeline: the decode/cache work (tests pass one without a disk cache).
    ///   - workerCount: decoding threads (default: the number of cores).
    public init(pipeline: ThumbnailPipeline = ThumbnailPipeline(), workerCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                surfaceCapacity: Int = 32 * 1024 * 1024, wakeSignal: WakeSignal = WakeSignal()) {
        self.wakeSignal = wakeSignal
        surfaces = SurfaceCache(capacity: surfaceCapacity)
        let signal = wakeSignal
        loader = ImageLoader(pipeline: pipeline, workerCount: workerCount, onResultAvailable: { signal.signal() })
    }

    /// A loader running custom work (tests).
    public init(workerCount: Int = 1, wakeSignal: WakeSignal = WakeSignal(), surfaceCapacity: Int = 192 * 1024 * 1024,
                work: @escaping ImageLoader.Work) {
        self.wakeSignal = wakeSignal
        surfaces = SurfaceCache(capacity: surfaceCapacity)
        let signal = wakeSignal
        loader = ImageLoader(workerCount: workerCount, onResultAvailable: { signal.signal() }, work: work)
    }

    deinit { loader.shutdown() }

    /// The cache bucket for a need of `pixelSize` device pixels (longest side).
    /// A need at most 5 % over a bucket uses that bucket (the card's hover lift): a 525 px need at 1920 px
    /// wide loads 512 px images, not 1024 px ones (a quarter of the memory).
    public static func bucket(forPixels pixelSize: Int) -> Int {
        ImageCacheKey.bucket(forPixels: max(1, Int((Double(pixelSize) / 1.05).rounded(.down))))
    }

    /// Makes sure `photo` gets loaded at `pixelSize` (longest side, device pixels) with `priority`
    /// (lower `order` first within it): queues a request unless one is in flight (then re-prioritises it)
    /// or the cache already holds a surface of that bucket or bigger, or the photo failed.
    public func want(_ photo: Photo, pixelSize: Int, priority: LoadPriority, order: Int = 0) {
        let bucket = Self.bucket(forPixels: pixelSize)
        guard failures[photo.id] == nil else { return }
        if let have = surfaces.peekBest(photo: photo.id, bucket: bucket), have.bucket >= bucket { return }
        let key = RequestKey(photo: photo.id, bucket: bucket)
        if let id = inFlight[key] {
            loader.updatePriority(id, priority: priority, order: order)
        } else {
            inFlight[key] = loader.request(photo, pixelSize: bucket, priority: priority, order: order)
        }
    }

    /// Cancels the load of `photo` at `pixelSize` if it has not started (the photo left the prefetch range).
    public func cancel(_ photo: PhotoPath, pixelSize: Int) {
        let key = RequestKey(photo: photo, bucket: Self.bucket(forPixels: pixelSize))
        if let id = inFlight.removeValue(forKey: key) { loader.cancel(id) }
    }

    /// True while a request for `photo` at `pixelSize`'s bucket is queued or running.
    public func isLoading(_ photo: PhotoPath, pixelSize: Int) -> Bool {
        inFlight[RequestKey(photo: photo, bucket: Self.bucket(forPixels: pixelSize))] != nil
    }

    /// The best surface for showing `photo` at `pixelSize` (a smaller one while the right one loads).
    public func surface(for photo: PhotoPath, pixelSize: Int) -> ImageSurface? {
        surfaces.best(photo: photo, bucket: Self.bucket(forPixels: pixelSize))?.surface
    }

    /// Starts a frame (UI thread, at the frame's update, before drawing): surfaces not used in this frame or
    /// the previous one become evictable beyond the cache's budget.
    public func beginFrame() { surfaces.beginFrame() }

    /// Loaded (some surface exists), failed (with the reason) or loading.
    public func status(of photo: PhotoPath) -> PhotoLoadStatus {
        if let reason = failures[photo] { return .failed(reason: reason) }
        return surfaces.peekBest(photo: photo, bucket: 1) != nil ? .loaded : .loading
    }

    /// Requests queued or running.
    public var pendingCount: Int { inFlight.count }

    /// Takes the finished results (UI thread): converts images to surfaces, records failures. Returns
    /// the photos whose status or image changed.
    @discardableResult
    public func drain() -> Set<PhotoPath> {
        wakeSignal.take()
        var changed = Set<PhotoPath>()
        for result in loader.drainCompleted() {
            let key = RequestKey(photo: result.photoID, bucket: result.pixelSize)
            if inFlight[key] == result.requestID { inFlight[key] = nil }
            switch result.outcome {
            case .success(let loaded):
                let image = loaded.image
                let surface = image.withUnsafeBytes {
                    try? ImageSurface(copyingARGB32: $0, width: image.width, height: image.height, stride: image.stride)
                }
                if let surface {
                    surfaces.insert(surface, photo: result.photoID, bucket: result.pixelSize)
                    changed.insert(result.photoID)
                }
            case .failure(let error):
                if failures[result.photoID] == nil {
                    failures[result.photoID] = error.reason
                    if logsFailures {
                        FileHandle.standardError.write(Data("photostack: \(result.photoID.string): \(error.reason)\n".utf8))
                    }
                }
                changed.insert(result.photoID)
            }
        }
        return changed
    }
}
