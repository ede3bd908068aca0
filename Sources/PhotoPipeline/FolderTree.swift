import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folders of a library as the scanner knows them, keyed by `FolderKey`: one `Node` per folder reached
/// from the root (each directory once, so link loops end), children in natural order. The one-shot scan
/// builds it once and streams albums as folders are listed; the live library keeps it and re-lists only the
/// folders that changed (`FolderTree+Relist.swift`). An unchanged folder keeps its `Album` value, so two
/// libraries made from the same tree share their storage and compare in O(1) per album.
final class FolderTree {
    /// One folder.
    final class Node {
        let key: FolderKey
        var parent: FolderKey?
        /// The folder's own name, raw bytes (the root's: its last path component).
        var name: [UInt8]
        var path: PhotoPath
        /// Path relative to the root for display ("" for the root).
        var relative: String
        var children: [FolderKey] = []
        /// The folder's album, when it holds photos.
        var album: Album?
        var notShown = NotShownCounts()
        var problems: [ScanProblem] = []
        /// Files of this folder seen being written (live library): not shown until closed.
        var writing: [[UInt8]: WriteState] = [:]
        /// True once the folder has been listed (a later listing is a live re-list).
        var wasListed = false

        init(key: FolderKey, parent: FolderKey?, name: [UInt8], path: PhotoPath, relative: String) {
            self.key = key; self.parent = parent; self.name = name; self.path = path; self.relative = relative
        }
    }

    /// What the watcher saw of a file being written.
    enum WriteState {
        /// Created (IN_CREATE): shown once it has content (a hard link), or when closed.
        case created
        /// Written to (IN_MODIFY) and not closed yet: the previous version stays shown.
        case modifying
        /// Closed after writing (IN_CLOSE_WRITE) or moved in (IN_MOVED_TO): shown as it is, even empty.
        case closed
    }

    let source: LibrarySource
    /// The scanned folder (for `.files`: the folder of the first file).
    let root: PhotoPath
    private(set) var nodes: [FolderKey: Node] = [:]
    private(set) var rootKey: FolderKey?
    /// Why the root could not be read, if it could not.
    var rootProblem: ScanProblem?
    var lister = FolderLister()
    var progress = ScanProgress(foldersScanned: 0, photosFound: 0, albumsFound: 0)
    /// Called just before a folder is listed, with the node the folder belongs to (the live library adds its
    /// watch there). In `.files` mode it is called once per folder holding a named file, all for one node.
    var willList: ((PhotoPath, Node) -> Void)?
    /// Called when a node leaves the tree (the live library removes its watch).
    var didRemove: ((Node) -> Void)?
    /// Threads listing folders beside the scanning thread in a full scan of a tree (one per further core, at
    /// most 3): the scan is mostly one `fstatat` per photo, which they share.
    var helperThreads = min(3, max(0, ProcessInfo.processInfo.activeProcessorCount - 1))
    /// When set, folders listed once this many photos were found do not stat their photos (regular files by
    /// `d_type`): they get `FileIdentity.unknownVersion` until `completeStatus` (`FolderTree+Status.swift`).
    /// Only the live library's initial scan sets it; re-lists and rescans always stat.
    var deferStatusAfter: Int?

    init(source: LibrarySource) {
        self.source = source
        self.root = source.root
    }

    // MARK: Full scan

    /// Scans everything from the root again, reusing nothing. `onEvent` gets albums (in library order),
    /// progress after each folder and problems, as they are found. `isCancelled` is polled between folders.
    func scanAll(isCancelled: () -> Bool = { false }, onEvent: ((ScanEvent) -> Void)? = nil) {
        for node in nodes.values { didRemove?(node) }
        nodes = [:]; rootKey = nil; rootProblem = nil
        progress = ScanProgress(foldersScanned: 0, photosFound: 0, albumsFound: 0)
        if case .files(let files) = source {
            let node = Node(key: .noFolder, parent: nil, name: root.lastComponentBytes, path: root, relative: "")
            nodes[.noFolder] = node; rootKey = .noFolder
            listFiles(node, files)
            report(node, onEvent)
            return
        }
        guard let st = FileBytes.status(root) else {
            rootProblem = ScanProblem(path: root, reason: String(cString: strerror(errno)))
            onEvent?(.problem(rootProblem!))
            return
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            rootProblem = ScanProblem(path: root, reason: String(cString: strerror(ENOTDIR)))
            onEvent?(.problem(rootProblem!))
            return
        }
        let key = FolderKey(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        let node = Node(key: key, parent: nil, name: root.lastComponentBytes, path: root, relative: "")
        nodes[key] = node; rootKey = key
        if source.includesSubfolders && helperThreads > 0 {
            walkInParallel(node, helpers: helperThreads, isCancelled: isCancelled, onEvent: onEvent)
        } else {
            walk(node, isCancelled: isCancelled, onEvent: onEvent)
        }
    }

    /// Lists `node`, then (tree mode) walks its new sub-folders depth first.
    func walk(_ node: Node, isCancelled: () -> Bool = { false }, onEvent: ((ScanEvent) -> Void)?) {
        if isCancelled() { return }
        let subfolders = list(node)
        report(node, onEvent)
        for sub in subfolders {
            if let child = attach(sub, to: node) { walk(child, isCancelled: isCancelled, onEvent: onEvent) }
        }
    }

    /// Makes `sub` a child of `node` and returns its new node to walk; nil when the folder is already in the
    /// tree: a link loop or a second link to it (left where it is), or — in a live library — a folder moved
    /// here from a place that no longer holds it (moved, with everything under it, without a re-list).
    func attach(_ sub: FolderListing.Subfolder, to node: Node) -> Node? {
        if let existing = nodes[sub.key] {
            if existing.key != rootKey, existing.parent != node.key || existing.name != sub.name, !stillAtItsPlace(existing) {
                move(sub.key, to: node, name: sub.name, at: node.children.count)
            }
            return nil
        }
        let child = Node(key: sub.key, parent: node.key, name: sub.name, path: node.path.appending(sub.name),
                         relative: Self.relative(parent: node, name: sub.name))
        nodes[sub.key] = child
        node.children.append(sub.key)
        return child
    }

    /// True when `node`'s recorded path still leads to it (so another path to it is a second link).
    func stillAtItsPlace(_ node: Node) -> Bool {
        guard let st = FileBytes.status(node.path) else { return false }
        return FolderKey(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)) == node.key
    }

    /// Lists `node`'s folder into its album; returns the sub-folders found (tree mode).
    @discardableResult
    func list(_ node: Node) -> [FolderListing.Subfolder] {
        if case .files(let files) = source { listFiles(node, files); return [] }
        willList?(node.path, node)
        return apply(lister.list(node.path, key: node.key, subfolders: source.includesSubfolders, statPhotos: statsPhotos()),
                     to: node)
    }

    /// Whether the folder listed next stats its photos: always, unless `deferStatusAfter` photos were found.
    func statsPhotos() -> Bool {
        guard let limit = deferStatusAfter else { return true }
        return progress.photosFound < limit
    }

    /// Sets `node`'s album from a listing of its folder; returns the sub-folders found.
    func apply(_ result: Result<FolderListing, ScanProblem>, to node: Node) -> [FolderListing.Subfolder] {
        switch result {
        case .failure(let problem):
            node.album = nil; node.notShown = NotShownCounts(); node.problems = [problem]
            return []
        case .success(var listing):
            if case .photo(let opened) = source { addOpenedPhoto(opened, to: &listing, key: node.key) }
            setContent(of: node, photos: filterWriting(node, listing.photos), notShown: listing.notShown, problems: listing.problems)
            return listing.subfolders
        }
    }

    /// Sets a node's album from its photos (nil when none); keeps the old `Album` value when nothing changed.
    func setContent(of node: Node, photos: [Photo], notShown: NotShownCounts, problems: [ScanProblem]) {
        node.notShown = notShown
        node.problems = problems
        guard !photos.isEmpty else { node.album = nil; return }
        let album = makeAlbum(node, photos: photos, notShown: notShown)
        if album != node.album { node.album = album }
    }

    func makeAlbum(_ node: Node, photos: [Photo], notShown: NotShownCounts) -> Album {
        let title: String
        if case .files = source { title = Self.filesTitle(photos) } else { title = node.relative.isEmpty ? root.lastComponent : node.relative }
        return Album(id: node.relative.isEmpty ? "." : node.relative, title: title, path: node.path, photos: photos,
                     key: node.key, notShown: notShown)
    }

    func report(_ node: Node, _ onEvent: ((ScanEvent) -> Void)?) {
        progress.foldersScanned += 1
        for p in node.problems { onEvent?(.problem(p)) }
        if let album = node.album {
            progress.photosFound += album.photos.count
            progress.albumsFound += 1
            onEvent?(.album(album))
        }
        onEvent?(.progress(progress))
    }

    static func relative(parent: Node, name: [UInt8]) -> String {
        let own = String(decoding: name, as: UTF8.self)
        return parent.relative.isEmpty ? own : parent.relative + "/" + own
    }

    /// Title of the album of named files: their folder's name when they share one, else "Photos from N folders" (the
    /// count of photos is the header's, beside the title: not said twice).
    static func filesTitle(_ photos: [Photo]) -> String {
        let folders = Set(photos.map(\.folder))
        if folders.count == 1, let folder = folders.first, !folder.bytes.isEmpty { return folder.lastComponent }
        return "Photos from \(folders.count) folders"
    }

    // MARK: The library value

    /// The library as a value: albums in depth-first natural order (each folder before its sub-folders).
    func library() -> PhotoLibrary {
        var albums: [Album] = []
        var problems: [ScanProblem] = rootProblem.map { [$0] } ?? []
        var outside = NotShownCounts()
        func visit(_ key: FolderKey) {
            guard let node = nodes[key] else { return }
            problems += node.problems
            if let album = node.album { albums.append(album) } else { outside = outside + node.notShown }
            for child in node.children { visit(child) }
        }
        if let rootKey { visit(rootKey) }
        return PhotoLibrary(root: root, albums: albums, problems: problems, notShownOutsideAlbums: outside)
    }

    // MARK: Editing (live library)

    /// Adds a new sub-folder `name` (key `key`) under `parent` and scans it (nothing is streamed).
    func addSubtree(key: FolderKey, name: [UInt8], under parent: Node, at index: Int) {
        let child = Node(key: key, parent: parent.key, name: name, path: parent.path.appending(name),
                         relative: Self.relative(parent: parent, name: name))
        nodes[key] = child
        parent.children.insert(key, at: min(index, parent.children.count))
        walk(child, onEvent: nil)
    }

    /// Drops a node and everything under it.
    func removeSubtree(_ key: FolderKey) {
        guard let node = nodes[key] else { return }
        if let p = node.parent, let parent = nodes[p] { parent.children.removeAll { $0 == key } }
        func drop(_ n: Node) {
            for c in n.children { if let child = nodes[c] { drop(child) } }
            nodes[n.key] = nil
            didRemove?(n)
        }
        drop(node)
    }

    /// Moves (renames) a node to `name` under `newParent`, at `index` among its children (default: by
    /// natural order), and rewrites the paths, titles and photos of everything under it (no file-system call).
    func move(_ key: FolderKey, to newParent: Node, name: [UInt8], at index: Int? = nil) {
        guard let node = nodes[key], node.key != rootKey else { return }
        var ancestor: FolderKey? = newParent.key
        while let a = ancestor { if a == key { return }; ancestor = nodes[a]?.parent }   // not into itself
        if let p = node.parent, let parent = nodes[p] { parent.children.removeAll { $0 == key } }
        node.parent = newParent.key
        node.name = name
        let position = index ?? newParent.children.firstIndex { c in
            nodes[c].map { NaturalOrder.less(name, $0.name) } ?? false
        } ?? newParent.children.count
        newParent.children.insert(key, at: min(position, newParent.children.count))
        rewritePaths(node)
    }

    private func rewritePaths(_ node: Node) {
        guard let p = node.parent, let parent = nodes[p] else { return }
        node.path = parent.path.appending(node.name)
        node.relative = Self.relative(parent: parent, name: node.name)
        if let album = node.album {
            let photos = album.photos.map { $0.moved(to: node.path) }
            node.album = makeAlbum(node, photos: photos, notShown: album.notShown)
        }
        for c in node.children { if let child = nodes[c] { rewritePaths(child) } }
    }

    func node(_ key: FolderKey) -> Node? { nodes[key] }
}
