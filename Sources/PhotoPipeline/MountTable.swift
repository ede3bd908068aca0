import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The file-system type holding a path, from `/proc/self/mounts`, and whether that type reports changes
/// made by other machines through inotify (network and most FUSE file systems do not).
public enum MountTable {
    /// Types whose changes made elsewhere produce no inotify events.
    static let withoutRemoteEvents: Set<String> = [
        "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "virtiofs", "afs", "ceph", "glusterfs", "lustre", "davfs",
        "fuse.sshfs", "fuse.rclone", "fuse.s3fs", "fuse.gvfsd-fuse", "fuse.davfs2", "fuse.glusterfs", "fuse.gcsfuse",
    ]

    /// The type of the mount holding `path` (the longest mount point that is a prefix of its real path).
    static func fileSystemType(of path: PhotoPath, mounts: String? = nil) -> String? {
        let text: String
        if let mounts { text = mounts } else {
            FileAccess.will(.read, PhotoPath("/proc/self/mounts"))
            guard let t = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return nil }
            text = t
        }
        FileAccess.will(.status, path)
        let real = path.withCString { p -> String in
            guard let r = realpath(p, nil) else { return path.string }
            defer { free(r) }
            return String(cString: r)
        }
        var best: (length: Int, type: String)?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = unescape(fields[1])
            let matches = point == "/" || real == point || real.hasPrefix(point + "/")
            if matches && point.count > (best?.length ?? -1) { best = (point.count, String(fields[2])) }
        }
        return best?.type
    }

    /// A mounts-file field with its octal escapes (`\040` for a space) decoded.
    static func unescape(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        let raw = Array(field.utf8)
        var i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "\\"), i + 3 < raw.count,
               let v = UInt8(String(decoding: raw[(i + 1)...(i + 3)], as: UTF8.self), radix: 8) {
                bytes.append(v); i += 4
            } else { bytes.append(raw[i]); i += 1 }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
