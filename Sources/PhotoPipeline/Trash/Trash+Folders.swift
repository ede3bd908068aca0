#if canImport(Glibc)
import Glibc
#endif

extension Trash {
    /// Creates the home trash and its `files/` and `info/` folders when missing (missing parents 0700, as the
    /// XDG base directory specification asks).
    func ensureHomeTrash(for original: PhotoPath) throws(TrashError) {
        try makeDirectories(homeTrash, for: original)
        for sub in ["files", "info"] { try makeFolder(homeTrash.appending(sub), for: original) }
    }

    /// The trash folder for a file on the file system whose top directory is `top`: `top/.Trash/UID` when
    /// `top/.Trash` is a folder, not a symlink, with the sticky bit; otherwise `top/.Trash-UID`. Creates the
    /// chosen folder (0700) and its `files/` and `info/` when missing; refuses one that is a symlink or is
    /// not owned by the user.
    func volumeTrash(top: PhotoPath, for original: PhotoPath) throws(TrashError) -> PhotoPath {
        let shared = top.appending(".Trash")
        var candidates: [PhotoPath] = []
        if let st = PosixFiles.linkStatus(shared), (st.st_mode & S_IFMT) == S_IFDIR, (st.st_mode & S_ISVTX) != 0 {
            candidates.append(shared.appending(String(userID)))
        }
        candidates.append(top.appending(".Trash-\(userID)"))
        var reasons: [String] = []
        for trash in candidates {
            do {
                try makeFolder(trash, for: original)
                guard let st = PosixFiles.linkStatus(trash), (st.st_mode & S_IFMT) == S_IFDIR else {
                    reasons.append("\(trash) is not a folder"); continue
                }
                guard st.st_uid == userID else {
                    reasons.append("\(trash) belongs to another user"); continue
                }
                for sub in ["files", "info"] { try makeFolder(trash.appending(sub), for: original) }
                return trash
            } catch {
                reasons.append(error.description)
            }
        }
        throw .noTrash(original, reason: reasons.joined(separator: "; "))
    }

    /// mkdir 0700 unless a folder (not a symlink) is already there.
    func makeFolder(_ path: PhotoPath, for original: PhotoPath) throws(TrashError) {
        if let st = PosixFiles.linkStatus(path) {
            guard (st.st_mode & S_IFMT) == S_IFDIR else {
                throw .noTrash(original, reason: "\(path) is not a folder")
            }
            return
        }
        let r = PosixFiles.makeDirectory(path, mode: 0o700)
        if r != 0 && r != EEXIST { throw .noTrash(original, reason: "cannot create \(path): \(PosixFiles.describe(r))") }
    }

    /// mkdir -p with 0700 for every missing folder.
    func makeDirectories(_ path: PhotoPath, for original: PhotoPath) throws(TrashError) {
        if PosixFiles.linkStatus(path) != nil { return try makeFolder(path, for: original) }
        let parent = PosixFiles.parent(of: path)
        if parent != path, parent.bytes != [UInt8(ascii: "/")] { try makeDirectories(parent, for: original) }
        try makeFolder(path, for: original)
    }
}
