import Foundation
import XCTest

/// One end-to-end session: a private Xvfb server and `photostack` running in it with `--state`, driven
/// with xdotool. Everything it starts is stopped in `stop()` (also from `deinit`), even when a test fails.
/// Waiting is bounded polling of the state file; nothing asserts on a fixed sleep.
/// The app's stderr is kept in a file (`appStandardError`); its process and the X server's are exposed
/// (`appProcess`, `xvfbProcess`) so tests can check exit statuses and kill the server (see
/// `AppSession+Processes.swift`).
/// Other aspects live in extensions: input (`AppSession+Input.swift`: click, key, resize, window name),
/// screenshots of the window (`AppSession+Screenshot.swift`), states that must come (`AppSession+Expect.swift`).
/// A state is read as an `AppStateReading`.
final class AppSession {
    /// Window size used by the sessions, points (scale 1).
    let width: Int, height: Int
    let display: String
    let statePath: String
    /// The app's frame log (`PHOTOSTACK_FRAME_LOG`): one JSON line per frame (see `AppSession+Frames.swift`).
    let frameLogPath: String
    private var xvfb: Process?
    private var app: Process?
    /// The window manager, when the session runs one (`windowManager: true`).
    private var wm: Process?
    /// The app process (also after it has exited, until `stop()`), for its pid and exit status.
    private(set) var appProcess: Process?
    /// The Xvfb process (until `stop()`).
    private(set) var xvfbProcess: Process?
    /// Where the app's stderr goes.
    let stderrPath: String
    private(set) var windowID = ""
    let tempDir: URL

    /// The repository root (this file is Tests/EndToEndTests/AppSession.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `.build/debug/photostack`, or `$PHOTOSTACK_BIN`.
    static var binary: String {
        ProcessInfo.processInfo.environment["PHOTOSTACK_BIN"] ?? root.appendingPathComponent(".build/debug/photostack").path
    }

    /// Skips the test when Xvfb, xdotool or the binary are missing.
    static func requireTools() throws {
        for tool in ["/usr/bin/Xvfb", "/usr/bin/xdotool"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (scripts/install-deps.sh)")
        }
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw XCTSkip("\(binary) is missing: run `swift build` first")
        }
    }

    /// Starts Xvfb and `photostack ARGS --state FILE --size WxH --scale S`, and waits (bounded) for the window
    /// and a first state.
    /// - Parameters:
    ///   - scale: passed as `--scale`; nil passes none, so the app picks its scale from the X server.
    ///   - resources: X resources (e.g. "Xft.dpi:\t192") put on the root window (RESOURCE_MANAGER) before launch.
    ///   - screen: the X screen's size, pixels; nil makes it the window's size. Give a larger one when the
    ///     test grows the window (e.g. with `xdotool windowsize`) and screenshots it.
    ///   - windowManager: run openbox on the display before the app starts (`AppSession+WindowManager.swift`).
    ///   - environment: variables set for the app last (e.g. an XDG_CONFIG_HOME shared by two sessions).
    ///   - displayProfile: an ICC profile put on the root window (`_ICC_PROFILE`) before launch.
    ///   - passesSize: false launches without `--size` (the app picks its size: the remembered one).
    ///   - workingDirectory: the app's current directory (default: the test's).
    ///   - binary: the photostack to run (default `AppSession.binary`), e.g. a copy away from the repository.
    /// The app's XDG_CACHE_HOME, XDG_DATA_HOME (its trash) and XDG_CONFIG_HOME (its settings) are folders inside
    /// `tempDir`, so thumbnails, trashed photos and settings never leak between runs or into the user's.
    init(arguments: [String], width: Int = 1024, height: Int = 768, scale: Double? = 1, resources: String? = nil,
         screen: (width: Int, height: Int)? = nil, windowManager: Bool = false, environment: [String: String] = [:],
         displayProfile: String? = nil, passesSize: Bool = true, workingDirectory: String? = nil, binary: String? = nil) throws {
        try Self.requireTools()
        self.width = width
        self.height = height
        tempDir = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tempDir, withIntermediateDirectories: true)
        statePath = tempDir.appendingPathComponent("state.json").path
        frameLogPath = tempDir.appendingPathComponent("frames.jsonl").path
        stderrPath = tempDir.appendingPathComponent("stderr.txt").path
        FileManager.default.createFile(atPath: stderrPath, contents: nil)
        // A free display number: no socket and no lock file; Xvfb fails if another run took it meanwhile — retry.
        var chosen: (String, Process)?
        for _ in 0..<20 {
            let n = Int.random(in: 180...899)
            guard !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)"),
                  !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") else { continue }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            p.arguments = [":\(n)", "-screen", "0", "\(screen?.width ?? width)x\(screen?.height ?? height)x24", "-nolisten", "tcp", "-noreset"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            if Self.poll(timeout: 5, { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") || !p.isRunning }), p.isRunning {
                chosen = (":\(n)", p)
                break
            }
            Self.stop(p)
        }
        guard let (display, server) = chosen else { throw XCTSkip("could not start Xvfb") }
        self.display = display
        xvfb = server
        xvfbProcess = server
        if let resources {
            do { try run("/usr/bin/xprop", ["-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", resources]) }
            catch { stop(); throw error }
        }
        if let displayProfile {
            do { try setDisplayProfile(displayProfile) } catch { stop(); throw error }
        }
        if windowManager {
            do { wm = try startWindowManager() } catch { stop(); throw error }
        }
        let a = Process()
        a.executableURL = URL(fileURLWithPath: binary ?? Self.binary)
        if let workingDirectory { a.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        a.arguments = arguments + ["--state", statePath] + (passesSize ? ["--size", "\(width)x\(height)"] : [])
            + (scale.map { ["--scale", "\($0)"] } ?? [])
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["PHOTOSTACK_SCALE"] = nil  // the scale comes from `scale` or the server's resources only
        env["XDG_CACHE_HOME"] = tempDir.appendingPathComponent("cache").path
        // The trash and the settings of the session are its own too (`dataHome`, `configHome`).
        env["XDG_DATA_HOME"] = tempDir.appendingPathComponent("data").path
        env["XDG_CONFIG_HOME"] = tempDir.appendingPathComponent("config").path
        env["PHOTOSTACK_FRAME_LOG"] = frameLogPath
        env.merge(environment) { $1 }
        a.environment = env
        a.standardOutput = FileHandle.nullDevice
        a.standardError = FileHandle(forWritingAtPath: stderrPath) ?? FileHandle.nullDevice
        do { try a.run() } catch { stop(); throw error }
        app = a
        appProcess = a
        guard Self.poll(timeout: 15, { self.findWindow() && self.state() != nil }) else {
            stop()
            XCTFail("photostack did not show a window and a state file within 15 s")
            throw XCTSkip("no window")
        }
    }

    deinit { stop() }

    /// Stops the app and the X server (idempotent) and removes the temporary folder.
    func stop() {
        if let a = app { Self.stop(a); app = nil }
        if let w = wm { Self.stop(w); wm = nil }
        if let x = xvfb { Self.stop(x); xvfb = nil }
        appProcess = nil
        xvfbProcess = nil
        try? FileManager.default.removeItem(at: tempDir)
    }

    /// SIGTERM, then SIGKILL after 3 s, and reap.
    static func stop(_ p: Process) {
        guard p.isRunning else { return }
        p.terminate()
        if !poll(timeout: 3, { !p.isRunning }) {
            kill(p.processIdentifier, SIGKILL)
            _ = poll(timeout: 3, { !p.isRunning })
        }
    }

    /// Polls `condition` every 5 ms until it holds or `timeout` seconds pass; true when it held.
    @discardableResult
    static func poll(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return condition()
    }

    var appIsRunning: Bool { app?.isRunning ?? false }

    private func findWindow() -> Bool {
        guard let out = try? run("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "PhotoStack"]) else { return false }
        guard let id = out.split(separator: "\n").first.map(String.init), !id.isEmpty else { return false }
        windowID = id
        return true
    }

    /// Runs a program with DISPLAY set; returns stdout. Throws on a non-zero exit.
    @discardableResult
    func run(_ path: String, _ args: [String]) throws -> String {
        let r = try Self.execute(path, args, display: display)
        guard r.status == 0, !r.endedBySignal else {
            throw NSError(domain: "e2e", code: Int(r.status),
                          userInfo: [NSLocalizedDescriptionKey: "\(path) \(args) exited with \(r.status)"])
        }
        return r.out
    }

    /// Puts `profile` (an ICC file) on the root window as the display's profile; nil removes it
    /// (scripts/set-display-profile.py, as colord's xiccd does).
    func setDisplayProfile(_ profile: String?) throws {
        try run("/usr/bin/python3", [Self.root.appendingPathComponent("scripts/set-display-profile.py").path] + (profile.map { [$0] } ?? []))
    }

    /// xdotool with the given command chain (coordinates: use `move(x, y)` helpers below).
    func xdotool(_ args: [String]) throws { try run("/usr/bin/xdotool", args) }

    /// xdotool arguments moving the pointer to window pixel (x, y) (= points at scale 1).
    func move(_ x: Double, _ y: Double) -> [String] {
        ["mousemove", "--window", windowID, String(Int(x.rounded())), String(Int(y.rounded()))]
    }

    // MARK: State

    /// The state JSON now, or nil when it cannot be read.
    func state() -> AppStateReading? {
        guard let data = FileManager.default.contents(atPath: statePath),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return AppStateReading(json: json)
    }

    /// Polls the state until `condition` holds (at most `timeout` seconds).
    func waitForState(timeout: Double = 10, _ condition: (AppStateReading) -> Bool) -> AppStateReading? {
        var found: AppStateReading?
        Self.poll(timeout: timeout) {
            guard let s = state(), condition(s) else { return false }
            found = s
            return true
        }
        return found
    }

    /// Samples the state file every ~`interval` seconds for up to `timeout` seconds, keeping each distinct
    /// write, until `stop` holds for a sample.
    func sample(interval: Double = 0.005, timeout: Double = 10, until stop: (AppStateReading) -> Bool) -> [AppStateReading] {
        var out: [AppStateReading] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let s = state() {
                if out.last?.raw != s.raw { out.append(s) }
                if stop(s) { break }
            }
            Thread.sleep(forTimeInterval: interval)
        }
        return out
    }
}
