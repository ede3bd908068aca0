/// One photo file in the library.
///
/// Compact: the folder's path is shared by every photo of an album (one buffer, reference-counted), so a
/// photo holds its own file name, its folder's key and its file identity — about 80 bytes inline plus the
/// name's buffer (see `photostack bench scan` for the measured bytes per photo). `path`, `id` and
/// `displayName` are computed from them.
public struct Photo: Hashable, Sendable, Identifiable {
    /// The folder holding the photo, raw bytes (absolute, or root-relative as given).
    public var folder: PhotoPath
    /// The file name, raw bytes.
    public var name: [UInt8]
    /// The folder's device and inode (`FolderKey.noFolder` for photos made with `init(path:identity:format:)`).
    public var folderKey: FolderKey
    /// Content version at scan time (device, inode, size in bytes, mtime). A new identity (the file was
    /// edited or replaced) means a new thumbnail.
    public var identity: FileIdentity
    /// Format guessed from the extension (the decoder sniffs the content).
    public var format: ImageFormat

    /// Stable id: the file's path (raw bytes). The same path gives the same id across scans.
    public var id: PhotoPath { path }
    /// The photo's key in a live library: stays the same when its album folder is renamed.
    public var key: PhotoKey { PhotoKey(folder: folderKey, name: name) }
    /// The file's path: `folder` + "/" + `name` (made on each call).
    public var path: PhotoPath { folder.bytes.isEmpty ? PhotoPath(bytes: name) : folder.appending(name) }
    /// File name for display (invalid UTF-8 shown as U+FFFD).
    public var displayName: String { String(decoding: name, as: UTF8.self) }
    /// File size in bytes.
    public var fileSize: Int64 { identity.size }
    /// Modification time, seconds since the Unix epoch.
    public var modificationTime: Double { Double(identity.mtimeSeconds) + Double(identity.mtimeNanoseconds) / 1e9 }

    public init(folder: PhotoPath, name: [UInt8], folderKey: FolderKey, identity: FileIdentity, format: ImageFormat) {
        self.folder = folder; self.name = name; self.folderKey = folderKey
        self.identity = identity; self.format = format
    }

    /// A photo at `path` whose folder was not looked at (its `folderKey` is `FolderKey.noFolder`).
    public init(path: PhotoPath, identity: FileIdentity, format: ImageFormat) {
        let bytes = path.bytes
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            let folderBytes = slash == bytes.startIndex ? [UInt8(ascii: "/")] : Array(bytes[..<slash])
            self.init(folder: PhotoPath(bytes: folderBytes), name: Array(bytes[(slash + 1)...]),
                      folderKey: .noFolder, identity: identity, format: format)
        } else {
            self.init(folder: PhotoPath(bytes: []), name: bytes, folderKey: .noFolder, identity: identity, format: format)
        }
    }
}
