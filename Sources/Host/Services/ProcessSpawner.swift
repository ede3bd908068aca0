import Foundation

/// Starts programs without waiting for them on the loop thread (GLib's `g_spawn_async`): the lookup in PATH, the
/// fork/exec and the wait for the exit run on a background queue, so the loop thread neither touches the file
/// system nor blocks. A program that is not installed, cannot be started or exits with a failure status is
/// reported to `failed` (and once on stderr).
public enum ProcessSpawner {
    private static let queue = DispatchQueue(label: "photostack.spawn", qos: .utility, attributes: .concurrent)

    /// Starts `program` (a name looked up in PATH, or a path) with `arguments`; stdin, stdout are /dev/null, stderr
    /// is the app's. Returns at once; `failed` gets a sentence on a background thread when it did not work.
    public static func spawn(_ program: String, arguments: [String], failed: @escaping @Sendable (String) -> Void = { _ in }) {
        queue.async {
            func fail(_ sentence: String) {
                FileHandle.standardError.write(Data("photostack: \(sentence)\n".utf8))
                failed(sentence)
            }
            guard let path = program.contains("/") ? program : locate(program) else {
                fail(notInstalled(program))
                return
            }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: path)
            p.arguments = arguments
            p.standardInput = FileHandle.nullDevice
            p.standardOutput = FileHandle.nullDevice
            do {
                try p.run()
                p.waitUntilExit()   // reaps the child (on this background queue)
                if p.terminationStatus != 0 {
                    fail("\((program as NSString).lastPathComponent) could not do it (exit status \(p.terminationStatus))")
                }
            } catch {
                fail("cannot start \(program): \(error.localizedDescription)")
            }
        }
    }

    /// What is said when `program` is not in PATH ("xdg-open is not installed (package xdg-utils)").
    public static func notInstalled(_ program: String) -> String {
        let package = ["xdg-open": "xdg-utils"][program]
        return "\(program) is not installed" + (package.map { " (package \($0))" } ?? "")
    }

    /// The executable `name` in PATH, or nil.
    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
