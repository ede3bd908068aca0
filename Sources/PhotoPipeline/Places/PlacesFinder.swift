import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Gathers the Places screen's entries: the pictures folder, home, the sample library, recent libraries, GTK
/// bookmarks, drives and network shares. `find` reads files and stats folders (call it off the UI thread; every
/// call is announced through `FileAccess`); `assemble` is the pure part.
public enum PlacesFinder {
    /// What `find` needs besides the file system.
    public struct Inputs: Sendable {
        /// The home folder, nil when none is known.
        public var home: String?
        /// Environment variables (XDG_CONFIG_HOME).
        public var environment: [String: String]
        /// The sample library, if one was found.
        public var sampleLibrary: String?
        /// Libraries opened before, newest first (settings' `recentLibraries`).
        public var recent: [String]
        /// The mount table to read.
        public var mountsFile: String

        public init(home: String?, environment: [String: String], sampleLibrary: String?, recent: [String],
                    mountsFile: String = "/proc/self/mounts") {
            self.home = home; self.environment = environment; self.sampleLibrary = sampleLibrary; self.recent = recent
            self.mountsFile = mountsFile
        }
    }

    /// The entries for `inputs`, reading the user-dirs file, the bookmarks file and the mount table, and
    /// checking every folder (touches the file system).
    public static func find(_ inputs: Inputs) -> [Place] {
        func read(_ path: String) -> String? {
            FileAccess.will(.read, PhotoPath(path))
            return try? String(contentsOfFile: path, encoding: .utf8)
        }
        let pictures = inputs.home.map { LibraryLaunch.picturesFolder(environment: inputs.environment, home: $0, readFile: read).path }
        let bookmarks = inputs.home.flatMap { read(GTKBookmarks.file(environment: inputs.environment, home: $0)) }.map(GTKBookmarks.parse) ?? []
        let mounts = read(inputs.mountsFile).map(MountTable.placesMounts) ?? []
        return assemble(pictures: pictures, home: inputs.home.map(PhotoPath.init), sample: inputs.sampleLibrary.map(PhotoPath.init),
                        recent: inputs.recent.map(PhotoPath.init), bookmarks: bookmarks, mounts: mounts,
                        unavailableReason: unavailableReason)
    }

    /// The entries in the screen's order — pictures, home, sample, recent, bookmarks, drives and shares — each
    /// folder once (the first entry for a path wins), each checked with `unavailableReason` (nil: it can be opened).
    public static func assemble(pictures: PhotoPath?, home: PhotoPath?, sample: PhotoPath?, recent: [PhotoPath],
                                bookmarks: [GTKBookmarks.Bookmark], mounts: [MountTable.Mount],
                                unavailableReason: (PhotoPath) -> String?) -> [Place] {
        var candidates: [(String, PhotoPath, Place.Kind)] = []
        if let pictures { candidates.append((pictures.lastComponent, pictures, .pictures)) }
        if let home { candidates.append(("Home", home, .home)) }
        if let sample { candidates.append(("Sample photos", sample, .sample)) }
        for r in recent { candidates.append((r.lastComponent, r, .recent)) }
        for b in bookmarks { candidates.append((b.label ?? b.path.lastComponent, b.path, .bookmark)) }
        for m in mounts { candidates.append((m.point.lastComponent, m.point, m.isNetwork ? .network : .drive)) }
        var seen = Set<PhotoPath>()
        var out: [Place] = []
        for (name, path, kind) in candidates where seen.insert(path).inserted {
            out.append(Place(name: name.isEmpty ? path.string : name, path: path, kind: kind, unavailableReason: unavailableReason(path)))
        }
        return out
    }

    /// Why `path` cannot be opened as a library ("folder not found", "not a folder", "cannot be read: …"), nil when
    /// it can (touches the file system).
    public static func unavailableReason(_ path: PhotoPath) -> String? {
        guard let st = FileBytes.status(path) else {
            return errno == ENOENT || errno == ENOTDIR ? "folder not found" : "cannot be read: \(String(cString: strerror(errno)))"
        }
        guard st.st_mode & S_IFMT == S_IFDIR else { return "not a folder" }
        FileAccess.will(.status, path)
        if path.withCString({ access($0, R_OK | X_OK) }) != 0 { return "cannot be read: \(String(cString: strerror(errno)))" }
        return nil
    }
}
