#if canImport(Glibc)
import Glibc
#endif

/// The work done for one load: disk thumbnail (valid and big enough) → EXIF thumbnail (small, of the photo's
/// shape, big enough) → DCT-scaled decode, then the thumbnail is written to disk — unless the decode was
/// incomplete (truncated or changing file), which is returned marked and cached nowhere. There is no memory
/// cache here: the app keeps what it shows as surfaces (`PhotoService`), and an evicted photo comes back from
/// its disk thumbnail in about a millisecond.
///
/// The photo is opened once (`SafeFile`: no FIFO or device is ever opened blocking, only regular files of at
/// most `limits.maxFileBytes`) and every cache key uses the version of the file that descriptor reads, not
/// the scan's: a photo whose size or mtime changed is decoded again, and `LoadedImage.fileIdentity` reports
/// the version shown.
///
/// Colour: every image comes back in the display's profile (`display`, read once per load). Decodes that are
/// cached are converted from the file's colour space to sRGB first (the freedesktop thumbnails stay sRGB, as every
/// program reading them expects) and from sRGB to the display after; the others (the photo view's sizes) go from
/// the file's space straight to the display's. With an sRGB display and sRGB photos nothing is converted.
/// Sendable: all members are immutable or internally locked.
public struct ThumbnailPipeline: Sendable {
    public var decoder: ImageDecoder
    /// nil = no disk cache.
    public var diskCache: ThumbnailCache?
    /// Use the EXIF-embedded thumbnail when it covers the requested size.
    public var useExifThumbnails: Bool
    /// The display's colour profile, which every loaded image is converted to.
    public let display: DisplayColour

    public init(decoder: ImageDecoder = ImageDecoder(), diskCache: ThumbnailCache? = ThumbnailCache(),
                useExifThumbnails: Bool = true, display: DisplayColour = DisplayColour()) {
        self.decoder = decoder; self.diskCache = diskCache
        self.useExifThumbnails = useExifThumbnails
        self.display = display
    }

    /// Loads `photo` with a longest side of at least `pixelSize` pixels (when the original is that big), the
    /// thumbnail written to disk before it returns.
    public func load(photo: Photo, pixelSize: Int) -> Result<LoadedImage, DecodeError> {
        let (result, store) = loadDeferringStore(photo: photo, pixelSize: pixelSize)
        store?()
        return result
    }

    /// The same, but a freshly decoded thumbnail is not written yet: `store` writes it (nil when there is
    /// nothing to write). `ImageLoader` hands the result to the app first and writes after, so the photo is
    /// shown ~1 ms sooner (PNG encode, create, write, rename) and the next decode starts no later.
    public func loadDeferringStore(photo: Photo, pixelSize: Int) -> (result: Result<LoadedImage, DecodeError>, store: (@Sendable () -> Void)?) {
        let result = loadImage(photo: photo, pixelSize: pixelSize)
        guard case .success(let loaded) = result.result, let pending = result.store, let disk = diskCache else {
            return (result.result, nil)
        }
        let path = photo.path
        return (result.result, {
            disk.store(pending.image, source: path, identity: pending.identity, size: pending.size,
                       originalWidth: loaded.originalWidth, originalHeight: loaded.originalHeight, mimeType: pending.mimeType)
        })
    }

    /// What a deferred store needs beyond the `LoadedImage`.
    private struct PendingStore {
        var identity: FileIdentity; var size: ThumbnailSize; var mimeType: String
        /// The thumbnail in sRGB (the loaded image is in the display's profile).
        var image: PixelImage
    }

    /// Called for the request a worker will most likely take next, while the current one is decoded: when the
    /// photo will have to be decoded (no thumbnail of its size class or larger on disk), the kernel is asked to
    /// read the file ahead (`SafeFile.adviseWillNeed`) so the decode finds it in the page cache instead of
    /// waiting for the disk. Only the first `ImageDecoder.prefixBytes` when the EXIF thumbnail may do. Warm
    /// photos are left alone (their originals are not read at all). Failures are ignored: `load` reports them.
    public func prepare(photo: Photo, pixelSize: Int) {
        let target = ImageCacheKey.bucket(forPixels: pixelSize)
        if let disk = diskCache, ThumbnailSize.forPixels(pixelSize) != nil,
           disk.hasThumbnailFile(source: photo.path, pixels: target) { return }
        // `open` refuses what is not a regular file before opening it.
        guard let file = try? decoder.open(photo.path) else { return }
        let exifMayDo = useExifThumbnails && target <= decoder.limits.maxEmbeddedThumbnailSide
        let readsWholeFile = ThumbnailPipeline.decodeReadsWholeFile(photo.format)
        file.adviseWillNeed(count: exifMayDo || !readsWholeFile ? ImageDecoder.prefixBytes : nil)
    }

    /// Whether decoding `format` reads the whole file (JPEG, PNG, WebP, GIF), so reading all of it ahead is no
    /// waste. Not for RAW (the embedded preview may be a few MB of a 50 MB file), HEIF/AVIF or TIFF (a
    /// thumbnail item, one page).
    static func decodeReadsWholeFile(_ format: ImageFormat) -> Bool {
        switch format {
        case .jpeg, .png, .webp, .gif: return true
        default: return false
        }
    }

    private func loadImage(photo: Photo, pixelSize: Int) -> (result: Result<LoadedImage, DecodeError>, store: PendingStore?) {
        let target = ImageCacheKey.bucket(forPixels: pixelSize)
        let screen = display.profile
        // A stat (no open) first: a FIFO or device is refused unopened.
        guard let st = FileBytes.status(photo.path) else {
            return fail(.unreadable("file is missing or cannot be accessed"))
        }
        if let problem = SafeFile.notRegular(st) { return fail(.notRegularFile(problem)) }
        let file: SafeFile
        do { file = try decoder.open(photo.path) } catch { return fail(error) }
        // From here on the descriptor's version of the file is the truth (it may differ from the stat above).
        let identity = file.identity
        let size = ThumbnailSize.forPixels(pixelSize)
        if let disk = diskCache, size != nil {
            if let cached = disk.lookup(source: photo.path, identity: identity, pixels: target) {
                cached.image.convertColourInPlace(from: .sRGB, to: screen)   // read just now: not shared yet
                return ok(shown(LoadedImage(image: cached.image, source: .diskThumbnail, originalWidth: cached.originalWidth,
                                            originalHeight: cached.originalHeight, fileIdentity: identity), on: screen))
            }
            if disk.hasFailure(source: photo.path, identity: identity) {
                return fail(.corrupt("failed before (failure record in the thumbnail cache; not retried until the file changes)"))
            }
        }
        let prefix: [UInt8]
        switch file.read(count: ImageDecoder.prefixBytes) {
        case .success(let bytes): prefix = bytes
        case .failure(let error): return fail(error)
        }
        if useExifThumbnails, target <= decoder.limits.maxEmbeddedThumbnailSide,
           let thumb = decoder.decodeEmbeddedThumbnail(file: file, prefix: prefix), thumb.image.longestSide >= target {
            let image = thumb.image.downscaled(toLongestSide: target)
            image.convertColourInPlace(from: thumb.pixelProfile, to: screen)
            return ok(shown(LoadedImage(image: image, source: .exifThumbnail, originalWidth: 0, originalHeight: 0,
                                        fileIdentity: identity), on: screen))
        }
        // The whole file will be read: ask for all of it now rather than readahead window by window.
        if ThumbnailPipeline.decodeReadsWholeFile(photo.format) { file.adviseWillNeed() }
        let caches = diskCache != nil && size != nil
        let decoded: DecodedImage
        do {
            decoded = try decoder.decode(file: file, prefix: prefix, targetSize: target, applyOrientation: true,
                                         downscaleTo: target, colourTarget: caches ? .sRGB : screen)
        } catch {
            if error.isPermanent { diskCache?.recordFailure(source: photo.path, identity: identity) }
            return fail(error)
        }
        let image = decoded.image.downscaled(toLongestSide: target)
        let original = decoded.displayedOriginalSize
        let onScreen = image.convertingColour(from: decoded.pixelProfile, to: screen)
        var loaded = LoadedImage(image: onScreen, source: .decode, originalWidth: original.width, originalHeight: original.height,
                                 isIncomplete: decoded.isIncomplete, warnings: decoded.warnings, fileIdentity: identity)
        loaded.displayProfileID = screen.id
        // An incomplete image (truncated, or the file changed while it was read) is shown, never cached.
        if decoded.isIncomplete { return ok(loaded) }
        guard caches, let size else { return ok(loaded) }
        return (.success(loaded), PendingStore(identity: identity, size: size, mimeType: decoded.format.mimeType, image: image))
    }

    private func ok(_ image: LoadedImage) -> (result: Result<LoadedImage, DecodeError>, store: PendingStore?) { (.success(image), nil) }

    /// `loaded` marked as converted to `screen`.
    private func shown(_ loaded: LoadedImage, on screen: ColourProfile) -> LoadedImage {
        var marked = loaded
        marked.displayProfileID = screen.id
        return marked
    }
    private func fail(_ error: DecodeError) -> (result: Result<LoadedImage, DecodeError>, store: PendingStore?) { (.failure(error), nil) }
}
