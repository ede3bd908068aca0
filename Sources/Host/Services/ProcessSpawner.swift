import Foundation

/// Starts programs without waiting for them on the loop thread (GLib's `g_spawn_async`): the lookup in PATH, the
/// fork/exec and the wait for the exit run on a background queue, so the loop thread neither touches the file
/// system nor blocks; a program that cannot be started is reported once on stderr.
public enum ProcessSpawner {
    private static let queue = DispatchQueue(label: "photostack.spawn", qos: .utility, attributes: .concurrent)

    /// Starts `program` (a name looked up in PATH, or a path) with `arguments`; stdin, stdout are /dev/null, stderr
    /// is the app's. Returns at once.
    public static func spawn(_ program: String, arguments: [String]) {
        queue.async {
            let p = Process()
            if program.contains("/") {
                p.executableURL = URL(fileURLWithPath: program)
                p.arguments = arguments
            } else {
                p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                p.arguments = [program] + arguments
            }
            p.standardInput = FileHandle.nullDevice
            p.standardOutput = FileHandle.nullDevice
            do {
                try p.run()
                p.waitUntilExit()   // reaps the child (on this background queue)
            } catch {
                FileHandle.standardError.write(Data("photostack: cannot start \(program): \(error)\n".utf8))
            }
        }
    }
}
