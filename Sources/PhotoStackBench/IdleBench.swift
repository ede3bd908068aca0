import Foundation
import Glibc

/// Figures of one `IdleBench` run.
public struct IdleBenchResult: Codable, Sendable {
    public var display: String
    public var windowWidth: Int, windowHeight: Int
    public var albums: Int, photos: Int
    /// Seconds waited after launch until the app's CPU time stopped growing (photos loaded, first frames drawn).
    public var settleSeconds: Double
    public var measuredSeconds: Double
    /// CPU time (utime + stime, all threads) used during the measured span, seconds, and as a share of one core.
    public var cpuSeconds: Double
    public var percentOfCore: Double
    /// Context switches of all the app's threads during the span (each voluntary one is a wake-up).
    public var voluntaryContextSwitches: Int, involuntaryContextSwitches: Int
    public var threads: Int
    /// True when a thread started or ended during the span.
    public var threadsStartedOrEnded: Bool
    /// The clock tick of /proc/PID/stat, seconds (the CPU figure's resolution).
    public var cpuTickSeconds: Double
}

/// Starts its own Xvfb on a free display, opens `photostack` on a small generated library as a child process,
/// waits until it settles, then measures the CPU time and context switches of the open window over
/// `seconds` of no input, from /proc/PID/stat and /proc/PID/task/*/status.
public enum IdleBench {
    public static func run(seconds: Double = 5, albums: Int = 12, photosPerAlbum: Int = 5,
                           executable: String = "/proc/self/exe") throws -> IdleBenchResult {
        let library = try BenchLibrary.jpegs(albums: albums, photosPerAlbum: photosPerAlbum, width: 640, height: 480, distinct: 8)
        defer { library.remove() }
        let home = NSTemporaryDirectory() + "photostack-bench-idle-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }

        guard let n = (90..<250).first(where: { n in
            !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") && !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
        }) else { throw BenchError("no free X display between :90 and :249") }
        let display = ":\(n)"
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = [display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"]
        xvfb.standardOutput = FileHandle.nullDevice
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        defer { xvfb.terminate(); xvfb.waitUntilExit() }
        let socketDeadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") {
            guard Date() < socketDeadline, xvfb.isRunning else { throw BenchError("Xvfb \(display) did not start") }
            Thread.sleep(forTimeInterval: 0.05)
        }

        let app = Process()
        app.executableURL = URL(fileURLWithPath: executable)
        app.arguments = ["open", library.root, "--size", "1280x800", "--scale", "1"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["XDG_CACHE_HOME"] = home
        app.environment = env
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { app.terminate(); app.waitUntilExit() } }
        let pid = app.processIdentifier

        // Settled: at least 2 s after launch and no CPU time used over the last second (at most 30 s).
        let launched = Date()
        var last = ProcessFigures.processCPUSeconds(pid: pid) ?? 0
        var quietSince = Date()
        while Date().timeIntervalSince(launched) < 30 {
            Thread.sleep(forTimeInterval: 0.25)
            guard app.isRunning else { throw BenchError("photostack exited (status \(app.terminationStatus)) under Xvfb") }
            let now = ProcessFigures.processCPUSeconds(pid: pid) ?? 0
            if now != last { last = now; quietSince = Date() }
            if Date().timeIntervalSince(launched) >= 2 && Date().timeIntervalSince(quietSince) >= 1 { break }
        }
        let settle = Date().timeIntervalSince(launched)
        let cpu0 = ProcessFigures.processCPUSeconds(pid: pid) ?? 0
        let cs0 = ProcessFigures.contextSwitches(pid: pid)
        let t0 = Date()
        Thread.sleep(forTimeInterval: seconds)
        let cpu1 = ProcessFigures.processCPUSeconds(pid: pid) ?? 0
        let cs1 = ProcessFigures.contextSwitches(pid: pid)
        let span = Date().timeIntervalSince(t0)
        guard app.isRunning else { throw BenchError("photostack exited during the measurement") }
        let cpu = cpu1 - cpu0
        // Threads alive at both ends (a thread that ended or started in between is counted as a change).
        var voluntary = 0, involuntary = 0
        for (tid, b) in cs1 {
            guard let a = cs0[tid] else { voluntary += b.voluntary; involuntary += b.involuntary; continue }
            voluntary += b.voluntary - a.voluntary
            involuntary += b.involuntary - a.involuntary
        }
        let threadsChanged = Set(cs0.keys) != Set(cs1.keys)
        return IdleBenchResult(display: display, windowWidth: 1280, windowHeight: 800, albums: albums,
                               photos: library.photoCount, settleSeconds: settle, measuredSeconds: span,
                               cpuSeconds: cpu, percentOfCore: cpu / span * 100,
                               voluntaryContextSwitches: voluntary, involuntaryContextSwitches: involuntary,
                               threads: cs1.count, threadsStartedOrEnded: threadsChanged, cpuTickSeconds: 1 / Double(sysconf(Int32(_SC_CLK_TCK))))
    }
}
