/// A photo's stable identity in a live library: the folder it is in (`FolderKey`, which survives renames
/// of that folder) and its file name. Unique within a library, also for hard links (two names) and for the
/// same name in two folders; unchanged when the photo's album folder is renamed; unchanged when the file is
/// edited (its `FileIdentity` changes instead, which is what "modified" means). Made from a `Photo` without
/// copying: it keeps the photo's path buffer and compares and hashes only the name part of it.
public struct PhotoKey: Hashable, Sendable, CustomStringConvertible {
    public let folder: FolderKey
    private let path: PhotoPath
    private let nameStart: Int

    /// The key of `name` (raw bytes) in the folder `folder`.
    public init(folder: FolderKey, name: [UInt8]) { self.init(folder: folder, path: PhotoPath(bytes: name), nameStart: 0) }

    init(folder: FolderKey, path: PhotoPath, nameStart: Int) {
        self.folder = folder; self.path = path; self.nameStart = nameStart
    }

    /// The file name, raw bytes.
    public var name: [UInt8] { Array(path.bytes[nameStart...]) }

    public static func == (a: PhotoKey, b: PhotoKey) -> Bool {
        a.folder == b.folder && a.path.bytes[a.nameStart...].elementsEqual(b.path.bytes[b.nameStart...])
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(folder)
        path.bytes.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[nameStart...])) }
    }

    public var description: String { "\(folder)/\(String(decoding: path.bytes[nameStart...], as: UTF8.self))" }
}
