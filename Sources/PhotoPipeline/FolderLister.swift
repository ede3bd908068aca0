import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Lists one folder: `readdir` plus one `fstatat` per photo (for its identity) and per sub-folder (for its
/// key); other files are classified by name alone. Every call is announced through `FileAccess`. With
/// `statPhotos: false` a regular file (`d_type`) with a photo extension is not stat'ed: its identity is
/// `FileIdentity.unknownVersion` (device of the folder, inode from the entry) and its readability is not checked;
/// `FolderTree.completeStatus` does both later (see `FolderTree+Status.swift`).
///
/// Rules: names starting with "." are skipped; a file is a photo when `ImageFormat.fromExtension` knows its
/// extension (so formats added there are scanned) and it is readable (permission bits, or root); other files
/// are counted in `notShown` by `NotShownReason`; links are followed; a photo that cannot be stat'ed (a
/// dangling link) or read is a `ScanProblem` and counted as unreadable.
struct FolderLister {
    /// Photo format by lower-case ASCII extension (up to 8 bytes packed in a UInt64), filled from
    /// `ImageFormat.fromExtension` as extensions are met.
    private var formats: [UInt64: ImageFormat?] = [:]
    private let readability = Readability()
    /// The photos of the folder being listed, before they are sorted (reused from folder to folder).
    private var found: [Found] = []

    private struct Found {
        var identity: FileIdentity
        var format: ImageFormat
    }
    private var foundNames: [[UInt8]] = []

    init() {}

    /// Lists `folder` (whose key is `key`); `subfolders`: also report sub-folders. A folder that cannot be
    /// opened gives its problem.
    mutating func list(_ folder: PhotoPath, key: FolderKey, subfolders wantSubfolders: Bool,
                       statPhotos: Bool = true) -> Result<FolderListing, ScanProblem> {
        FileAccess.will(.list, folder)
        guard let handle = folder.withCString({ opendir($0) }) else {
            return .failure(ScanProblem(path: folder, reason: String(cString: strerror(errno))))
        }
        defer { closedir(handle) }
        let fd = dirfd(handle)
        var listing = FolderListing()
        while let entry = readdir(handle) {
            let type = entry.pointee.d_type, inode = UInt64(entry.pointee.d_ino)
            let outcome: Entry? = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: 256) { cName -> Entry? in
                    let length = strlen(cName)
                    if length == 0 || cName[0] == 0x2E { return nil }   // hidden, ".", ".."
                    let raw = UnsafeRawBufferPointer(start: cName, count: length)
                    return classify(name: raw, cName: cName, type: type, dirFD: fd, folder: folder, wantSubfolders: wantSubfolders,
                                    deferred: statPhotos ? nil : (key.device, inode))
                }
            }
            switch outcome {
            case nil: continue
            case .photo(let name, let identity, let format):
                found.append(Found(identity: identity, format: format))
                foundNames.append(name)
            case .subfolder(let name, let st):
                listing.subfolders.append(.init(name: name, key: FolderKey(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))))
            case .notShown(let reason):
                listing.notShown.add(reason)
            case .problem(let name, let reason):
                listing.notShown.add(.unreadable)
                listing.problems.append(ScanProblem(path: folder.appending(name), reason: reason))
            }
        }
        // Sorted, then copied into an array of exactly their number (the scan result is held for long).
        listing.photos.reserveCapacity(found.count)
        var previous: Int?
        for i in NaturalOrder.sortedIndices(of: foundNames) {
            // A folder changing while it is read can return an entry twice (equal names sort together).
            if let p = previous, foundNames[p] == foundNames[i] { continue }
            previous = i
            listing.photos.append(Photo(folder: folder, name: foundNames[i], folderKey: key, identity: found[i].identity, format: found[i].format))
        }
        found.removeAll(keepingCapacity: true)
        foundNames.removeAll(keepingCapacity: true)
        if listing.subfolders.count > 1 {
            var sorted: [FolderListing.Subfolder] = []
            for i in NaturalOrder.sortedIndices(of: listing.subfolders.map(\.name)) where sorted.last?.name != listing.subfolders[i].name {
                sorted.append(listing.subfolders[i])
            }
            listing.subfolders = sorted
        }
        return .success(listing)
    }

    /// What one directory entry is.
    enum Entry {
        case photo([UInt8], FileIdentity, ImageFormat)
        case subfolder([UInt8], stat)
        case notShown(NotShownReason)
        case problem([UInt8], String)
    }

    /// `deferred`: the folder's device and the entry's inode when a regular photo file is not to be stat'ed.
    private mutating func classify(name raw: UnsafeRawBufferPointer, cName: UnsafePointer<CChar>, type: UInt8, dirFD: Int32,
                                   folder: PhotoPath, wantSubfolders: Bool, deferred: (device: UInt64, inode: UInt64)?) -> Entry? {
        let isDirectory = Int32(type) == DT_DIR, isRegular = Int32(type) == DT_REG
        if isDirectory && !wantSubfolders { return nil }
        let format = isDirectory ? nil : photoFormat(raw)
        // A regular file that is no photo needs no system call.
        if isRegular && format == nil { return .notShown(NotShownReason.forUnrecognisedFile(named: Array(raw))) }
        let name = Array(raw)
        if isRegular, let format, let deferred {
            return .photo(name, .unknownVersion(device: deferred.device, inode: deferred.inode), format)
        }
        FileAccess.will(.status, folder.appending(name))
        var st = stat()
        guard fstatat(dirFD, cName, &st, 0) == 0 else {
            // A dangling link or a vanished entry: only photos are worth a report.
            return format == nil ? nil : .problem(name, String(cString: strerror(errno)))
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR:
            return wantSubfolders ? .subfolder(name, st) : nil
        case S_IFREG:
            guard let format = format ?? photoFormat(raw) else { return .notShown(NotShownReason.forUnrecognisedFile(named: name)) }
            guard readability.canRead(st) else { return .problem(name, String(cString: strerror(EACCES))) }
            return .photo(name, FileIdentity(st), format)
        default:
            return format == nil ? nil : .problem(name, "not a regular file")
        }
    }

    /// The photo format for a file name, by its extension.
    mutating func photoFormat(_ name: UnsafeRawBufferPointer) -> ImageFormat? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let extLength = name.count - dot - 1
        guard extLength >= 1 && extLength <= 8 else { return extLength == 0 ? nil : ImageFormat.fromExtension(Array(name)) }
        var packed: UInt64 = 0
        for i in (dot + 1)..<name.count {
            let c = name[i]
            if c >= 0x80 { return ImageFormat.fromExtension(Array(name)) }   // not ASCII: ask every time
            packed = packed << 8 | UInt64(c >= 65 && c <= 90 ? c + 32 : c)
        }
        if let known = formats[packed] { return known }
        let format = ImageFormat.fromExtension(Array(name))
        formats[packed] = format
        return format
    }
}

/// Whether this process may read a file, from its permission bits (no extra system call per photo). Access
/// control lists are not consulted: a file they forbid fails later, when it is loaded.
struct Readability {
    let uid = geteuid()
    let gid = getegid()
    let groups: Set<gid_t> = {
        let n = getgroups(0, nil)
        guard n > 0 else { return [] }
        var list = [gid_t](repeating: 0, count: Int(n))
        let m = getgroups(n, &list)
        return Set(list.prefix(Int(max(0, m))))
    }()

    func canRead(_ st: stat) -> Bool {
        if uid == 0 { return true }
        if st.st_uid == uid { return st.st_mode & S_IRUSR != 0 }
        if st.st_gid == gid || groups.contains(st.st_gid) { return st.st_mode & S_IRGRP != 0 }
        return st.st_mode & S_IROTH != 0
    }
}
