import Foundation

/// Runs a child process (posix_spawn, waitpid) and collects its output. Its peak RSS is what the child reports
/// from its own /proc/self/status (VmHWM): the kernel's ru_maxrss of a spawned child also counts the parent's
/// memory it was spawned from.
enum ChildProcess {
    struct Failure: Error { var message: String }

    /// (exit status, standard output + error).
    static func run(_ arguments: [String], environment extra: [String: String]) throws -> (Int32, String) {
        let outPath = NSTemporaryDirectory() + "photostack-child-\(UUID().uuidString).txt"
        defer { unlink(outPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw Failure(message: "posix_spawn: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(message: "waitpid: \(String(cString: strerror(errno)))") }
        }
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exit, output)
    }
}

extension ChildProcess {
    /// This process's peak RSS (VmHWM in /proc/self/status), bytes.
    static func ownPeakRSS() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
        }
        return 0
    }
}
