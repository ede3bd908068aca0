/// Summary of per-frame CPU times, milliseconds.
public struct FrameStats: Codable, Sendable, Equatable {
    public var frames: Int
    public var p50Milliseconds: Double
    public var p99Milliseconds: Double
    public var maxMilliseconds: Double
    public var meanMilliseconds: Double
    /// Frames over 8.3 ms (a 120 Hz budget) and over 16.7 ms (a 60 Hz budget).
    public var over8_3ms: Int
    public var over16_7ms: Int

    /// Statistics of `milliseconds` (nearest-rank percentiles).
    public init(milliseconds: [Double]) {
        let sorted = milliseconds.sorted()
        func rank(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let i = Int((q * Double(sorted.count)).rounded(.up)) - 1
            return sorted[min(max(i, 0), sorted.count - 1)]
        }
        frames = sorted.count
        p50Milliseconds = rank(0.5)
        p99Milliseconds = rank(0.99)
        maxMilliseconds = sorted.last ?? 0
        meanMilliseconds = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
        over8_3ms = sorted.filter { $0 > 8.3 }.count
        over16_7ms = sorted.filter { $0 > 16.7 }.count
    }
}
