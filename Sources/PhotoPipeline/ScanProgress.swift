/// Counts reported while scanning.
public struct ScanProgress: Hashable, Sendable {
    /// Folders read so far.
    public var foldersScanned: Int
    /// Photos found so far.
    public var photosFound: Int
    /// Albums found so far.
    public var albumsFound: Int
}
