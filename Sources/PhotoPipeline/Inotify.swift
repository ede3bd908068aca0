import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A thin owner of one inotify instance (Glibc's `inotify_init1`, `inotify_add_watch`, `read`): one watch
/// per folder, events read in batches without blocking. Errors come back as errno values.
final class Inotify {
    /// The file descriptor (non-blocking, close-on-exec), for `poll`.
    let fd: Int32

    /// What a folder is watched for: files finished being written (`IN_CLOSE_WRITE`), written to
    /// (`IN_MODIFY`, to hold back half-written files), created, deleted, renamed in or out (`IN_MOVED_FROM`
    /// / `IN_MOVED_TO`, paired by cookie), changed attributes (mtime, permissions), and the folder itself
    /// deleted or moved. Only folders are watched (`IN_ONLYDIR`); events of unlinked children are dropped.
    static let folderMask: UInt32 = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MODIFY) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
        | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        | UInt32(IN_ONLYDIR) | UInt32(IN_EXCL_UNLINK)

    /// A new instance; nil with errno set when the per-user instance limit is reached.
    init?() {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Watches the folder at `path` (links followed): the watch descriptor (≥ 0), or minus the errno
    /// (-ENOSPC: the per-user watch limit `/proc/sys/fs/inotify/max_user_watches` is reached). Watching a
    /// folder that is already watched returns its existing descriptor.
    func addWatch(_ path: PhotoPath, mask: UInt32 = Inotify.folderMask) -> Int32 {
        FileAccess.will(.watch, path)
        let wd = path.withCString { inotify_add_watch(fd, $0, mask) }
        return wd >= 0 ? wd : -errno
    }

    /// Stops a watch (ignores a descriptor the kernel already dropped).
    func removeWatch(_ wd: Int32) { _ = inotify_rm_watch(fd, wd) }

    /// Every event queued now (empty when none); does not block.
    func readEvents() -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, capacity)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let wd = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let cookie = buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = buffer.advanced(by: offset + header).assumingMemoryBound(to: UInt8.self)
                let name = Array(UnsafeBufferPointer(start: nameStart, count: length).prefix { $0 != 0 })
                events.append(InotifyEvent(wd: wd, mask: mask, cookie: cookie, name: name))
                offset += header + length
            }
        }
        return events
    }
}

/// One inotify event: the watch it came from, what happened (`mask`), the rename cookie and the name of
/// the entry in the watched folder (empty for events about the folder itself).
struct InotifyEvent: Hashable, Sendable {
    var wd: Int32
    var mask: UInt32
    var cookie: UInt32
    var name: [UInt8]

    func has(_ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }
    var isDirectory: Bool { has(Int32(bitPattern: UInt32(IN_ISDIR))) }
}
