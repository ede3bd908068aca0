import Foundation
import XCTest

/// The session's processes from outside: the app's exit status and stderr, its CPU time, the X server
/// (killing it), and X properties of the window.
extension AppSession {
    /// The app's process id, or nil before start / after `stop()`.
    var appPID: Int32? { appProcess?.processIdentifier }

    /// Everything the app wrote to stderr so far.
    var appStandardError: String {
        FileManager.default.contents(atPath: stderrPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Waits (bounded, `timeout` seconds) for the app to exit; returns its exit status, or nil if it still runs.
    /// A death by signal is reported as 128 + the signal number, as a shell would.
    func waitForAppExit(timeout: Double) -> Int32? {
        guard let a = appProcess else { return nil }
        guard Self.poll(timeout: timeout, { !a.isRunning }) else { return nil }
        return a.terminationReason == .uncaughtSignal ? 128 + a.terminationStatus : a.terminationStatus
    }

    /// Sends `signal` to the X server (SIGKILL: it vanishes without closing its clients' connections).
    func killServer(signal: Int32 = SIGKILL) {
        guard let x = xvfbProcess, x.isRunning else { return }
        kill(x.processIdentifier, signal)
    }

    /// `xprop -id WINDOW PROPERTIES...` output, one "NAME(TYPE) = value" entry per property.
    func xprop(_ properties: [String]) throws -> String {
        try run("/usr/bin/xprop", ["-id", windowID] + properties)
    }

    /// The app's CPU time so far (user + system, all threads), seconds, from /proc/PID/stat; nil once it is gone.
    var appCPUSeconds: Double? { appPID.flatMap(Self.cpuSeconds(pid:)) }

    /// utime + stime of a process, seconds (clock-tick resolution, usually 10 ms), from /proc/PID/stat.
    static func cpuSeconds(pid: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // After "pid (comm)": field 3 is state; utime and stime are fields 14 and 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        return (utime + stime) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits (bounded) until the state file has not been rewritten for `quiet` seconds and reports
    /// `animating` false; returns that state.
    func waitUntilSettled(quiet: Double = 0.5, timeout: Double = 10) -> AppStateReading? {
        var settled: AppStateReading?
        Self.poll(timeout: timeout) {
            guard let attrs = try? FileManager.default.attributesOfItem(atPath: statePath),
                  let modified = attrs[.modificationDate] as? Date,
                  Date().timeIntervalSince(modified) >= quiet,
                  let s = state(), !s.animating else { return false }
            settled = s
            return true
        }
        return settled
    }
}

extension AppSession {
    /// A field of the app's /proc/PID/status in kB ("VmRSS", "VmHWM"), as bytes; nil once it is gone.
    func appMemory(_ field: String) -> Int? {
        guard let pid = appPID, let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
    }

    /// Resets the app's peak RSS (VmHWM) to its current RSS (writes 5 to /proc/PID/clear_refs); false if not
    /// permitted.
    @discardableResult
    func resetAppPeakMemory() -> Bool {
        guard let pid = appPID, let h = FileHandle(forWritingAtPath: "/proc/\(pid)/clear_refs") else { return false }
        defer { try? h.close() }
        return (try? h.write(contentsOf: Data("5".utf8))) != nil
    }
}
