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
/// the version shown. Sendable: all members are immutable or internally locked.
public struct ThumbnailPipeline: Sendable {
    public var decoder: ImageDecoder
    /// nil = no disk cache.
    public var diskCache: ThumbnailCache?
    /// Use the EXIF-embedded thumbnail when it covers the requested size.
    public var useExifThumbnails: Bool

    public init(decoder: ImageDecoder = ImageDecoder(), diskCache: ThumbnailCache? = ThumbnailCache(),
                useExifThumbnails: Bool = true) {
        self.decoder = decoder; self.diskCache = diskCache
        self.useExifThumbnails = useExifThumbnails
    }

    /// Loads `photo` with a longest side of at least `pixelSize` pixels (when the original is that big).
    public func load(photo: Photo, pixelSize: Int) -> Result<LoadedImage, DecodeError> {
        let target = ImageCacheKey.bucket(forPixels: pixelSize)
        // A stat (no open) first: a FIFO or device is refused unopened.
        guard let st = FileBytes.status(photo.path) else {
            return .failure(.unreadable("file is missing or cannot be accessed"))
        }
        if let problem = SafeFile.notRegular(st) { return .failure(.notRegularFile(problem)) }
        let file: SafeFile
        do { file = try decoder.open(photo.path) } catch { return .failure(error) }
        // From here on the descriptor's version of the file is the truth (it may differ from the stat above).
        let identity = file.identity
        let size = ThumbnailSize.forPixels(pixelSize)
        if let disk = diskCache, size != nil {
            if let cached = disk.lookup(source: photo.path, identity: identity, pixels: target) {
                return .success(LoadedImage(image: cached.image, source: .diskThumbnail, originalWidth: cached.originalWidth,
                                            originalHeight: cached.originalHeight, fileIdentity: identity))
            }
            if disk.hasFailure(source: photo.path, identity: identity) {
                return .failure(.corrupt("failed before (failure record in the thumbnail cache; not retried until the file changes)"))
            }
        }
        let prefix: [UInt8]
        switch file.read(count: ImageDecoder.prefixBytes) {
        case .success(let bytes): prefix = bytes
        case .failure(let error): return .failure(error)
        }
        if useExifThumbnails, target <= decoder.limits.maxEmbeddedThumbnailSide,
           let thumb = decoder.decodeEmbeddedThumbnail(file: file, prefix: prefix), thumb.image.longestSide >= target {
            let image = thumb.image.downscaled(toLongestSide: target)
            return .success(LoadedImage(image: image, source: .exifThumbnail, originalWidth: 0, originalHeight: 0,
                                        fileIdentity: identity))
        }
        let decoded: DecodedImage
        do {
            decoded = try decoder.decode(file: file, prefix: prefix, targetSize: target, applyOrientation: true,
                                         downscaleTo: target)
        } catch {
            if error.isPermanent { diskCache?.recordFailure(source: photo.path, identity: identity) }
            return .failure(error)
        }
        let image = decoded.image.downscaled(toLongestSide: target)
        let original = decoded.displayedOriginalSize
        let loaded = LoadedImage(image: image, source: .decode, originalWidth: original.width, originalHeight: original.height,
                                 isIncomplete: decoded.isIncomplete, warnings: decoded.warnings, fileIdentity: identity)
        // An incomplete image (truncated, or the file changed while it was read) is shown, never cached.
        if decoded.isIncomplete { return .success(loaded) }
        if let disk = diskCache, let size {
            disk.store(image, source: photo.path, identity: identity, size: size, originalWidth: original.width,
                       originalHeight: original.height, mimeType: decoded.format.mimeType)
        }
        return .success(loaded)
    }
}
