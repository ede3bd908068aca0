import Foundation
import XCTest

/// The desktop around the window: the trash of the session (`XDG_DATA_HOME` inside `tempDir`), the CLIPBOARD read
/// back with xclip, and screenshots of the whole screen (the context menu is a window of its own). The window
/// manager is `AppSession+WindowManager.swift`'s.
extension AppSession {
    /// The session's XDG_DATA_HOME: its trash is `dataHome/Trash`.
    var dataHome: String { tempDir.appendingPathComponent("data").path }

    /// Skips the test when openbox or xclip is missing (scripts/install-deps.sh test).
    static func requireDesktopTools() throws {
        for tool in ["/usr/bin/openbox", "/usr/bin/xclip", "/usr/bin/xprop"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (scripts/install-deps.sh test)")
        }
    }

    /// The CLIPBOARD's `target` as bytes (xclip), or nil when nobody answers within `timeout` seconds.
    func clipboard(_ target: String, timeout: Double = 20) throws -> Data? {
        let r = try Self.execute("/usr/bin/timeout", [String(Int(timeout)), "/usr/bin/xclip", "-selection", "clipboard", "-t", target, "-o"],
                                 display: display)
        return r.status == 0 ? Data(r.out.utf8) : nil
    }

    /// The CLIPBOARD's `target` written to `path` (binary safe), true when xclip succeeded.
    func clipboard(_ target: String, to path: String, timeout: Double = 20) throws -> Bool {
        let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let r = try Self.execute("/bin/sh", ["-c", "/usr/bin/timeout \(Int(timeout)) /usr/bin/xclip -selection clipboard -t \(target) -o > \(quoted)"],
                                 display: display)
        return r.status == 0
    }

    /// The whole screen as a PNG at `path` (the menu is a window above the app's).
    func screenshotOfScreen(to path: String) throws {
        try Self.requireScreenshotTools()
        let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        try run("/bin/sh", ["-c", "/usr/bin/xwd -silent -root | /usr/bin/convert xwd:- \(quoted)"])
    }
}
