/// The mounts the Places screen lists: drives (removable or local) mounted under /media, /run/media or /mnt, and
/// network shares mounted anywhere. Pseudo file systems (proc, tmpfs, cgroup, …) are never listed.
extension MountTable {
    /// One listed mount: where it is mounted and whether it is a network share.
    public struct Mount: Hashable, Sendable {
        public var point: PhotoPath
        public var type: String
        public var isNetwork: Bool
        public init(point: PhotoPath, type: String, isNetwork: Bool) { self.point = point; self.type = type; self.isNetwork = isNetwork }
    }

    /// File-system types of network shares.
    public static let networkTypes: Set<String> = [
        "nfs", "nfs4", "cifs", "smb3", "smbfs", "sshfs", "fuse.sshfs", "davfs", "fuse.davfs2", "9p", "afs", "ceph", "glusterfs",
    ]

    /// Types that hold no user files (kernel interfaces, memory, containers, desktop portals).
    public static let pseudoTypes: Set<String> = [
        "proc", "sysfs", "tmpfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "securityfs", "debugfs", "tracefs", "configfs",
        "fusectl", "mqueue", "hugetlbfs", "pstore", "bpf", "efivarfs", "nsfs", "ramfs", "rpc_pipefs", "binfmt_misc",
        "autofs", "overlay", "squashfs", "fuse.portal", "fuse.gvfsd-fuse", "fuse.lxcfs", "nfsd", "selinuxfs",
    ]

    /// Folders under which a mount is a drive the user plugged in or mounted for files.
    static let driveFolders = ["/media", "/run/media", "/mnt"]

    /// The mounts of a mounts file's text (`/proc/self/mounts` format) to list, in file order, each mount point
    /// once (the last mount on a point wins: it hides the ones beneath).
    public static func placesMounts(in text: String) -> [Mount] {
        var out: [Mount] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = unescape(fields[1]), type = String(fields[2])
            guard point != "/", !pseudoTypes.contains(type) else { continue }
            let isNetwork = networkTypes.contains(type)
            let isDrive = driveFolders.contains { point == "/mnt" && $0 == "/mnt" || point.hasPrefix($0 + "/") }
            guard isNetwork || isDrive else { continue }
            out.removeAll { $0.point.string == point }
            out.append(Mount(point: PhotoPath(point), type: type, isNetwork: isNetwork))
        }
        return out
    }
}
