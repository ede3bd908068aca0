import Foundation
import XCTest

/// Screenshots of the app's window: `xwd` of the window piped into ImageMagick's `convert`.
extension AppSession {
    /// Skips the test when xwd or convert are missing (x11-apps, imagemagick: scripts/install-deps.sh).
    static func requireScreenshotTools() throws {
        for tool in ["/usr/bin/xwd", "/usr/bin/convert"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (scripts/install-deps.sh)")
        }
    }

    /// Saves the window's current pixels (its whole size now, pixels) as a PNG at `path` and returns the
    /// number of distinct colours in it: a blank or single-colour window has a handful, a drawn one thousands.
    @discardableResult
    func screenshot(to path: String) throws -> Int {
        try Self.requireScreenshotTools()
        let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        try run("/bin/sh", ["-c", "/usr/bin/xwd -silent -id \(windowID) | /usr/bin/convert xwd:- \(quoted)"])
        let out = try run("/usr/bin/convert", [path, "-format", "%k", "info:"])
        return try XCTUnwrap(Int(out.trimmingCharacters(in: .whitespacesAndNewlines)), "colour count of \(path): \(out)")
    }

    /// `screenshot(to:)` into the session's temporary folder as `name` (removed by `stop()`).
    @discardableResult
    func screenshot(named name: String) throws -> Int {
        try screenshot(to: tempDir.appendingPathComponent(name).path)
    }
}
