import Foundation

/// Finds files shipped in the repository's `assets/` folder at run time: `$PHOTOSTACK_ASSETS` first, then
/// an `assets` folder beside the executable or in any folder above it (a build in `.build/debug` finds the
/// repository's), then the current directory's.
enum DemoAssets {
    /// The URL of `assets/<relativePath>`, or nil when no candidate folder holds it.
    static func url(_ relativePath: String) -> URL? {
        let fm = FileManager.default
        var roots: [URL] = []
        if let env = ProcessInfo.processInfo.environment["PHOTOSTACK_ASSETS"], !env.isEmpty {
            roots.append(URL(fileURLWithPath: env))
        }
        let exe = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<8 {
            roots.append(dir.appendingPathComponent("assets"))
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        roots.append(URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("assets"))
        for root in roots {
            let candidate = root.appendingPathComponent(relativePath)
            if fm.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
