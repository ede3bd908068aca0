import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Moves files to the freedesktop.org trash (Trash specification 1.0) and puts them back (undo). PhotoStack
/// never unlinks a photo: a file leaves the library only by a rename into a trash folder.
///
/// - Files on the file system of the home trash (`$XDG_DATA_HOME/Trash`, default `~/.local/share/Trash`)
///   go there; files on another mount go to `$topdir/.Trash/$uid` when `$topdir/.Trash` is a real folder
///   (not a symlink) with the sticky bit, else to `$topdir/.Trash-$uid` (created with mode 0700).
/// - The name is reserved by creating `info/NAME.trashinfo` with O_EXCL, then the file is renamed to
///   `files/NAME` (never replacing anything); on a clash the next name is tried: `NAME`, `STEM.2.EXT`, …
///
/// Synchronous and thread-safe (it holds no mutable state; concurrent calls race only through O_EXCL and
/// rename without replace): call it from a background queue, never the UI thread. Every file-system call is
/// announced through `FileAccess.will`.
public final class Trash: Sendable {
    /// The home trash folder (holds `files/` and `info/`).
    public let homeTrash: PhotoPath
    /// The user id in volume trash folder names.
    public let userID: UInt32
    let volumes: TrashVolumes
    /// Seconds since the Unix epoch, for `DeletionDate`.
    let now: @Sendable () -> Int

    public init(homeTrash: PhotoPath, userID: UInt32 = getuid(), volumes: TrashVolumes = .system,
                now: @escaping @Sendable () -> Int = { Int(time(nil)) }) {
        self.homeTrash = homeTrash
        self.userID = userID
        self.volumes = volumes
        self.now = now
    }

    /// The current user's trash: `$XDG_DATA_HOME/Trash` when that variable is an absolute path, else
    /// `$HOME/.local/share/Trash`.
    public static func forCurrentUser(environment: [String: String] = ProcessInfo.processInfo.environment) -> Trash {
        Trash(homeTrash: homeTrashPath(environment: environment))
    }

    static func homeTrashPath(environment: [String: String]) -> PhotoPath {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return PhotoPath(data).appending("Trash") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return PhotoPath(home).appending(".local/share/Trash")
    }

    /// Moves the file (or symlink, or folder) at `path` into the trash for its file system.
    /// - Returns: where it went, for `restore(_:)`.
    public func moveToTrash(_ path: PhotoPath) throws(TrashError) -> TrashedItem {
        let original = PosixFiles.absolute(path)
        guard let fileDevice = volumes.device(original) else { throw .notFound(original) }
        if volumes.deviceOfNearestExisting(homeTrash) == fileDevice {
            do {
                try ensureHomeTrash(for: original)
                return try move(original, into: homeTrash, infoPath: original.bytes)
            } catch .cannotMove(_, let reason) where reason == Self.crossDeviceReason {
                // Same device number but another mount (a bind mount): use the volume's trash instead.
            }
        }
        guard let top = volumes.topDirectory(original) else {
            throw .noTrash(original, reason: "its file system's top directory was not found")
        }
        let trash = try volumeTrash(top: top, for: original)
        return try move(original, into: trash, infoPath: Self.relative(original, to: top))
    }

    /// Puts a trashed file back at its original path and removes its info file. Refuses, changing nothing,
    /// when something is already at the original path (`.originalPathTaken`), when the original folder is
    /// gone, or when the file is no longer in the trash. A failure to remove the info file afterwards is
    /// ignored (the file is back; the trash keeps a stale entry that file managers show as missing).
    public func restore(_ item: TrashedItem) throws(TrashError) {
        guard PosixFiles.linkStatus(item.trashedPath) != nil else {
            if PosixFiles.linkStatus(item.originalPath) != nil { throw .alreadyBack(item.originalPath) }
            throw .notInTrash(item.originalPath)
        }
        guard let folder = FileBytes.status(PosixFiles.parent(of: item.originalPath)),
              (folder.st_mode & S_IFMT) == S_IFDIR else { throw .originalFolderMissing(item.originalPath) }
        let r = PosixFiles.renameNoReplace(item.trashedPath, to: item.originalPath)
        if r == EEXIST || r == ENOTEMPTY { throw .originalPathTaken(item.originalPath) }
        if r != 0 { throw .cannotRestore(item.originalPath, reason: PosixFiles.describe(r)) }
        _ = PosixFiles.unlinkNonPhoto(item.infoPath)
    }

    // MARK: - Moving

    /// Reserves a name in `trash/info`, then renames the file into `trash/files`.
    func move(_ original: PhotoPath, into trash: PhotoPath, infoPath: [UInt8]) throws(TrashError) -> TrashedItem {
        let files = trash.appending("files"), info = trash.appending("info")
        let content = TrashInfo(path: infoPath, deletionDate: TrashInfo.deletionDate(epochSeconds: now())).encoded()
        for attempt in 1...10_000 {
            let name = Self.candidateName(original.lastComponentBytes, attempt: attempt)
            let infoFile = info.appending(name + Array(".trashinfo".utf8))
            let created = PosixFiles.writeNewFile(infoFile, content, mode: 0o600)
            if created == EEXIST { continue }
            if created != 0 { throw .noTrash(original, reason: "cannot write \(infoFile): \(PosixFiles.describe(created))") }
            let target = files.appending(name)
            let moved = PosixFiles.renameNoReplace(original, to: target)
            if moved == 0 { return TrashedItem(originalPath: original, trashedPath: target, infoPath: infoFile) }
            _ = PosixFiles.unlinkNonPhoto(infoFile)
            if moved == EEXIST || moved == ENOTEMPTY { continue }   // a stray file without info: next name
            if moved == ENOENT { throw .notFound(original) }
            if moved == EXDEV { throw .cannotMove(original, reason: Self.crossDeviceReason) }
            throw .cannotMove(original, reason: PosixFiles.describe(moved))
        }
        throw .cannotMove(original, reason: "no free name in \(files)")
    }

    /// The reason `move` gives when the trash is on another mount than the file (rename(2) said EXDEV).
    static let crossDeviceReason = "the trash folder is on another mount than the file"

    /// `NAME` on the first attempt, then `STEM.N.EXT` (the extension kept so file managers still know the type).
    static func candidateName(_ name: [UInt8], attempt: Int) -> [UInt8] {
        guard attempt > 1 else { return name }
        let suffix = Array(".\(attempt)".utf8)
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 {
            return Array(name[..<dot]) + suffix + Array(name[dot...])
        }
        return name + suffix
    }

    /// `path` relative to `top` (for a volume trash's `Path=`).
    static func relative(_ path: PhotoPath, to top: PhotoPath) -> [UInt8] {
        var prefix = top.bytes
        if prefix.last != UInt8(ascii: "/") { prefix.append(UInt8(ascii: "/")) }
        guard path.bytes.starts(with: prefix) else { return path.bytes }
        return Array(path.bytes[prefix.count...])
    }
}
