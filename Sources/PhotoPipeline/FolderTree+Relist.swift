import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Re-listing one folder of a live library and reconciling its sub-folders with the tree.
extension FolderTree {
    /// Lists `node`'s folder again: its album is replaced (kept as the same value when nothing changed);
    /// in tree mode, sub-folders that appeared are scanned, those that disappeared are dropped with
    /// everything under them, and a known folder found under a new name or parent is moved (by its key).
    func relist(_ node: Node) {
        if case .files(let files) = source { listFiles(node, files); return }
        willList?(node.path, node)
        let isTree: Bool
        if case .folder = source { isTree = true } else { isTree = false }
        switch lister.list(node.path, key: node.key, subfolders: isTree) {
        case .failure(let problem):
            // Gone or unreadable: its parent's re-list drops it; until then it shows nothing.
            node.album = nil
            node.notShown = NotShownCounts()
            node.problems = problem.reason == String(cString: strerror(ENOENT)) ? [] : [problem]
            if isTree { for c in node.children { removeSubtree(c) } }
        case .success(var listing):
            if case .photo(let opened) = source { addOpenedPhoto(opened, to: &listing, key: node.key) }
            setContent(of: node, photos: filterWriting(node, listing.photos), notShown: listing.notShown, problems: listing.problems)
            if isTree { reconcile(node, with: listing.subfolders) }
        }
    }

    private func reconcile(_ node: Node, with subfolders: [FolderListing.Subfolder]) {
        let before = node.children
        node.children = []
        var listed = Set<FolderKey>()
        for sub in subfolders {
            if !listed.insert(sub.key).inserted { continue }   // a second link in the same folder
            if let existing = nodes[sub.key], existing.parent == node.key {
                // Known here (perhaps under a new name: renamed in place).
                if existing.name != sub.name { existing.name = sub.name; move(sub.key, to: node, name: sub.name, at: node.children.count) }
                else { node.children.append(sub.key) }
            } else if let child = attach(sub, to: node) {
                walk(child, onEvent: nil)
            }
        }
        for c in before where !listed.contains(c) && nodes[c]?.parent == node.key { removeSubtree(c) }
        // A moved-in folder was appended: children in the listing's (natural) order.
        let order = Dictionary(subfolders.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
        node.children.sort { (order[$0] ?? .max) < (order[$1] ?? .max) }
    }
}
