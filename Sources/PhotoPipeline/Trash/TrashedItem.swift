/// A file the trash holds: everything needed to put it back (undo).
public struct TrashedItem: Hashable, Sendable {
    /// Where the file was, absolute.
    public var originalPath: PhotoPath
    /// The file now: `TRASH/files/NAME`.
    public var trashedPath: PhotoPath
    /// Its info file: `TRASH/info/NAME.trashinfo`.
    public var infoPath: PhotoPath

    public init(originalPath: PhotoPath, trashedPath: PhotoPath, infoPath: PhotoPath) {
        self.originalPath = originalPath
        self.trashedPath = trashedPath
        self.infoPath = infoPath
    }
}
