/// A folder or file the scanner could not read; each is reported once and skipped.
public struct ScanProblem: Hashable, Sendable {
    public var path: PhotoPath
    /// Human-readable reason (errno text).
    public var reason: String

    public init(path: PhotoPath, reason: String) { self.path = path; self.reason = reason }
}

/// Counts reported while scanning.
public struct ScanProgress: Hashable, Sendable {
    /// Folders read so far.
    public var foldersScanned: Int
    /// Photos found so far.
    public var photosFound: Int
    /// Albums found so far.
    public var albumsFound: Int
}

/// Events delivered (on the scanning thread) by `PhotoLibrary.scan`.
public enum ScanEvent: Sendable {
    case album(Album)
    case progress(ScanProgress)
    case problem(ScanProblem)
    case finished(PhotoLibrary)
}
