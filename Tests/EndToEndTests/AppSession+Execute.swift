import Foundation

/// What a finished program left: its exit status (or signal), stdout and stderr.
struct ProgramResult {
    var status: Int32
    var endedBySignal: Bool
    var out: String
    var err: String
}

extension AppSession {
    /// Runs `path` with `args` and `display` as DISPLAY (nil: unset) until it exits, collecting its output.
    /// stderr goes to a temporary file, so neither pipe can fill up and dead-lock the wait.
    static func execute(_ path: String, _ args: [String], display: String?) throws -> ProgramResult {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        p.environment = env
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("ps-stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let errHandle = try FileHandle(forWritingTo: errURL)
        let out = Pipe()
        p.standardOutput = out
        p.standardError = errHandle
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try? errHandle.close()
        let e = (try? Data(contentsOf: errURL)) ?? Data()
        return ProgramResult(status: p.terminationStatus, endedBySignal: p.terminationReason != .exit,
                             out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
    }
}
