import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How one inotify event changes the watcher's batch.
extension LibraryWatcher {
    /// Records `event` in the batch; true when it starts or extends it (IN_MODIFY and IN_IGNORED do not).
    func note(_ event: InotifyEvent) -> Bool {
        if event.has(Int32(IN_Q_OVERFLOW)) {
            if rescanCause == nil { rescanCause = .overflow }
            return true
        }
        if event.has(Int32(IN_IGNORED)) { forget(event.wd); return false }
        guard let key = nodeOfWatch[event.wd], let node = tree.node(key) else { return false }
        if event.has(Int32(IN_DELETE_SELF)) || event.has(Int32(IN_MOVE_SELF)) || event.has(Int32(IN_UNMOUNT)) {
            if key == tree.rootKey || !tree.source.includesSubfolders {
                if rescanCause == nil { rescanCause = .rootChanged }
            } else if let parent = node.parent {
                dirty.insert(parent)   // its parent's listing drops or keeps it
            }
            return true
        }
        let name = event.name
        // Hidden entries are not in the library: editors' and copiers' temporary files change nothing (a
        // hidden file renamed to a visible name arrives as IN_MOVED_TO of that name).
        if name.first == UInt8(ascii: ".") { return false }
        if touchedNames != nil, !event.isDirectory { touchedNames![key, default: []].insert(name) }
        if event.isDirectory {
            if event.has(Int32(IN_MOVED_FROM)) {
                pendingMoves[event.cookie] = (key, name)
            } else if event.has(Int32(IN_MOVED_TO)), let from = pendingMoves.removeValue(forKey: event.cookie),
                      let oldParent = tree.node(from.parent),
                      let moved = oldParent.children.lazy.compactMap({ self.tree.node($0) }).first(where: { $0.name == from.name }) {
                // A rename within the library: move the folder (paths and titles rewritten, no listing).
                tree.move(moved.key, to: node, name: name)
                dirty.insert(from.parent)
            }
            dirty.insert(key)
            return true
        }
        if event.has(Int32(IN_MODIFY)) {
            node.writing[name] = .modifying
            return false
        }
        if event.has(Int32(IN_CREATE)) {
            if node.writing[name] == nil { node.writing[name] = .created }
        } else if event.has(Int32(IN_CLOSE_WRITE)) || event.has(Int32(IN_MOVED_TO)) {
            node.writing[name] = .closed
        } else if event.has(Int32(IN_DELETE)) || event.has(Int32(IN_MOVED_FROM)) {
            node.writing[name] = nil
        }
        dirty.insert(key)
        return true
    }
}
