import ArgumentParser
import PhotoPipeline

extension PhotoSortOrder: ExpressibleByArgument {}
extension AlbumGridStyle: ExpressibleByArgument {}

/// Options of the album browser (debug helpers to show a given screen, for snapshots and tests).
public struct BrowserOptions: ParsableArguments {
    @Option(help: "Open album N (0-based, in the order shown) at launch.")
    public var openAlbum: Int?

    @Option(help: "With --open-album: open photo N (0-based) of that album at launch.")
    public var openPhoto: Int?

    @Option(help: "Order albums and photos by name, date taken (EXIF, else file time) or modification time (this run only; the menu's choice is remembered).")
    public var sort: PhotoSortOrder?

    @Option(help: "Lay album grids out as square cards or justified rows of whole photos (this run only; the menu's choice is remembered).")
    public var grid: AlbumGridStyle?

    @Flag(help: "Start a slideshow (from the photo or album opened, else through every album). --slideshow SECONDS sets the seconds per photo.")
    public var slideshow = false

    @Option(help: "Seconds per photo of the slideshow (what --slideshow SECONDS sets).")
    public var slideshowSeconds: Double?

    public init() {}

    /// Rewrites `--slideshow SECONDS` (and `--slideshow=SECONDS`) into `--slideshow --slideshow-seconds SECONDS`, so
    /// the flag takes an optional number: the word after `--slideshow` is its seconds when it is a positive number.
    public static func rewritingSlideshowSeconds(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { out += arguments[i...]; break }
            if a.hasPrefix("--slideshow="), let n = Double(a.dropFirst("--slideshow=".count)) {
                out += ["--slideshow", "--slideshow-seconds", String(n)]
            } else if a == "--slideshow", i + 1 < arguments.count, let n = Double(arguments[i + 1]), n > 0 {
                out += ["--slideshow", "--slideshow-seconds", arguments[i + 1]]
                i += 1
            } else {
                out.append(a)
            }
            i += 1
        }
        return out
    }

    public func validate() throws {
        if openPhoto != nil && openAlbum == nil { throw ValidationError("--open-photo needs --open-album") }
        if let n = openAlbum, n < 0 { throw ValidationError("--open-album must not be negative") }
        if let n = openPhoto, n < 0 { throw ValidationError("--open-photo must not be negative") }
        if let s = slideshowSeconds, !(s >= 1 && s <= 3600) { throw ValidationError("--slideshow seconds must be between 1 and 3600") }
    }
}
