/// A folder or file the scanner could not read; each is reported once and skipped.
public struct ScanProblem: Hashable, Sendable, Error {
    public var path: PhotoPath
    /// Human-readable reason (errno text).
    public var reason: String

    public init(path: PhotoPath, reason: String) { self.path = path; self.reason = reason }
}
