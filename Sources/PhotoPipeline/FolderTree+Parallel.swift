/// The full scan of a tree with folders listed on helper threads too (see `ListingPool`). Albums are
/// still delivered in depth-first natural order, each as soon as its folder and those before it are listed.
extension FolderTree {
    func walkInParallel(_ root: Node, helpers: Int, isCancelled: () -> Bool, onEvent: ((ScanEvent) -> Void)?) {
        let pool = ListingPool(subfolders: true, deferStatusAfter: deferStatusAfter)
        pool.startHelpers(helpers)
        defer { pool.finish() }
        // Each folder is watched (`willList`) on this thread before it is submitted, so before it is listed.
        willList?(root.path, root)
        pool.submit([ListingPool.Job(key: root.key, path: root.path)])
        func visit(_ node: Node) {
            if isCancelled() { return }
            let subfolders = apply(pool.listing(of: node.key, lister: &lister), to: node)
            report(node, onEvent)
            var children: [Node] = []
            for sub in subfolders { if let child = attach(sub, to: node) { children.append(child) } }
            for child in children { willList?(child.path, child) }
            pool.submit(children.reversed().map { ListingPool.Job(key: $0.key, path: $0.path) })
            for child in children { visit(child) }
        }
        visit(root)
    }
}
