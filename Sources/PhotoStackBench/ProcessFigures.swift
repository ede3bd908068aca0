import Foundation
import Glibc

/// Process and thread figures read from the kernel: CPU time of the calling thread, peak RSS.
public enum ProcessFigures {
    /// CPU time used by the calling thread so far, seconds (CLOCK_THREAD_CPUTIME_ID).
    public static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// CPU time used by all threads of this process so far, seconds (CLOCK_PROCESS_CPUTIME_ID).
    public static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// A field of /proc/PID/status (or /proc/self/status) in its unit (kB for Vm* fields), nil if absent.
    public static func statusField(_ name: String, pid: Int32? = nil) -> Int? {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        return statusField(name, path: path)
    }

    static func statusField(_ name: String, path: String) -> Int? {
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }.first
        }
        return nil
    }

    /// Peak resident set size of this process (VmHWM), bytes.
    public static func peakRSSBytes() -> Int { (statusField("VmHWM") ?? 0) * 1024 }

    /// Resident set size now (VmRSS), bytes.
    public static func rssBytes() -> Int { (statusField("VmRSS") ?? 0) * 1024 }

    /// Resets VmHWM to the current RSS (writes "5" to /proc/self/clear_refs); false when not permitted.
    @discardableResult
    public static func resetPeakRSS() -> Bool {
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    }

    /// utime + stime of process `pid` from /proc/PID/stat, seconds (all threads).
    public static func processCPUSeconds(pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the ")" start at field 3 (state); utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let u = Double(fields[11]), let s = Double(fields[12]) else { return nil }
        return (u + s) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Voluntary and involuntary context switches of every thread of `pid`, by thread id.
    public static func contextSwitches(pid: Int32) -> [String: (voluntary: Int, involuntary: Int)] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var out: [String: (voluntary: Int, involuntary: Int)] = [:]
        for t in tasks {
            let path = "/proc/\(pid)/task/\(t)/status"
            guard let v = statusField("voluntary_ctxt_switches", path: path),
                  let n = statusField("nonvoluntary_ctxt_switches", path: path) else { continue }
            out[t] = (v, n)
        }
        return out
    }
}
