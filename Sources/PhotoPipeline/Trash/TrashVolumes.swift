#if canImport(Glibc)
import Glibc
#endif

/// How the trash tells file systems apart: the device of a path, and the top directory (mount point) of the
/// file system a path is on. The system answers come from stat(2); tests inject their own to exercise the
/// other-mount rules without mounting anything.
public struct TrashVolumes: Sendable {
    /// The device (st_dev) of the file or folder at a path (not following a final symlink); nil when it does
    /// not exist.
    public var device: @Sendable (PhotoPath) -> UInt64?
    /// The top directory of the file system holding a path (absolute); nil when it cannot be found.
    public var topDirectory: @Sendable (PhotoPath) -> PhotoPath?

    public init(device: @escaping @Sendable (PhotoPath) -> UInt64?,
                topDirectory: @escaping @Sendable (PhotoPath) -> PhotoPath?) {
        self.device = device
        self.topDirectory = topDirectory
    }

    /// stat(2)-based answers: the top directory is the highest ancestor folder on the same device (the
    /// mount point), found by walking up parent folders.
    public static let system = TrashVolumes(
        device: { path in PosixFiles.linkStatus(path).map { UInt64($0.st_dev) } },
        topDirectory: { path in
            var current = PosixFiles.absolute(path)
            guard let own = PosixFiles.linkStatus(current) else { return nil }
            if (own.st_mode & S_IFMT) != S_IFDIR { current = PosixFiles.parent(of: current) }
            guard let device = FileBytes.status(current)?.st_dev else { return nil }
            while current.bytes != [UInt8(ascii: "/")] {
                let up = PosixFiles.parent(of: current)
                guard let st = FileBytes.status(up), st.st_dev == device else { return current }
                current = up
            }
            return current
        })

    /// The device of the nearest existing folder at or above `path`.
    func deviceOfNearestExisting(_ path: PhotoPath) -> UInt64? {
        var current = path
        while true {
            if let d = device(current) { return d }
            if current.bytes == [UInt8(ascii: "/")] || current.bytes.isEmpty { return nil }
            current = PosixFiles.parent(of: current)
        }
    }
}
