/// A photo's stable identity in a live library: the folder it is in (`FolderKey`, which survives renames
/// of that folder) and its file name (raw bytes). Unique within a library, also for hard links (two names)
/// and for the same name in two folders; unchanged when the photo's album folder is renamed; unchanged when
/// the file is edited (its `FileIdentity` changes instead, which is what "modified" means).
public struct PhotoKey: Hashable, Sendable, CustomStringConvertible {
    public var folder: FolderKey
    /// The file name, raw bytes.
    public var name: [UInt8]

    public init(folder: FolderKey, name: [UInt8]) { self.folder = folder; self.name = name }

    public var description: String { "\(folder)/\(String(decoding: name, as: UTF8.self))" }
}
