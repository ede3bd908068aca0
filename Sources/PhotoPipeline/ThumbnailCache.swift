import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The freedesktop.org Thumbnail Managing Standard 0.9 disk cache, shared with feh -P, gThumb, geeqie, EOG.
///
/// Layout: `<root>/{normal,large,x-large,xx-large}/<md5 of file URI>.png`, 8-bit RGBA PNGs with Thumb::URI and
/// Thumb::MTime (plus Size, Mimetype, Image::Width/Height, Software); directories 0700, files 0600, written to
/// a temporary file and renamed. Failures: an empty 1×1 PNG under `fail/photostack-<version>/`.
/// Immutable configuration, so `Sendable`; the file system provides the atomicity (rename).
public final class ThumbnailCache: Sendable {
    /// The cache root (normally $XDG_CACHE_HOME/thumbnails).
    public let root: PhotoPath
    /// Our version, used in the failure directory name.
    public let version: String

    /// `root` nil = `defaultRoot()`.
    public init(root: PhotoPath? = nil, version: String = "0.1") {
        self.root = root ?? ThumbnailCache.defaultRoot()
        self.version = version
    }

    /// $XDG_CACHE_HOME/thumbnails, or ~/.cache/thumbnails.
    public static func defaultRoot() -> PhotoPath {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return PhotoPath(xdg).appending("thumbnails") }
        let home = env["HOME"] ?? NSHomeDirectory()
        return PhotoPath(home).appending(".cache/thumbnails")
    }

    /// The thumbnail file name for a source file: lowercase hex MD5 of its URI + ".png".
    public static func fileName(for source: PhotoPath) -> String { MD5.hex(Array(FileURI.uri(for: source).utf8)) + ".png" }

    /// Where the `size` thumbnail of `source` lives.
    public func thumbnailPath(for source: PhotoPath, size: ThumbnailSize) -> PhotoPath {
        root.appending(size.directoryName).appending(ThumbnailCache.fileName(for: source))
    }

    /// Where a failure record for `source` lives.
    public func failurePath(for source: PhotoPath) -> PhotoPath {
        root.appending("fail").appending("photostack-\(version)").appending(ThumbnailCache.fileName(for: source))
    }

    /// A valid cached thumbnail of `source` whose longest side covers `pixels` (or that holds the whole,
    /// smaller original), trying the matching size class and bigger ones. Invalid/stale entries are ignored
    /// (they get overwritten by `store`).
    public func lookup(source: PhotoPath, identity: FileIdentity, pixels: Int) -> CachedThumbnail? {
        guard let first = ThumbnailSize.forPixels(pixels) else { return nil }
        let uri = FileURI.uri(for: source)
        for size in ThumbnailSize.allCases where size >= first {
            let path = thumbnailPath(for: source, size: size)
            guard case .success(let file) = PNGCodec.read(path: path, maxPixels: 4096 * 4096),
                  let image = file.image, ThumbnailCache.isValid(file.texts, uri: uri, identity: identity) else { continue }
            let originalW = Int(file.texts["Thumb::Image::Width"] ?? "") ?? 0
            let originalH = Int(file.texts["Thumb::Image::Height"] ?? "") ?? 0
            let wholeOriginal = originalW > 0 && originalH > 0 && max(originalW, originalH) <= image.longestSide
            if image.longestSide >= min(pixels, size.pixels) || wholeOriginal {
                return CachedThumbnail(image: image, size: size, originalWidth: originalW, originalHeight: originalH)
            }
        }
        return nil
    }

    /// Thumb::URI matches and Thumb::MTime (and Thumb::Size when present) match the file now.
    static func isValid(_ texts: [String: String], uri: String, identity: FileIdentity) -> Bool {
        guard texts["Thumb::URI"] == uri, let mtime = texts["Thumb::MTime"],
              Int64(mtime.split(separator: ".").first ?? "") == identity.mtimeSeconds else { return false }
        if let size = texts["Thumb::Size"], let value = Int64(size), value != identity.size { return false }
        return true
    }

    /// Writes `image` (already scaled to at most `size.pixels`, orientation applied) as the `size` thumbnail of
    /// `source`. Returns nil or the reason it failed.
    @discardableResult
    public func store(_ image: PixelImage, source: PhotoPath, identity: FileIdentity, size: ThumbnailSize,
                      originalWidth: Int, originalHeight: Int, mimeType: String) -> String? {
        let uri = FileURI.uri(for: source)
        let texts: [(String, String)] = [
            ("Thumb::URI", uri), ("Thumb::MTime", String(identity.mtimeSeconds)), ("Thumb::Size", String(identity.size)),
            ("Thumb::Mimetype", mimeType), ("Thumb::Image::Width", String(originalWidth)),
            ("Thumb::Image::Height", String(originalHeight)), ("Software", "PhotoStack \(version)"),
        ]
        return write(image, texts: texts, to: thumbnailPath(for: source, size: size),
                     directories: [root, root.appending(size.directoryName)])
    }

    /// Records that `source` (in this version) cannot be thumbnailed.
    @discardableResult
    public func recordFailure(source: PhotoPath, identity: FileIdentity) -> String? {
        let empty = PixelImage(width: 1, height: 1) { _, _ in 0 }
        let texts: [(String, String)] = [("Thumb::URI", FileURI.uri(for: source)), ("Thumb::MTime", String(identity.mtimeSeconds)),
                                         ("Software", "PhotoStack \(version)")]
        let fail = root.appending("fail")
        return write(empty, texts: texts, to: failurePath(for: source),
                     directories: [root, fail, fail.appending("photostack-\(version)")])
    }

    /// True when a failure record exists for the file as it is now (same MTime): don't retry.
    public func hasFailure(source: PhotoPath, identity: FileIdentity) -> Bool {
        guard case .success(let file) = PNGCodec.read(path: failurePath(for: source), headerOnly: true) else { return false }
        return ThumbnailCache.isValid(file.texts, uri: FileURI.uri(for: source), identity: identity)
    }

    private func write(_ image: PixelImage, texts: [(String, String)], to path: PhotoPath, directories: [PhotoPath]) -> String? {
        // Missing parents of the root (e.g. ~/.cache) are created 0700 too, as the XDG base directory spec asks.
        var parents: [PhotoPath] = []
        var parent = root.bytes
        while let slash = parent.lastIndex(of: UInt8(ascii: "/")), slash > 0 {
            parent = Array(parent[..<slash])
            if FileBytes.status(PhotoPath(bytes: parent)) != nil { break }
            parents.insert(PhotoPath(bytes: parent), at: 0)
        }
        for dir in parents + directories {
            FileAccess.will(.write, dir)
            if dir.withCString({ mkdir($0, 0o700) }) != 0 && errno != EEXIST {
                return "cannot create \(dir): \(String(cString: strerror(errno)))"
            }
        }
        let temporary = PhotoPath(bytes: path.bytes + Array(".photostack-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp".utf8))
        if let error = PNGCodec.write(image, to: temporary, texts: texts) {
            _ = temporary.withCString { unlink($0) }
            return error
        }
        FileAccess.will(.write, path)
        _ = temporary.withCString { chmod($0, 0o600) }
        let renamed = temporary.withCString { t in path.withCString { rename(t, $0) } }
        if renamed != 0 {
            let reason = String(cString: strerror(errno))
            _ = temporary.withCString { unlink($0) }
            return reason
        }
        return nil
    }
}
