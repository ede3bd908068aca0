/// The work done for one load: memory cache → disk thumbnail (valid and big enough) → EXIF thumbnail (big
/// enough) → DCT-scaled decode, then the thumbnail is written to disk and the image kept in memory.
/// Sendable: all members are immutable or internally locked.
public struct ThumbnailPipeline: Sendable {
    public var decoder: ImageDecoder
    public var memoryCache: MemoryImageCache
    /// nil = no disk cache.
    public var diskCache: ThumbnailCache?
    /// Use the EXIF-embedded thumbnail when it covers the requested size.
    public var useExifThumbnails: Bool

    public init(decoder: ImageDecoder = ImageDecoder(), memoryCache: MemoryImageCache = MemoryImageCache(),
                diskCache: ThumbnailCache? = ThumbnailCache(), useExifThumbnails: Bool = true) {
        self.decoder = decoder; self.memoryCache = memoryCache; self.diskCache = diskCache
        self.useExifThumbnails = useExifThumbnails
    }

    /// Loads `photo` with a longest side of at least `pixelSize` pixels (when the original is that big).
    public func load(photo: Photo, pixelSize: Int) -> Result<LoadedImage, DecodeError> {
        let bucket = ImageCacheKey.bucket(forPixels: pixelSize)
        let target = bucket
        // The file may have changed since the scan: key caches by what is on disk now.
        guard let identity = FileIdentity.of(photo.path) else {
            return .failure(.unreadable("file is missing or cannot be accessed"))
        }
        let key = ImageCacheKey(identity: identity, bucket: bucket)
        if let image = memoryCache.image(for: key) {
            return .success(LoadedImage(image: image, source: .memoryCache, originalWidth: 0, originalHeight: 0))
        }
        let size = ThumbnailSize.forPixels(pixelSize)
        if let disk = diskCache, size != nil {
            if let cached = disk.lookup(source: photo.path, identity: identity, pixels: target) {
                memoryCache.insert(cached.image, for: key)
                return .success(LoadedImage(image: cached.image, source: .diskThumbnail,
                                            originalWidth: cached.originalWidth, originalHeight: cached.originalHeight))
            }
            if disk.hasFailure(source: photo.path, identity: identity) {
                return .failure(.corrupt("failed before (failure record in the thumbnail cache; not retried until the file changes)"))
            }
        }
        let bytes: [UInt8]
        switch FileBytes.read(photo.path) {
        case .success(let b): bytes = b
        case .failure(let error): return .failure(error)
        }
        if useExifThumbnails, ImageFormat.sniff(bytes) == .jpeg,
           let thumb = decoder.decodeEmbeddedThumbnail(bytes: bytes), thumb.image.longestSide >= target {
            let image = thumb.image.downscaled(toLongestSide: target)
            memoryCache.insert(image, for: key)
            return .success(LoadedImage(image: image, source: .exifThumbnail, originalWidth: 0, originalHeight: 0))
        }
        let decoded: DecodedImage
        do {
            decoded = try decoder.decode(bytes: bytes, targetSize: target, downscaleTo: target)
        } catch {
            diskCache?.recordFailure(source: photo.path, identity: identity)
            return .failure(error)
        }
        let image = decoded.image.downscaled(toLongestSide: target)
        let original = decoded.displayedOriginalSize
        if let disk = diskCache, let size {
            disk.store(image, source: photo.path, identity: identity, size: size, originalWidth: original.width,
                       originalHeight: original.height, mimeType: decoded.format.mimeType)
        }
        memoryCache.insert(image, for: key)
        return .success(LoadedImage(image: image, source: .decode, originalWidth: original.width, originalHeight: original.height))
    }
}
