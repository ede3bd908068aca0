import Foundation

/// One line of the app's frame log: a drawn frame.
struct FrameReading {
    /// Frame-clock time of the frame, seconds.
    var t: Double
    /// UI-thread CPU for the frame, milliseconds.
    var cpuMs: Double
    var screen: String
    /// Content offset drawn, points.
    var x: Double, y: Double
    /// Input handled before the frame: "kind@seconds".
    var events: [String]
    /// Costly work done in the frame (`work` in the log: counters that grew, e.g. "uiCards"; empty when none).
    var work: [String: Int] = [:]

    /// The frame-clock time of the first event of `kind` ("down", "up", "wheel") handled before this frame.
    func time(of kind: String) -> Double? {
        for e in events {
            let parts = e.split(separator: "@")
            if parts.count == 2, parts[0] == kind, let t = Double(parts[1]) { return t }
        }
        return nil
    }
}

extension AppSession {
    /// Every frame logged so far (the log is written by a background thread, so the newest may be missing).
    func frames() -> [FrameReading] {
        guard let text = try? String(contentsOfFile: frameLogPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let t = o["t"] as? Double, let y = o["y"] as? Double else { return nil }
            return FrameReading(t: t, cpuMs: o["cpuMs"] as? Double ?? 0, screen: o["screen"] as? String ?? "",
                                x: o["x"] as? Double ?? 0, y: y, events: o["events"] as? [String] ?? [],
                                work: o["work"] as? [String: Int] ?? [:])
        }
    }

    /// Polls the frame log until `condition` holds for the frames logged so far (at most `timeout` seconds).
    func waitForFrames(timeout: Double = 10, _ condition: ([FrameReading]) -> Bool) -> [FrameReading]? {
        var found: [FrameReading]?
        Self.poll(timeout: timeout) {
            let f = frames()
            guard condition(f) else { return false }
            found = f
            return true
        }
        return found
    }
}
