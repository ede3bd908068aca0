import Canvas
import Foundation
import PhotoPipeline

/// The one photo path, from a file to a pixel on a card. It owns the decoding requests (`ImageLoader` threads
/// running the `ThumbnailPipeline`), the decoded surfaces and their byte budget, and the card renderings and
/// their builder threads; cells ask it what to draw and draw what they get.
///
/// Layers, and why each is there (fewest that the measurements justify; docs/performance.md has the figures):
/// 1. **Disk**: freedesktop.org thumbnails (`ThumbnailCache`, inside the pipeline). A warm start shows 200 photos
///    in 0.06 s instead of 2.7 s of decoding.
/// 2. **Surfaces** (`SurfaceCache`): the decoded photo as a Cairo surface, per size bucket, bounded in bytes
///    (16 MB beyond what is on screen: with 32 MB the 200-photo album's window rested at 121 MB, with 16 MB at
///    100 MB). A second in-memory copy as `PixelImage` (the pipeline's old memory cache)
///    only cost memory: an evicted photo comes back from its disk thumbnail in about a millisecond.
/// 3. **Cards** (`CardCache`): each card rendered once at its device size and rotation, so a frame copies
///    pixel-aligned cards instead of drawing borders, shadows and rotated photos (frame CPU p99 at 1920×1080
///    went from ~12 to ~4 ms). Cards of live cells are kept; others within 8 MB.
///
/// Every call is for the UI thread. Requests are commands made in the update phase (`want`, `cancel`,
/// `markInUse`, `prepareCard`); lookups (`image`, `status`, `card`) are queries and change nothing. Results of
/// background work come back through the app's inbox and are applied by `receive`.
public final class PhotoService {
    public let surfaces: SurfaceCache
    let cards = CardCache()
    /// The card builder threads (their counters are what the frame bench reports).
    public let builders: CardBuilders
    /// Photos rendered at the exact size the photo view shows them (a background thread of their own).
    public let renderings: PhotoRenderings
    private var loader: ImageLoader!
    private struct RequestKey: Hashable { var photo: PhotoPath; var bucket: Int }
    private var inFlight: [RequestKey: LoadRequestID] = [:]
    /// Photos whose image was decoded from a file that ended early or changed while read (shown with a mark).
    private var incomplete: Set<PhotoPath> = []
    /// The photo behind each request in flight (to ask again when a decode found the memory budget busy).
    private var requested: [RequestKey: (photo: Photo, priority: LoadPriority, order: Int)] = [:]
    private var failures: [PhotoPath: String] = [:]
    /// Each photo's size as displayed (orientation applied), pixels, as the decoder or the thumbnail reported it.
    private var originalSizes: [PhotoPath: (width: Int, height: Int)] = [:]
    /// Every photo whose `originalSize(of:)` was learned or changed, in order: a screen laying photos out at their
    /// proportions reads on from where it stopped (`PhotoProportions`).
    public private(set) var sizeLog: [PhotoPath] = []
    /// Cards asked for in this frame and the previous one (builds of others are cancelled).
    var wantedCards: Set<CardKey> = [], previouslyWantedCards: Set<CardKey> = []
    /// Cards asked for in this frame's update for cells on screen (any need but `.ahead`).
    var onScreenCardsWanted = 0
    /// Placeholder and broken-mark cards, one per geometry, shared by every photo showing them.
    var placeholderCards = PlaceholderCards()
    /// Images decoded from their files so far (not read from a disk thumbnail): a cold cache when above 0.
    public private(set) var decodedCount = 0
    /// Photos whose load failed are reported on stderr once.
    public var logsFailures = true
    /// The disk thumbnail cache, asked after loads whether it found a problem with its folders (said once).
    private let diskCache: ThumbnailCache?
    /// The display's colour profile, which the loaders convert every image to (`setDisplayProfile`).
    public let display: DisplayColour

    /// - Parameters:
    ///   - pipeline: the decode/cache work (tests pass one without a disk cache).
    ///   - post: the app's inbox, where decoded images and built cards are delivered.
    ///   - workerCount: decoding threads (default: the number of cores).
    ///   - surfaceCapacity: bytes of surfaces kept beyond what is on screen.
    public init(pipeline: ThumbnailPipeline = ThumbnailPipeline(),
                post: @escaping Post, workerCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                surfaceCapacity: Int = 16 * 1024 * 1024, cardBuilders: Int? = nil) {
        surfaces = SurfaceCache(capacity: surfaceCapacity)
        builders = CardBuilders(workerCount: cardBuilders ?? CardBuilders.defaultWorkerCount, post: post)
        renderings = PhotoRenderings(post: post)
        diskCache = pipeline.diskCache
        display = pipeline.display
        loader = ImageLoader(pipeline: pipeline, workerCount: workerCount, deliver: { post(.image($0)) })
    }

    /// A service whose loads run custom work (tests, benchmarks).
    public init(post: @escaping Post, workerCount: Int = 1, surfaceCapacity: Int = 192 * 1024 * 1024,
                cardBuilders: Int? = nil, work: @escaping ImageLoader.Work) {
        surfaces = SurfaceCache(capacity: surfaceCapacity)
        builders = CardBuilders(workerCount: cardBuilders ?? CardBuilders.defaultWorkerCount, post: post)
        renderings = PhotoRenderings(post: post)
        diskCache = nil
        display = DisplayColour()
        loader = ImageLoader(workerCount: workerCount, deliver: { post(.image($0)) }, work: work)
    }

    deinit {
        loader.shutdown()
        builders.shutdown()
        renderings.shutdown()
    }

    /// The cache bucket for a need of `pixelSize` device pixels (longest side).
    /// A need at most 5 % over a bucket uses that bucket (the card's hover lift): a 525 px need at 1920 px
    /// wide loads 512 px images, not 1024 px ones (a quarter of the memory).
    public static func bucket(forPixels pixelSize: Int) -> Int {
        ImageCacheKey.bucket(forPixels: max(1, Int((Double(pixelSize) / 1.05).rounded(.down))))
    }

    // MARK: Frames

    /// Starts the update of a frame: surfaces and cards not marked in this frame or the previous one become
    /// evictable beyond their budgets, and queued card builds nobody asked for in two frames are cancelled.
    public func beginFrame() {
        surfaces.beginFrame()
        cards.beginFrame()
        renderings.beginFrame()
        let keep = wantedCards.union(previouslyWantedCards)
        builders.cancelQueued { keep.contains($0) }
        previouslyWantedCards = wantedCards
        wantedCards.removeAll(keepingCapacity: true)
    }

    /// Ends the update of a frame, once every screen drawn in it has marked what it draws: cards no screen marked
    /// in it are kept only within the card budget (the frame's live cards stay whatever their size).
    /// The card builders may then run ahead of the UI thread by half the cards this frame shows on screen (at least
    /// `minimumUndeliveredCards`): between two turns of a slow UI thread, more would be built for cells it scrolls past.
    public func endUpdate() {
        cards.endUpdate()
        let limit = max(Self.minimumUndeliveredCards, onScreenCardsWanted / 2)
        if builders.undeliveredLimit != limit { builders.undeliveredLimit = limit }
        onScreenCardsWanted = 0
    }

    /// The fewest finished cards the builders may hold for the UI thread (`endUpdate`).
    static let minimumUndeliveredCards = 8

    // MARK: Requests (update phase)

    /// Makes sure `photo` gets loaded at `pixelSize` (longest side, device pixels) with `priority` (lower
    /// `order` first within it): queues a request unless one is in flight (then re-prioritises it), the cache
    /// already holds a surface of that bucket or bigger, or the photo failed.
    public func want(_ photo: Photo, pixelSize: Int, priority: LoadPriority, order: Int = 0) {
        let bucket = Self.bucket(forPixels: pixelSize)
        guard failures[photo.id] == nil else { return }
        if let have = surfaces.best(photo: photo.id, bucket: bucket), have.bucket >= bucket, !surfaces.isStale(have) { return }
        let key = RequestKey(photo: photo.id, bucket: bucket)
        if let id = inFlight[key] {
            loader.updatePriority(id, priority: priority, order: order)
        } else {
            inFlight[key] = loader.request(photo, pixelSize: bucket, priority: priority, order: order)
        }
        requested[key] = (photo, priority, order)
    }

    /// Cancels the load of `photo` at `pixelSize` if it has not started (the photo left the prefetch range).
    public func cancel(_ photo: PhotoPath, pixelSize: Int) {
        let key = RequestKey(photo: photo, bucket: Self.bucket(forPixels: pixelSize))
        if let id = inFlight.removeValue(forKey: key) { loader.cancel(id) }
        requested[key] = nil
    }

    /// Keeps the surface shown for `photo` at `pixelSize` in this frame (a live cell uses it).
    public func markInUse(_ photo: PhotoPath, pixelSize: Int) {
        surfaces.markInUse(photo: photo, bucket: Self.bucket(forPixels: pixelSize))
    }

    /// Forgets everything about `photo` (its file changed): its surfaces, cards, failure and loads, so the
    /// next request loads the new version.
    public func forget(_ photo: PhotoPath) {
        surfaces.remove(photo: photo)
        cards.remove(photo: photo)
        renderings.forget(photo)
        failures[photo] = nil
        originalSizes[photo] = nil
        incomplete.remove(photo)
        for (key, id) in inFlight where key.photo == photo {
            loader.cancel(id)
            inFlight[key] = nil
            requested[key] = nil
        }
    }

    /// Shows every photo in the display's new colour profile (`icc`: its bytes; nil or unusable: sRGB). The
    /// surfaces held stay on screen, marked stale, until their images come back converted to it; loads under way
    /// are cancelled. Returns true when the profile changed.
    @discardableResult
    public func setDisplayProfile(_ icc: [UInt8]?) -> Bool {
        var profile = ColourProfile.sRGB
        if let icc {
            do throws(ColourProfileError) {
                profile = try ColourProfile(icc: icc)
            } catch {
                FileHandle.standardError.write(Data("photostack: the display's colour profile is not used: \(error.reason)\n".utf8))
            }
            if profile.space != .rgb {
                FileHandle.standardError.write(Data("photostack: the display's colour profile is not an RGB profile; sRGB is used\n".utf8))
                profile = .sRGB
            }
        }
        guard profile.id != display.profile.id else { return false }
        display.profile = profile
        surfaces.markAllStale()
        loader.cancelAll()
        inFlight.removeAll()
        requested.removeAll()
        return true
    }

    // MARK: Results

    /// Applies background results: decoded images become surfaces, failures are recorded, built cards are
    /// kept if still wanted. Returns true when something shown may change.
    public func receive(_ message: AppMessage) -> Bool {
        switch message {
        case .image(let result):
            return take(result)
        case .card(let built):
            builders.delivered(built.key)
            if let card = built.card { placeholderCards.remember(card, for: built.key) }
            guard wantedCards.contains(built.key) || previouslyWantedCards.contains(built.key),
                  !cards.contains(built.key), let card = built.card else { return false }
            cards.insert(card, for: built.key)
            return true
        case .rendering(let r):
            return renderings.receive(r)
        case .library, .action, .releaseMemory, .places:
            return false
        }
    }

    private func take(_ result: LoadResult) -> Bool {
        if let problem = diskCache?.takeProblem() {   // touches no file
            FileHandle.standardError.write(Data("photostack: the thumbnail cache is not used: \(problem)\n".utf8))
        }
        let key = RequestKey(photo: result.photoID, bucket: result.pixelSize)
        let asked = requested[key]
        if inFlight[key] == result.requestID { inFlight[key] = nil; requested[key] = nil }
        switch result.outcome {
        case .success(let loaded):
            // Converted for a display profile that has changed since: the next update asks again.
            guard loaded.displayProfileID == display.profile.id else { return false }
            if loaded.source == .decode { decodedCount += 1 }
            if loaded.isIncomplete { incomplete.insert(result.photoID) } else { incomplete.remove(result.photoID) }
            if loaded.originalWidth > 0, loaded.originalHeight > 0 {
                if let old = originalSizes[result.photoID], old == (loaded.originalWidth, loaded.originalHeight) {} else {
                    originalSizes[result.photoID] = (loaded.originalWidth, loaded.originalHeight)
                    sizeLog.append(result.photoID)
                }
            }
            // The decoded buffer becomes the surface's pixels (no copy, no fresh pages on the UI thread); a buffer
            // cairo cannot take as is is copied.
            let image = loaded.image
            let surface = image.withUnsafeMutableBytes {
                ImageSurface(adoptingARGB32: $0, width: image.width, height: image.height, stride: image.stride, owner: image)
            } ?? image.withUnsafeBytes {
                try? ImageSurface(copyingARGB32: $0, width: image.width, height: image.height, stride: image.stride)
            }
            guard let surface else { return false }
            surfaces.insert(surface, photo: result.photoID, bucket: result.pixelSize)
            return true
        case .failure(let error):
            // Busy (the decode budget stayed in use): asked for again. Changed while read: not a property of the
            // file either; the library's update brings its new version.
            guard error.isPermanent else {
                if case .busy = error, let asked { want(asked.photo, pixelSize: result.pixelSize, priority: asked.priority, order: asked.order) }
                return false
            }
            guard failures[result.photoID] == nil else { return false }
            failures[result.photoID] = error.reason
            if logsFailures {
                FileHandle.standardError.write(Data("photostack: \(result.photoID.string): \(error.reason)\n".utf8))
            }
            return true
        }
    }

    // MARK: Queries

    /// The best surface for showing `photo` at `pixelSize` (a smaller one while the right one loads), if any.
    public func image(for photo: PhotoPath, pixelSize: Int) -> SurfaceCache.Item? {
        surfaces.best(photo: photo, bucket: Self.bucket(forPixels: pixelSize))
    }

    /// The photo's size as displayed (orientation applied), pixels, once a load reported it.
    public func originalSize(of photo: PhotoPath) -> (width: Int, height: Int)? { originalSizes[photo] }

    /// Loaded (some surface exists), failed (with the reason) or loading.
    public func status(of photo: PhotoPath) -> PhotoLoadStatus {
        if let reason = failures[photo] { return .failed(reason: reason) }
        return surfaces.best(photo: photo, bucket: 1) != nil ? .loaded : .loading
    }

    /// True when the image of `photo` was decoded from a file that ended early (or changed while read): it is
    /// shown with a mark, and never cached as if complete.
    public func isIncomplete(_ photo: PhotoPath) -> Bool { incomplete.contains(photo) }

    /// True while a request for `photo` at `pixelSize`'s bucket is queued or running.
    public func isLoading(_ photo: PhotoPath, pixelSize: Int) -> Bool {
        inFlight[RequestKey(photo: photo, bucket: Self.bucket(forPixels: pixelSize))] != nil
    }

    /// Requests queued or running.
    public var pendingCount: Int { inFlight.count }
    /// Loads the loader still has queued or running, thumbnail writes after delivery included (touches no file).
    public var loaderPendingCount: Int { loader.pendingCount }
}
