import Foundation
import XCTest

/// A real window manager for the session (openbox from Debian's `openbox` package, scripts/install-deps.sh test):
/// it reparents and decorates the window and resizes it interactively (Alt + right-button drag), sending
/// `_NET_WM_SYNC_REQUEST` for every step — the live resize a user does by dragging a window edge.
extension AppSession {
    static let openbox = "/usr/bin/openbox"

    /// Skips the test when openbox is missing.
    static func requireWindowManager() throws {
        guard FileManager.default.isExecutableFile(atPath: openbox) else {
            throw XCTSkip("\(openbox) is not installed (scripts/install-deps.sh test)")
        }
    }

    /// Starts openbox on the session's display with a configuration of its own (resize redraws the window, no size
    /// pop-up, Alt + right drag resizes from the nearest corner, new windows at the top left) and waits (bounded)
    /// until it runs.
    func startWindowManager() throws -> Process {
        try Self.requireWindowManager()
        let config = tempDir.appendingPathComponent("openbox-rc.xml")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <openbox_config xmlns="http://openbox.org/3.4/rc">
              <resize><drawContents>yes</drawContents><popupShow>Never</popupShow></resize>
              <mouse>
                <dragThreshold>1</dragThreshold>
                <context name="Frame">
                  <mousebind button="A-Right" action="Press"><action name="Focus"/><action name="Raise"/></mousebind>
                  <mousebind button="A-Right" action="Drag"><action name="Resize"/></mousebind>
                </context>
              </mouse>
              <applications>
                <application class="PhotoStack"><position force="yes"><x>0</x><y>0</y></position></application>
              </applications>
            </openbox_config>
            """.utf8).write(to: config)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.openbox)
        p.arguments = ["--config-file", config.path]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["HOME"] = tempDir.path   // nothing of the user's openbox setup
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let running = Self.poll(timeout: 10) {
            (try? self.run("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]))?.contains("window id") == true || !p.isRunning
        }
        guard running, p.isRunning else {
            Self.stop(p)
            throw XCTSkip("openbox did not start")
        }
        return p
    }

    /// The window's position on the screen and size (pixels), from xdotool.
    func windowGeometry() throws -> (x: Int, y: Int, width: Int, height: Int) {
        let out = try run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", windowID])
        var v: [String: Int] = [:]
        for line in out.split(separator: "\n") {
            let kv = line.split(separator: "=")
            if kv.count == 2, let n = Int(kv[1]) { v[String(kv[0])] = n }
        }
        return (v["X"] ?? 0, v["Y"] ?? 0, v["WIDTH"] ?? 0, v["HEIGHT"] ?? 0)
    }

    /// A live resize by the window manager: Alt + right-button press near the window's bottom-right corner, the
    /// pointer moved by (`dx`, `dy`) pixels in `steps` equal moves, `each` called after every move (the test captures
    /// the window there), then the release.
    func dragResize(dx: Int, dy: Int, steps: Int, each: () throws -> Void) throws {
        let g = try windowGeometry()
        let x0 = g.x + g.width - 30, y0 = g.y + g.height - 30
        try xdotool(["mousemove", String(x0), String(y0), "keydown", "alt", "mousedown", "3"])
        defer { _ = try? xdotool(["mouseup", "3", "keyup", "alt"]) }
        for i in 1...steps {
            try xdotool(["mousemove", String(x0 + dx * i / steps), String(y0 + dy * i / steps)])
            try each()
        }
    }
}
