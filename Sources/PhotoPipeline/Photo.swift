/// One photo file in the library.
public struct Photo: Hashable, Sendable, Identifiable {
    /// Stable id: the file's path (raw bytes). The same path gives the same id across scans.
    public var id: PhotoPath { path }
    /// Absolute (or root-relative as given) path, raw bytes.
    public var path: PhotoPath
    /// File name for display (invalid UTF-8 shown as U+FFFD).
    public var displayName: String
    /// Content version at scan time (device, inode, size in bytes, mtime).
    public var identity: FileIdentity
    /// Format guessed from the extension (the decoder sniffs the content).
    public var format: ImageFormat

    /// File size in bytes.
    public var fileSize: Int64 { identity.size }
    /// Modification time, seconds since the Unix epoch.
    public var modificationTime: Double { Double(identity.mtimeSeconds) + Double(identity.mtimeNanoseconds) / 1e9 }

    public init(path: PhotoPath, identity: FileIdentity, format: ImageFormat) {
        self.path = path
        self.displayName = path.lastComponent
        self.identity = identity
        self.format = format
    }
}
