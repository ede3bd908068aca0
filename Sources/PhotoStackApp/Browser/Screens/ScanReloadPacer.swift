import Foundation

/// Paces the albums screen's reloads while the first scan streams albums in. A reload presents the library and
/// updates the screen's snapshot: in the usual case the new albums are appended in place (time in proportion to
/// them, plus the collection view's batch update over every stack), else the snapshot is rebuilt and diffed (time
/// in proportion to the albums). One per loop turn would still leave the UI thread little time for frames while a
/// big library is scanned. The first albums show at once; the albums found after a reload wait until
/// `interval` has passed since it, the interval being four times what that reload cost (0.1 s at least, 1 s at
/// most), so reloads take at most about a fifth of the UI thread while frames keep their pace. The scan's end
/// and the watcher's updates are applied at once (not paced).
struct ScanReloadPacer {
    /// Host-clock seconds of the last reload, and the wait after it (seconds).
    private var last = -Double.infinity
    private var interval = 0.0
    /// When a reload is waiting: the host-clock time (seconds) it is due.
    private(set) var due: Double?

    /// True when a reload may run at `time`; otherwise the reload is remembered as due.
    mutating func mayReload(at time: Double) -> Bool {
        if time - last >= interval { return true }
        due = last + interval
        return false
    }

    /// Records a reload done at `time` that took `cost` seconds of the UI thread.
    mutating func didReload(at time: Double, cost: Double) {
        last = time
        interval = min(1, max(0.1, 4 * cost))
        due = nil
    }

    /// Seconds of the UI thread since `start` (a monotonic clock in nanoseconds), to pass as a reload's cost.
    static func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
