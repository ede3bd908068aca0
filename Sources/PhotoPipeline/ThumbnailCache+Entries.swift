import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading, validating and writing cache entries (see `ThumbnailCache` for the rules).
extension ThumbnailCache {
    /// A valid cached thumbnail of `source` whose longest side covers `pixels` (or that holds the whole,
    /// smaller original), trying the matching size class and bigger ones. Invalid, stale, oversized or
    /// incomplete entries are ignored (they get overwritten by `store`).
    public func lookup(source: PhotoPath, identity: FileIdentity, pixels: Int) -> CachedThumbnail? {
        guard let first = ThumbnailSize.forPixels(pixels) else { return nil }
        let uri = FileURI.uri(for: source)
        let name = ThumbnailCache.fileName(for: source)
        for size in ThumbnailSize.allCases where size >= first {
            guard let dir = directory(size.directoryName, create: false),
                  let file = read(root.appending(size.directoryName).appending(name), in: dir, size: size),
                  let image = file.image, ThumbnailCache.isValid(file.texts, uri: uri, identity: identity),
                  ThumbnailCache.isSRGB(file.texts) else { continue }
            let originalW = Int(file.texts["Thumb::Image::Width"] ?? "") ?? 0
            let originalH = Int(file.texts["Thumb::Image::Height"] ?? "") ?? 0
            let wholeOriginal = originalW > 0 && originalH > 0 && max(originalW, originalH) <= image.longestSide
            if image.longestSide >= min(pixels, size.pixels) || wholeOriginal {
                return CachedThumbnail(image: image, size: size, originalWidth: originalW, originalHeight: originalH)
            }
        }
        return nil
    }

    /// Largest plausible thumbnail file of a size class, bytes: 16-bit RGBA, uncompressed, plus 1 MB of chunks.
    static func maxFileBytes(_ size: ThumbnailSize) -> Int { size.pixels * size.pixels * 8 + (1 << 20) }

    /// Reads the entry at `path` (its last component, in the checked directory `dir`): a regular file, not a
    /// link, no larger than plausible, at most `size.pixels` a side, complete. Nil otherwise.
    private func read(_ path: PhotoPath, in dir: Int32, size: ThumbnailSize) -> PNGFile? {
        guard case .success(let file) = SafeFile.open(path, kind: .private, maxBytes: ThumbnailCache.maxFileBytes(size),
                                                      directory: dir) else { return nil }
        let options = PNGCodec.ReadOptions(maxPixels: size.pixels * size.pixels, maxSide: size.pixels)
        let result = PNGCodec.readStored(file: file, options: options) ?? PNGCodec.read(file: file, options: options)
        guard case .success(let png) = result else { return nil }
        DecodeBudget.release(png.reservedBytes)
        return png.isIncomplete ? nil : png
    }

    /// Thumb::URI matches and Thumb::MTime (and Thumb::Size when present) match the file now.
    static func isValid(_ texts: [String: String], uri: String, identity: FileIdentity) -> Bool {
        guard texts["Thumb::URI"] == uri, let mtime = texts["Thumb::MTime"],
              Int64(mtime.split(separator: ".").first ?? "") == identity.mtimeSeconds else { return false }
        if let size = texts["Thumb::Size"], let value = Int64(size), value != identity.size { return false }
        return true
    }

    /// The thumbnail's pixels are sRGB: a thumbnail PhotoStack wrote before it managed colour (Software
    /// "PhotoStack …" without `colourKey`) holds the file's own colour space and is made again.
    static func isSRGB(_ texts: [String: String]) -> Bool {
        texts["Software"]?.hasPrefix("PhotoStack") != true || texts[colourKey] == "sRGB"
    }

    /// The text key PhotoStack writes in its thumbnails to say their pixels are sRGB (converted from the photo's
    /// colour space), as every program reading the cache assumes.
    static let colourKey = "X-PhotoStack-Colour"

    /// Writes `image` (already scaled to at most `size.pixels`, orientation applied) as the `size` thumbnail of
    /// `source`. Returns nil or the reason it failed (nothing is written where the cache refuses to).
    @discardableResult
    public func store(_ image: PixelImage, source: PhotoPath, identity: FileIdentity, size: ThumbnailSize,
                      originalWidth: Int, originalHeight: Int, mimeType: String) -> String? {
        guard image.longestSide <= size.pixels else { return "thumbnail larger than its size class" }
        let uri = FileURI.uri(for: source)
        let texts: [(String, String)] = [
            ("Thumb::URI", uri), ("Thumb::MTime", String(identity.mtimeSeconds)), ("Thumb::Size", String(identity.size)),
            ("Thumb::Mimetype", mimeType), ("Thumb::Image::Width", String(originalWidth)),
            ("Thumb::Image::Height", String(originalHeight)), ("Software", "PhotoStack \(version)"),
            (ThumbnailCache.colourKey, "sRGB"),
        ]
        return write(image, texts: texts, name: ThumbnailCache.fileName(for: source), in: size.directoryName)
    }

    /// True when a file is where a thumbnail of `source` of `pixels`'s size class or a larger one would be: one
    /// `fstatat` per class, nothing read or checked (`lookup` does that). For guessing whether the original will
    /// have to be decoded (`ThumbnailPipeline.prepare`).
    public func hasThumbnailFile(source: PhotoPath, pixels: Int) -> Bool {
        guard let first = ThumbnailSize.forPixels(pixels) else { return false }
        let name = ThumbnailCache.fileName(for: source)
        for size in ThumbnailSize.allCases where size >= first {
            guard let dir = directory(size.directoryName, create: false) else { continue }
            FileAccess.will(.status, root.appending(size.directoryName).appending(name))
            var st = stat()
            if name.withCString({ fstatat(dir, $0, &st, AT_SYMLINK_NOFOLLOW) }) == 0 { return true }
        }
        return false
    }

    /// Records that `source` (in this version) cannot be thumbnailed.
    @discardableResult
    public func recordFailure(source: PhotoPath, identity: FileIdentity) -> String? {
        let empty = PixelImage(width: 1, height: 1) { _, _ in 0 }
        let texts: [(String, String)] = [("Thumb::URI", FileURI.uri(for: source)), ("Thumb::MTime", String(identity.mtimeSeconds)),
                                         ("Software", "PhotoStack \(version)")]
        return write(empty, texts: texts, name: ThumbnailCache.fileName(for: source), in: failureDirectory)
    }

    /// True when a failure record exists for the file as it is now (same MTime): don't retry.
    public func hasFailure(source: PhotoPath, identity: FileIdentity) -> Bool {
        guard let dir = directory(failureDirectory, create: false),
              case .success(let file) = SafeFile.open(failurePath(for: source), kind: .private, maxBytes: 64 << 10, directory: dir),
              case .success(let png) = PNGCodec.read(file: file, options: PNGCodec.ReadOptions(maxPixels: 1, maxSide: 1, headerOnly: true))
        else { return false }
        return ThumbnailCache.isValid(png.texts, uri: FileURI.uri(for: source), identity: identity)
    }

    /// Writes a PNG to a fresh `O_CREAT|O_EXCL|O_NOFOLLOW` 0600 file in the checked directory `relative`, then
    /// renames it over `name`. Returns nil or the reason.
    private func write(_ image: PixelImage, texts: [(String, String)], name: String, in relative: String) -> String? {
        if let reason = disabledReasonText { return reason }
        guard let dir = directory(relative, create: true) else {
            return problem ?? "thumbnail cache folder \(root.appending(relative)) is not usable"
        }
        let temporary = "\(name).photostack-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let folder = root.appending(relative)
        FileAccess.will(.write, folder.appending(temporary))
        let fd = temporary.withCString { openat(dir, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { return "cannot create a file in \(folder): \(String(cString: strerror(errno)))" }
        var error = PNGCodec.write(image, descriptor: fd, texts: texts)
        if close(fd) != 0, error == nil { error = "write failed: \(String(cString: strerror(errno)))" }
        if error == nil {
            FileAccess.will(.write, folder.appending(name))
            if temporary.withCString({ t in name.withCString { renameat(dir, t, dir, $0) } }) != 0 {
                error = String(cString: strerror(errno))
            }
        }
        if error != nil { _ = temporary.withCString { unlinkat(dir, $0, 0) } }
        return error
    }

    private var disabledReasonText: String? { isDisabled ? (problem ?? "no thumbnail cache") : nil }
}
