import Foundation

/// Figures from one `ThumbnailBench.run`. Times in seconds, sizes in bytes.
public struct ThumbnailBenchResult: Codable, Sendable {
    public var folder: String
    public var photos: Int
    /// Longest side requested, pixels.
    public var pixelSize: Int
    public var workers: Int
    /// How many photos make the "first screen" (requested at visible priority first).
    public var firstScreenCount: Int
    /// Time to scan the folder.
    public var scanSeconds: Double
    /// Cold = empty temporary thumbnail directory and empty memory cache.
    public var coldFirstScreenSeconds: Double
    public var coldAllSeconds: Double
    /// Warm = the same thumbnail directory, an empty memory cache (a second launch).
    public var warmFirstScreenSeconds: Double
    public var warmAllSeconds: Double
    /// Peak resident set (VmHWM) during the cold and the warm phase; 0 when unavailable.
    public var coldPeakRSSBytes: Int
    public var warmPeakRSSBytes: Int
    /// Whether the page cache was dropped before the cold phase (needs root).
    public var droppedPageCache: Bool
    /// CPU time (user + system, all threads of the process) spent in the cold and the warm phase, seconds:
    /// steadier than the wall times on a shared machine.
    public var coldCPUSeconds: Double = 0
    public var warmCPUSeconds: Double = 0
    public var failures: Int
    /// Result counts by `LoadSource` raw value.
    public var coldSources: [String: Int]
    public var warmSources: [String: Int]
}
