import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The two one-folder sources: photo files named together (`.files`) and one photo opened in its folder
/// (`.photo`), and the filter for files being written.
extension FolderTree {
    /// Stats each named file (in the source's order) into the node's album; missing files are left out.
    func listFiles(_ node: Node, _ files: [PhotoPath]) {
        var photos: [Photo] = []
        var problems: [ScanProblem] = []
        var folderKeys: [PhotoPath: FolderKey] = [:]
        var seen = Set<PhotoKey>()
        for path in files {
            let folder = path.parent
            if folderKeys[folder] == nil {
                willList?(folder, node)
                folderKeys[folder] = FileBytes.status(folder).map { FolderKey(device: UInt64($0.st_dev), inode: UInt64($0.st_ino)) } ?? .noFolder
            }
            guard let st = FileBytes.status(path) else {
                if errno != ENOENT { problems.append(ScanProblem(path: path, reason: String(cString: strerror(errno)))) }
                continue
            }
            guard st.st_mode & S_IFMT == S_IFREG, let format = Self.photoFormat(path) else { continue }
            let photo = Photo(folder: folder, name: path.lastComponentBytes, folderKey: folderKeys[folder] ?? .noFolder,
                              identity: FileIdentity(st), format: format)
            if seen.insert(photo.key).inserted { photos.append(photo) }
        }
        setContent(of: node, photos: filterWriting(node, photos), notShown: NotShownCounts(), problems: problems)
    }

    /// Adds the photo opened with `.photo` to its folder's listing when the folder rules left it out: a hidden
    /// file, or one whose extension is unknown but whose content is a photo.
    func addOpenedPhoto(_ opened: PhotoPath, to listing: inout FolderListing, key: FolderKey) {
        let name = opened.lastComponentBytes
        if listing.photos.contains(where: { $0.path == opened }) { return }
        let hidden = name.first == UInt8(ascii: ".")
        let knownExtension = ImageFormat.fromExtension(name) != nil
        // A visible file with a photo extension that is not listed could not be read: leave it out.
        if knownExtension && !hidden { return }
        guard let st = FileBytes.status(opened), st.st_mode & S_IFMT == S_IFREG, let format = Self.photoFormat(opened) else { return }
        if !hidden { listing.notShown[NotShownReason.forUnrecognisedFile(named: name)] -= 1 }
        let photo = Photo(folder: opened.parent, name: name, folderKey: key, identity: FileIdentity(st), format: format)
        let at = listing.photos.firstIndex { NaturalOrder.less(name, $0.name) } ?? listing.photos.count
        listing.photos.insert(photo, at: at)
    }

    /// The format of a named file: by extension, else by its first bytes.
    static func photoFormat(_ path: PhotoPath) -> ImageFormat? {
        if let format = ImageFormat.fromExtension(path.lastComponentBytes) { return format }
        guard case .success(let prefix) = FileBytes.readPrefix(path, count: 32) else { return nil }
        return ImageFormat.sniff(prefix)
    }

    /// Leaves out files being written when a folder is listed again: a file written to and not closed
    /// keeps its previous version (or is not shown yet); a created file is shown once it has content (a hard
    /// link, a copy done before its events were read) or is closed; a new empty file whose events have not
    /// been read yet waits for them. The first listing of a folder shows everything.
    func filterWriting(_ node: Node, _ photos: [Photo]) -> [Photo] {
        defer { node.wasListed = true }
        guard node.wasListed else { node.writing = [:]; return photos }
        let old = Dictionary((node.album?.photos ?? []).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var out: [Photo] = []
        var listed = Set<[UInt8]>()
        for photo in photos {
            let name = photo.name
            listed.insert(name)
            switch node.writing[name] {
            case nil:
                if old[name] != nil || photo.identity.size > 0 { out.append(photo) }
            case .modifying:
                if let previous = old[name] { out.append(previous) }
            case .created:
                if photo.identity.size > 0 { out.append(photo); node.writing[name] = nil }
            case .closed:
                out.append(photo); node.writing[name] = nil
            }
        }
        for name in node.writing.keys where !listed.contains(name) {
            node.writing[name] = nil   // gone, or not a photo: nothing to wait for
        }
        return out
    }
}
