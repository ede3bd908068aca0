/// The identity of a folder on disk: its device and inode numbers. It stays the same when the folder is
/// renamed or moved within its file system and across rescans, so an album keyed by it is "the same album"
/// after a rename (a move in the collection view, not a delete and an insert).
public struct FolderKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) { self.device = device; self.inode = inode }

    /// The key of the one album made of photo files named on the command line (`LibrarySource.files`),
    /// and of photos made with `Photo(path:identity:format:)` (whose folder was never looked at).
    public static let noFolder = FolderKey(device: 0, inode: 0)

    public var description: String { "\(device):\(inode)" }

    public static func < (a: FolderKey, b: FolderKey) -> Bool { (a.device, a.inode) < (b.device, b.inode) }
}
