import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The watcher thread of a `LiveLibrary`: the initial scan with a watch added before each folder is listed,
/// then the loop that reads inotify events, gathers them into batches and delivers library updates. Lives
/// on its thread only.
final class LibraryWatcher {
    let options: LiveLibrary.Options
    let control: WatchControl
    let deliver: @Sendable (LiveLibraryEvent) -> Void
    let tree: FolderTree
    var inotify: Inotify?
    /// Watch descriptor → the node it reports for.
    var nodeOfWatch: [Int32: FolderKey] = [:]
    /// Node → its watch descriptors (one per folder; several for the files of `.files`).
    var watchesOfNode: [FolderKey: [Int32]] = [:]
    /// `.files`: the folders already watched.
    var watchedFolders = Set<PhotoPath>()
    var limitReported = false
    /// Folders to list again at the end of the batch.
    var dirty = Set<FolderKey>()
    /// IN_MOVED_FROM of folders waiting for their IN_MOVED_TO, by cookie: the old parent and name.
    var pendingMoves: [UInt32: (parent: FolderKey, name: [UInt8])] = [:]
    /// While the deferred stats are completed: the names of files with events, by folder (nil otherwise).
    var touchedNames: [FolderKey: Set<[UInt8]>]?
    /// Set when the batch must rescan everything instead.
    var rescanCause: LibraryUpdate.Cause?
    /// The library delivered last.
    var current = PhotoLibrary(root: PhotoPath("/"), albums: [], problems: [])
    var sequence = 0

    init(source: LibrarySource, options: LiveLibrary.Options, control: WatchControl,
         deliver: @escaping @Sendable (LiveLibraryEvent) -> Void) {
        self.options = options; self.control = control; self.deliver = deliver
        tree = FolderTree(source: source)
        if let helpers = options.scanHelperThreads { tree.helperThreads = max(0, helpers) }
    }

    func run() {
        inotify = Inotify()
        if inotify == nil { reportLimit(.unavailable(String(cString: strerror(errno)))) }
        installHooks()
        if let type = MountTable.fileSystemType(of: tree.root), MountTable.withoutRemoteEvents.contains(type) {
            reportLimit(.fileSystemWithoutEvents(type: type))
        }
        let control = self.control, deliver = self.deliver
        tree.deferStatusAfter = options.deferPhotoStatusAfter
        tree.scanAll(isCancelled: { control.isStopRequested }, onEvent: { deliver(.scan($0)) })
        tree.deferStatusAfter = nil
        if control.isStopRequested { return }
        current = tree.library()
        deliver(.scan(.finished(current)))
        completeDeferredStatus()
        if control.isStopRequested { return }
        loop()
    }

    private func installHooks() {
        tree.willList = { [unowned self] path, node in self.watch(path, node) }
        tree.didRemove = { [unowned self] node in self.unwatch(node) }
    }

    // MARK: Watches

    func watch(_ path: PhotoPath, _ node: FolderTree.Node) {
        guard let inotify else { return }
        if case .files = tree.source {
            if !watchedFolders.insert(path).inserted { return }
        } else if watchesOfNode[node.key] != nil {
            return   // listed again: already watched
        }
        if let limit = options.maximumWatches, nodeOfWatch.count >= limit {
            return reportLimit(.tooManyFolders(watched: nodeOfWatch.count))
        }
        let wd = inotify.addWatch(path)
        if wd >= 0 {
            nodeOfWatch[wd] = node.key
            watchesOfNode[node.key, default: []].append(wd)
        } else if wd == -ENOSPC || wd == -ENOMEM {
            reportLimit(.tooManyFolders(watched: nodeOfWatch.count))
        }
        // Other errors (the folder vanished or is unreadable): its parent's events cover it.
    }

    func unwatch(_ node: FolderTree.Node) {
        for wd in watchesOfNode.removeValue(forKey: node.key) ?? [] {
            nodeOfWatch[wd] = nil
            inotify?.removeWatch(wd)
        }
    }

    /// The kernel dropped a watch (IN_IGNORED: its folder was deleted or unmounted).
    func forget(_ wd: Int32) {
        guard let key = nodeOfWatch.removeValue(forKey: wd) else { return }
        watchesOfNode[key]?.removeAll { $0 == wd }
        if watchesOfNode[key]?.isEmpty == true { watchesOfNode[key] = nil }
    }

    func reportLimit(_ limit: WatchLimit) {
        guard !limitReported else { return }
        limitReported = true
        deliver(.watchingLimited(limit))
    }

    // MARK: The loop

    private func loop() {
        // Events read while the deferred stats were made start the first batch.
        var first: Double? = dirty.isEmpty && rescanCause == nil ? nil : Self.now(), last = first
        while true {
            var timeout: Int32 = -1
            if let f = first, let l = last {
                let due = min(l + options.quietInterval, f + options.maximumDelay)
                timeout = Int32(max(0, ((due - Self.now()) * 1000).rounded(.up)))
            }
            var fds = [pollfd(fd: control.readFD, events: Int16(POLLIN), revents: 0)]
            if let inotify { fds.append(pollfd(fd: inotify.fd, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), timeout)
            control.drain()
            let requests = control.take()
            if requests.stop { return }
            if let inotify {
                var relevant = false
                for event in inotify.readEvents() where note(event) { relevant = true }
                if relevant { let t = Self.now(); first = first ?? t; last = t }
            }
            if requests.rescan { rescanCause = .rescan }
            let t = Self.now()
            let due = rescanCause == .rescan
                || (first != nil && (t >= last! + options.quietInterval || t >= first! + options.maximumDelay))
            if due {
                flush()
                first = nil; last = nil
            }
        }
    }

    /// Lists the folders of the batch again (or rescans) and delivers the update if the library changed.
    func flush() {
        // Events queued meanwhile first, so files are not listed before their own events are read.
        if let inotify { for event in inotify.readEvents() { _ = note(event) } }
        let cause: LibraryUpdate.Cause
        if let rescan = rescanCause {
            cause = rescan
            rescanAll()
        } else {
            cause = .fileEvents
            // Parents first: a folder dropped by its parent's listing is not listed itself.
            let nodes = dirty.compactMap { tree.node($0) }.sorted { depth($0) < depth($1) }
            for node in nodes where tree.node(node.key) === node { tree.relist(node) }
        }
        dirty = []; pendingMoves = [:]; rescanCause = nil
        let library = tree.library()
        let changes = LibraryChanges(from: current, to: library)
        guard !changes.isEmpty || cause == .rescan else { current = library; return }
        current = library
        sequence += 1
        deliver(.update(LibraryUpdate(library: library, changes: changes, cause: cause, sequence: sequence)))
    }

    /// Scans everything again, keeping the watches of folders still there (the kernel returns the same
    /// descriptor for a folder watched again) and removing the others.
    private func rescanAll() {
        let before = nodeOfWatch
        tree.didRemove = nil
        nodeOfWatch = [:]; watchesOfNode = [:]; watchedFolders = []
        tree.scanAll()
        installHooks()
        for wd in before.keys where nodeOfWatch[wd] == nil { inotify?.removeWatch(wd) }
    }

    private func depth(_ node: FolderTree.Node) -> Int {
        node.relative.isEmpty ? 0 : node.relative.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
