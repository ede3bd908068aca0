import Foundation

/// Paces the albums screen's reloads while the first scan streams albums in. A reload presents the library and
/// updates the screen's snapshot: in the usual case the new albums are appended in place (time in proportion to
/// the albums appended, plus the collection view's batch update over every stack), else the snapshot is rebuilt
/// and diffed (time in proportion to all the albums). One per loop turn would still leave the UI thread little
/// time for frames while a big library is scanned. The first albums show at once; the albums found after a
/// reload wait until `interval` has passed since it (0.1 s at least). After a rebuild the interval is four times
/// what it cost (1 s at most), so rebuilds take at most about a fifth of the UI thread while frames keep their
/// pace. After an append it is `appendInterval` (0.03 s): an append costs what the scan found since the last one
/// (plus a pass over the stacks' counts: ~0.1 ms for 5,000 stacks), so waiting longer saves nothing — it only makes
/// the next append longer (a longer stall of the frames) and leaves more albums to append when the scan ends, when
/// the time until the screen says the scan is done is that append's. (Scaled by cost, a scan that finds albums
/// faster than a quarter of the UI thread appends them pushed the interval to its 1 s cap: 2,000–3,000 albums of a
/// 5,000-album library were appended after the scan's end; at 0.1 s apart, 1,000–1,900 were: 40–80 ms of UI thread
/// after the scan's end, before the screen could say it was done.)
/// The scan's end and the watcher's updates are applied at once (not paced).
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

    /// Shortest and longest wait between reloads after a rebuild, seconds.
    static let minimumInterval = 0.1, maximumInterval = 1.0
    /// The wait after an append, seconds.
    static let appendInterval = 0.03

    /// Records a reload done at `time` that took `cost` seconds of the UI thread; `appended`: it appended the albums
    /// found since the last one (its cost was theirs) rather than rebuilding the snapshot.
    mutating func didReload(at time: Double, cost: Double, appended: Bool = false) {
        last = time
        interval = appended ? Self.appendInterval : min(Self.maximumInterval, max(Self.minimumInterval, 4 * cost))
        due = nil
    }

    /// Seconds of the UI thread since `start` (a monotonic clock in nanoseconds), to pass as a reload's cost.
    static func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
