/// One photo file in the library.
///
/// Compact: the file's path (one buffer), where its name starts in it, its folder's key and its file
/// identity — 72 bytes inline plus the path's buffer (see `photostack bench scan` for the measured bytes
/// per photo). `id` and `path` cost nothing; `name`, `folder` and `displayName` are made on each call;
/// `key` shares the path's buffer.
public struct Photo: Hashable, Sendable, Identifiable {
    // (Fields in this order pack into 69 bytes, a stride of 72.)
    /// The file's path, raw bytes (absolute, or root-relative as given).
    public private(set) var path: PhotoPath
    /// The folder's device and inode (`FolderKey.noFolder` for photos made with `init(path:identity:format:)`).
    public var folderKey: FolderKey
    /// Content version at scan time (device, inode, size in bytes, mtime). A new identity (the file was
    /// edited or replaced) means a new thumbnail.
    public var identity: FileIdentity
    /// Where the file name starts in `path.bytes`.
    private var nameStart: Int32
    /// Format guessed from the extension (the decoder sniffs the content).
    public var format: ImageFormat

    /// Stable id: the file's path (raw bytes). The same path gives the same id across scans.
    public var id: PhotoPath { path }
    /// The photo's key in a live library: its folder's key and its name, so it stays the same when its
    /// album folder is renamed (shares the path's buffer).
    public var key: PhotoKey { PhotoKey(folder: folderKey, path: path, nameStart: Int(nameStart)) }
    /// The file name, raw bytes.
    public var name: [UInt8] { Array(path.bytes[Int(nameStart)...]) }
    /// The folder holding the photo ("" for a bare name, "/" for a file in the root).
    public var folder: PhotoPath {
        let end = Int(nameStart)
        if end == 0 { return PhotoPath(bytes: []) }
        return PhotoPath(bytes: end == 1 ? [UInt8(ascii: "/")] : Array(path.bytes[..<(end - 1)]))
    }
    /// File name for display (invalid UTF-8 shown as U+FFFD).
    public var displayName: String { String(decoding: path.bytes[Int(nameStart)...], as: UTF8.self) }
    /// File size in bytes.
    public var fileSize: Int64 { identity.size }
    /// Modification time, seconds since the Unix epoch.
    public var modificationTime: Double { Double(identity.mtimeSeconds) + Double(identity.mtimeNanoseconds) / 1e9 }

    /// The photo `name` in `folder` (whose key is `folderKey`).
    public init(folder: PhotoPath, name: [UInt8], folderKey: FolderKey, identity: FileIdentity, format: ImageFormat) {
        let path = folder.bytes.isEmpty ? PhotoPath(bytes: name) : folder.appending(name)
        self.init(path: path, nameStart: path.bytes.count - name.count, folderKey: folderKey, identity: identity, format: format)
    }

    /// A photo at `path` whose folder was not looked at (its `folderKey` is `FolderKey.noFolder`).
    public init(path: PhotoPath, identity: FileIdentity, format: ImageFormat) {
        let start = path.bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        self.init(path: path, nameStart: start, folderKey: .noFolder, identity: identity, format: format)
    }

    private init(path: PhotoPath, nameStart: Int, folderKey: FolderKey, identity: FileIdentity, format: ImageFormat) {
        self.path = path; self.folderKey = folderKey; self.nameStart = Int32(nameStart)
        self.identity = identity; self.format = format
    }

    /// This photo moved to `folder` (same name, key and identity).
    func moved(to folder: PhotoPath) -> Photo {
        Photo(folder: folder, name: name, folderKey: folderKey, identity: identity, format: format)
    }
}
