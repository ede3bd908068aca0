import ArgumentParser

/// Options of the album browser (debug helpers to show a given screen, for snapshots and tests).
public struct BrowserOptions: ParsableArguments {
    @Option(help: "Open album N (0-based, in scan order) at launch.")
    public var openAlbum: Int?

    @Option(help: "With --open-album: open photo N (0-based) of that album at launch.")
    public var openPhoto: Int?

    public init() {}

    public func validate() throws {
        if openPhoto != nil && openAlbum == nil { throw ValidationError("--open-photo needs --open-album") }
        if let n = openAlbum, n < 0 { throw ValidationError("--open-album must not be negative") }
        if let n = openPhoto, n < 0 { throw ValidationError("--open-photo must not be negative") }
    }
}
