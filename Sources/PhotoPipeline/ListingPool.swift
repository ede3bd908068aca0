import Foundation

/// Folders listed by helper threads ahead of a depth-first walk (`FolderTree.walkInParallel`). The walk
/// submits each folder's sub-folders as it reaches them (first child on top of a stack, so helpers work in
/// walk order) and takes listings in walk order; while the listing it needs is being made by a helper, the
/// walk lists the next waiting folder itself rather than wait. `@unchecked Sendable`: every field is
/// guarded by `condition`.
final class ListingPool: @unchecked Sendable {
    struct Job: Sendable {
        var key: FolderKey
        var path: PhotoPath
    }

    private let condition = NSCondition()
    private var stack: [Job] = []
    private var inProgress = Set<FolderKey>()
    private var done: [FolderKey: Result<FolderListing, ScanProblem>] = [:]
    private var finished = false
    private var helpers = 0
    private let exited = DispatchSemaphore(value: 0)
    private let subfolders: Bool
    /// `FolderTree.deferStatusAfter`: folders listed once this many photos were listed do not stat their photos.
    private let deferStatusAfter: Int?
    private var photosListed = 0

    init(subfolders: Bool, deferStatusAfter: Int? = nil) {
        self.subfolders = subfolders; self.deferStatusAfter = deferStatusAfter
    }

    /// Whether the folder claimed now stats its photos (under `condition`).
    private var statsPhotos: Bool { deferStatusAfter.map { photosListed < $0 } ?? true }

    /// Counts a listing's photos (under `condition`).
    private func count(_ result: Result<FolderListing, ScanProblem>) {
        if case .success(let listing) = result { photosListed += listing.photos.count }
    }

    /// Starts `count` helper threads.
    func startHelpers(_ count: Int) {
        helpers = count
        for i in 0..<count {
            let thread = Thread { [self] in
                var lister = FolderLister()
                while let (job, stats) = claim() {
                    complete(job.key, lister.list(job.path, key: job.key, subfolders: subfolders, statPhotos: stats))
                }
                exited.signal()
            }
            thread.name = "PhotoLibrary.scan.helper\(i)"
            thread.start()
        }
    }

    /// Adds folders to list, the one needed first last.
    func submit(_ jobs: [Job]) {
        condition.lock()
        stack.append(contentsOf: jobs)
        condition.broadcast()
        condition.unlock()
    }

    /// The listing of `key` (submitted before), made by a helper or by the caller with `lister`.
    func listing(of key: FolderKey, lister: inout FolderLister) -> Result<FolderListing, ScanProblem> {
        condition.lock()
        while true {
            if let result = done.removeValue(forKey: key) { condition.unlock(); return result }
            var job: Job?
            if stack.last?.key == key { job = stack.removeLast() }
            else if let i = stack.lastIndex(where: { $0.key == key }) { job = stack.remove(at: i) }
            else if !inProgress.contains(key) {
                condition.unlock()
                return .failure(ScanProblem(path: PhotoPath("/"), reason: "internal: folder \(key) was never submitted"))
            } else if !stack.isEmpty { job = stack.removeLast() }   // help while a helper lists ours
            if let job {
                inProgress.insert(job.key)
                let stats = statsPhotos
                condition.unlock()
                let result = lister.list(job.path, key: job.key, subfolders: subfolders, statPhotos: stats)
                condition.lock()
                inProgress.remove(job.key)
                count(result)
                done[job.key] = result
                condition.broadcast()
                continue
            }
            condition.wait()
        }
    }

    /// Stops the helpers (dropping folders not listed yet) and waits for them to end.
    func finish() {
        condition.lock()
        finished = true
        stack.removeAll()
        condition.broadcast()
        condition.unlock()
        for _ in 0..<helpers { exited.wait() }
        helpers = 0
    }

    /// The next job and whether it stats its photos.
    private func claim() -> (Job, Bool)? {
        condition.lock()
        defer { condition.unlock() }
        while stack.isEmpty && !finished { condition.wait() }
        if finished { return nil }
        let job = stack.removeLast()
        inProgress.insert(job.key)
        return (job, statsPhotos)
    }

    private func complete(_ key: FolderKey, _ result: Result<FolderListing, ScanProblem>) {
        condition.lock()
        inProgress.remove(key)
        count(result)
        done[key] = result
        condition.broadcast()
        condition.unlock()
    }
}
