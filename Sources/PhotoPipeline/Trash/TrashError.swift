/// Why moving a file to the trash, or restoring it, did not happen. The file is left where it was.
public enum TrashError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is nothing at this path.
    case notFound(PhotoPath)
    /// No trash folder can be used for this file's file system (read-only, unsafe `.Trash`, no permission).
    case noTrash(PhotoPath, reason: String)
    /// The trash folder was found but the file could not be moved into it.
    case cannotMove(PhotoPath, reason: String)
    /// Restoring: something already exists at the original path; nothing was overwritten.
    case originalPathTaken(PhotoPath)
    /// Restoring: the folder the file came from no longer exists.
    case originalFolderMissing(PhotoPath)
    /// Restoring: the trashed file is no longer in the trash (emptied, or restored elsewhere).
    case notInTrash(PhotoPath)
    /// Restoring: the file is no longer in the trash and a file is back at its path (another program put it back).
    case alreadyBack(PhotoPath)
    /// Restoring failed for another reason.
    case cannotRestore(PhotoPath, reason: String)

    public var description: String {
        switch self {
        case .notFound(let p): return "\(p.lastComponent) does not exist"
        case .noTrash(let p, let reason): return "no trash folder for \(p): \(reason)"
        case .cannotMove(let p, let reason): return "cannot move \(p) to the trash: \(reason)"
        case .originalPathTaken(let p): return "cannot restore \(p.lastComponent): a file with that name is already there (\(p))"
        case .originalFolderMissing(let p): return "cannot restore \(p.lastComponent): its folder no longer exists"
        case .notInTrash(let p): return "cannot restore \(p.lastComponent): it is no longer in the trash"
        case .alreadyBack(let p): return "\(p.lastComponent) is already back in its folder (another program put it back)"
        case .cannotRestore(let p, let reason): return "cannot restore \(p): \(reason)"
        }
    }
}
