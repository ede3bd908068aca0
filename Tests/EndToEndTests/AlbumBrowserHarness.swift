import Foundation
import XCTest

/// Runs the real `photostack` binary (.build/debug/photostack, built with `swift build`) in its own Xvfb
/// server, drives it with xdotool and reads its `--state` JSON. Tests skip when a tool is missing.
final class AlbumBrowserHarness {
    private(set) var display = ""
    let statePath: String
    let workDir: String
    private var xvfb: Process?
    private var app: Process?
    private(set) var windowID = ""

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    static var binary: String { packageRoot.appendingPathComponent(".build/debug/photostack").path }

    static func tool(_ name: String) -> String? {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        return nil
    }

    init() throws {
        for t in ["Xvfb", "xdotool", "xwd", "convert"] where Self.tool(t) == nil { throw XCTSkip("\(t) is not installed") }
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { throw XCTSkip("build first: swift build (\(Self.binary))") }
        workDir = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: workDir, withIntermediateDirectories: true)
        statePath = workDir + "/state.json"
        let x = Process()
        x.executableURL = URL(fileURLWithPath: Self.tool("Xvfb")!)
        // -displayfd: the server picks a free display number and writes it to our pipe (other sessions on
        // this machine run their own servers; never talk to theirs).
        x.arguments = ["-displayfd", "1", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"]
        let out = Pipe()
        x.standardOutput = out
        x.standardError = FileHandle.nullDevice
        try x.run()
        xvfb = x
        var number = ""
        while !number.hasSuffix("\n") {
            let d = out.fileHandleForReading.availableData
            if d.isEmpty { break }
            number += String(decoding: d, as: UTF8.self)
        }
        let n = number.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !n.isEmpty, Int(n) != nil else { throw Timeout(what: "Xvfb's display number") }
        display = ":" + n
        try waitFor("the X server", timeout: 10) { self.run("xdotool", ["getdisplaygeometry"]) != nil }
    }

    deinit { stop() }

    func stop() {
        if let app, app.isRunning { app.terminate(); app.waitUntilExit() }
        if let xvfb, xvfb.isRunning { xvfb.terminate(); xvfb.waitUntilExit() }
        app = nil; xvfb = nil
        try? FileManager.default.removeItem(atPath: workDir)
    }

    /// Starts photostack with `arguments` (plus --state) and waits for its window and first state.
    func launch(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary)
        p.arguments = arguments + ["--state", statePath]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["XDG_CACHE_HOME"] = workDir + "/cache"
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        app = p
        try waitFor("the window", timeout: 15) {
            guard let id = self.run("xdotool", ["search", "--pid", String(p.processIdentifier), "--class", "PhotoStack"])?
                .split(separator: "\n").first else { return false }
            self.windowID = String(id)
            return true
        }
        try waitFor("the first state", timeout: 15) { self.state() != nil }
    }

    /// Runs a tool on our display; its stdout, or nil when it failed.
    @discardableResult
    func run(_ tool: String, _ args: [String]) -> String? {
        guard let path = Self.tool(tool) else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// The state JSON as a dictionary, or nil if not (yet) readable.
    func state() -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: statePath) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Polls `condition` every 50 ms of wall time until it holds (end-to-end tests wait for a real process).
    func waitFor(_ what: String, timeout: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw Timeout(what: what) }
            usleep(50_000)
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var description: String { "timed out waiting for \(what)" }
    }

    /// Waits until the state satisfies `condition`; returns that state.
    @discardableResult
    func waitForState(_ what: String, timeout: Double = 10, _ condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        var found: [String: Any]?
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let s = state(), condition(s) { found = s; break }
            usleep(30_000)
        }
        guard let found else {
            let s = state()
            throw Timeout(what: "\(what) (last state: screen \(s?["screen"] ?? "-"), animating \(s?["animating"] ?? "-"), "
                          + "offset \(s?["contentOffset"] ?? "-"), layout \(s?["layout"] ?? "-"))")
        }
        return found
    }

    func click(x: Double, y: Double) {
        run("xdotool", ["mousemove", "--window", windowID, String(Int(x)), String(Int(y))])
        usleep(80_000)
        run("xdotool", ["click", "1"])
    }

    func key(_ name: String) { run("xdotool", ["key", name]) }

    /// A screenshot of the window's area (the screen's top-left `width` × `height`) saved as PNG; returns
    /// the number of distinct colours in it (a blank window has a handful).
    func screenshot(to path: String, width: Int, height: Int) throws -> Int {
        guard let shell = Self.tool("sh") else { throw XCTSkip("no sh") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: shell)
        p.arguments = ["-c", "xwd -root -silent | convert xwd:- -crop \(width)x\(height)+0+0 +repage '\(path)'"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        p.environment = env
        try p.run()
        p.waitUntilExit()
        guard let colours = run("convert", [path, "-format", "%k", "info:"]).flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        else { throw Timeout(what: "identify \(path)") }
        return colours
    }
}
