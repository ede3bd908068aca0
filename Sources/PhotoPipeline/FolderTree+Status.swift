import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Completing the photos whose `stat` the scan deferred (`deferStatusAfter`): a scan that only reads the
/// folders' entries (names and `d_type`, as `find` does) costs a third of one that stats every photo, so the
/// live library's initial scan lists big libraries that way and stats the photos once it is done. Until then
/// such a photo's identity is `FileIdentity.unknownVersion` (device and inode, no size or modification time)
/// and its readability is unchecked.
extension FolderTree {
    /// One folder's photos to stat: its node, path and its album's photos as listed.
    struct StatusJob: Sendable {
        var key: FolderKey
        var path: PhotoPath
        var photos: [Photo]
    }

    /// What `completeStatus` found for one folder.
    struct StatusResult: Sendable {
        var job: StatusJob
        /// The photos with their identities, in the same order; photos gone meanwhile are left out.
        var photos: [Photo]
        /// Photos that turned out unreadable or no regular file (as the listing reports them when it stats).
        var problems: [ScanProblem]
    }

    /// The folders holding photos with a deferred `stat`, in library order.
    func deferredStatusJobs() -> [StatusJob] {
        var jobs: [StatusJob] = []
        func visit(_ key: FolderKey) {
            guard let node = nodes[key] else { return }
            if let album = node.album, album.photos.contains(where: { !$0.identity.isKnown }) {
                jobs.append(StatusJob(key: node.key, path: node.path, photos: album.photos))
            }
            for child in node.children { visit(child) }
        }
        if let rootKey { visit(rootKey) }
        return jobs
    }

    /// Stats the job's photos whose identity is unknown (any thread: touches no tree state). A photo that is
    /// gone now is left out (its deletion's event re-lists the folder: the watch was added before the listing);
    /// one that cannot be read or is no regular file becomes a problem, as in `FolderLister`.
    static func completeStatus(_ job: StatusJob, readability: Readability) -> StatusResult {
        var result = StatusResult(job: job, photos: [], problems: [])
        result.photos.reserveCapacity(job.photos.count)
        FileAccess.will(.list, job.path)
        let dirFD = job.path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { if dirFD >= 0 { close(dirFD) } }
        for photo in job.photos {
            if photo.identity.isKnown { result.photos.append(photo); continue }
            FileAccess.will(.status, photo.path)
            var st = stat()
            let ok: Bool
            if dirFD >= 0 {
                let name = photo.name + [0]
                ok = name.withUnsafeBufferPointer { b in
                    b.withMemoryRebound(to: CChar.self) { fstatat(dirFD, $0.baseAddress!, &st, 0) == 0 }
                }
            } else {
                ok = photo.path.withCString { stat($0, &st) == 0 }
            }
            guard ok else {
                if errno != ENOENT { result.problems.append(ScanProblem(path: photo.path, reason: String(cString: strerror(errno)))) }
                continue
            }
            guard st.st_mode & S_IFMT == S_IFREG else {
                result.problems.append(ScanProblem(path: photo.path, reason: "not a regular file"))
                continue
            }
            guard readability.canRead(st) else {
                result.problems.append(ScanProblem(path: photo.path, reason: String(cString: strerror(EACCES))))
                continue
            }
            var completed = photo
            completed.identity = FileIdentity(st)
            result.photos.append(completed)
        }
        return result
    }

    /// Puts a result into the tree (the tree's thread); false when the folder's album changed since the job was
    /// made (then its own listing is newer).
    @discardableResult
    func applyStatus(_ result: StatusResult) -> Bool {
        guard let node = nodes[result.job.key], let album = node.album, album.photos == result.job.photos else { return false }
        var notShown = node.notShown
        for _ in result.problems { notShown.add(.unreadable) }
        setContent(of: node, photos: result.photos, notShown: notShown, problems: node.problems + result.problems)
        return true
    }
}
